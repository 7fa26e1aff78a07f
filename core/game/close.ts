// The close with everything it grants: resolve, mark closed, the fairness tree, the winning and its mail, the player
// and guild counters and what they earned.
import type { Deps } from '../deps.ts';
import type { GameConfig } from '../config.ts';
import type { Game, GameKey, GameStats, Resolution } from '../model.ts';
import type { Random, RepositoriesOf } from '../ports.ts';
import type { TreeFolding } from '../fairness/ports.ts';
import type { CloseRepos } from './ports.ts';
import { DomainError } from '../errors.ts';
import { prizeForDate } from '../prizes/prize-for-date.ts';
import { earnRewards } from '../rewards/earn.ts';
import { STREAK_MILESTONE_LENGTHS, streakEarners } from '../rewards/streak-milestones.ts';
import { grantBonusEntry } from '../entries/bonus-entries.ts';
import { queueMailTo, winnerMail } from '../mail/notifications.ts';
import { commitTree, feedTree, storeTreeOnce, treeBound } from '../fairness/tree-v2-record.ts';
import { flagWinners, retentionStart } from '../integrity/integrity.ts';
import { resolveFromTallies } from './close-resolution.ts';
import { currentGame, requireDate } from './current-game.ts';
import { previousDate } from './calendar.ts';

export const HISTOGRAM_LIMIT = 1000;

export interface CloseOutcome {
  gameKey: GameKey;
  /** false when the game was already closed (by an earlier or a concurrent close). */
  closedNow: boolean;
  stats: GameStats | null;
}

/**
 * The close, inside the caller's unit of work: resolve, mark closed (the guard against a second close), the fairness
 * tree's keys handed to its fold (DESIGN.md §16, version 2), the integrity flags (§18), then the winning, the player
 * counters and what they earned, the guild counters. The keys are read here, so they are exactly the ones the result
 * counted; their hashing may go on after the unit, and the tree is stored in a unit of its own (closeGame).
 */
const closeIn = async (
  repos: RepositoriesOf<CloseRepos>,
  game: Game,
  now: Date,
  cfg: GameConfig,
  random: Random,
  startFold: (bound: number | null) => TreeFolding,
): Promise<boolean> => {
  const mined = await repos.mines.numbers(game.key);
  const resolution = await resolveFromTallies(repos.tallies, game.key, mined, HISTOGRAM_LIMIT);
  const stats: GameStats = {
    gameKey: game.key,
    snapshot: resolution.snapshot,
    histogram: resolution.histogram,
    histogramTruncated: resolution.histogramTruncated,
  };
  if (!(await repos.games.markClosed(game.key, now.toISOString(), stats))) return false;
  // The tree's keys beside what the close grants: all of them only read the entries, which no one can change while
  // the close holds the game (a store that can, PostgreSQL, reads the keys on another connection meanwhile). All are
  // awaited whatever happens, so nothing still runs in the unit when it commits or rolls back.
  const settled = await Promise.allSettled([
    feedTree(repos, startFold(treeBound(resolution.snapshot)), game.key),
    grantClose(repos, game, resolution.winner, now, cfg, random),
    flagWinners(repos, game.key, resolution, now),
  ]);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return true;
};

/** The winning and its mail, the player counters and what they earned, Peak, the guild counters. */
const grantClose = async (
  repos: RepositoriesOf<
    'users' | 'bonusEntries' | 'rewards' | 'playerStats' | 'prizes' | 'winnings' | 'guilds' | 'outbox' | 'tallies'
  >,
  game: Game,
  winner: Resolution['winner'],
  now: Date,
  cfg: GameConfig,
  random: Random,
): Promise<void> => {
  if (winner?.userId) {
    const prize = await prizeForDate(repos, game.date, cfg.currency);
    // A day without a prize still has a winner, just nothing to claim.
    const won = prize.status === 'active' ? prize.prize : null;
    if (won) {
      await repos.winnings.create({
        id: random.id(),
        gameKey: game.key,
        gameDate: game.date,
        userId: winner.userId,
        winningNumber: winner.number,
        prize: won,
        createdAt: now.toISOString(),
      });
    }
    // Written with the close: the winner hears of it exactly when the result exists.
    const user = await repos.users.byId(winner.userId);
    if (user) {
      const mail = winnerMail(
        { playerName: user.displayName, gameKey: game.key, gameDate: game.date, number: winner.number, prize: won },
        cfg.publicUrl,
      );
      await queueMailTo(repos, random, now.toISOString(), user, mail, won ? 'money' : 'news');
    }
  }

  const streaks = await repos.playerStats.applyClose({
    gameKey: game.key,
    date: game.date,
    previousDate: previousDate(game.date),
    winnerUserId: winner?.userId ?? null,
    milestones: [...STREAK_MILESTONE_LENGTHS],
  });
  for (const { milestone, userIds } of streakEarners(streaks)) {
    await earnRewards(repos, random, milestone.rewardType, userIds, now, game.key);
    if (milestone.bonusEntries === 0) continue;
    for (const userId of userIds)
      await grantBonusEntry(repos, random, { userId, sourceType: 'streak', now, entries: milestone.bonusEntries });
  }

  const peakEarners = await repos.tallies.uniqueHolders(game.key, winner?.number ?? null);
  await earnRewards(repos, random, 'peak', peakEarners, now, game.key);

  await repos.guilds.applyClose(game.key, winner?.entryId ?? null);
};

/**
 * Closes the game now (even before its deadline); a no-op when it is already closed. Two units: the close, then its
 * tree once folded. A process that stops between them leaves a closed game without a tree, which closeDueGames
 * builds again (repairTrees).
 */
export const closeGame = async (deps: Deps<CloseRepos>, key: GameKey): Promise<CloseOutcome> => {
  const now = deps.clock.now();
  const fold: { current: TreeFolding | null } = { current: null };
  const startFold = (bound: number | null): TreeFolding => {
    fold.current?.cancel();
    fold.current = deps.treeFolder(key, bound);
    return fold.current;
  };
  try {
    const closedNow = await deps.store.write(async (repos) => {
      // Waits for writes holding the game 'share' (entries, mines), so the resolution sees them all.
      const game = await repos.games.lock(key, 'update');
      if (!game) throw new DomainError('NOT_FOUND', `No game ${key}.`);
      if (game.status === 'closed') return false;
      return closeIn(repos, game, now, deps.config, deps.random, startFold);
    });
    if (closedNow && fold.current) {
      const tree = await fold.current.done();
      await deps.store.write((repos) => storeTreeOnce(repos, key, tree));
    }
    const stats = await deps.store.read((repos) => repos.games.stats(key));
    return { gameKey: key, closedNow, stats };
  } catch (error) {
    fold.current?.cancel();
    throw error;
  }
};

/**
 * A closed game still without a tree this long after its close was left by a close that stopped: a close folds a
 * million entries in seconds, and an instance must not fold a tree another instance's close is folding.
 */
export const TREE_REPAIR_AFTER_MS = 10 * 60_000;

/**
 * Builds and stores, on this thread, the tree of every game closed over TREE_REPAIR_AFTER_MS ago without one (a close
 * stopped between its two units).
 */
export const repairTrees = async (deps: Deps<'games' | 'fairness'>): Promise<GameKey[]> => {
  const closedBefore = new Date(deps.clock.now().getTime() - TREE_REPAIR_AFTER_MS).toISOString();
  const keys = await deps.store.read((repos) => repos.fairness.closedWithoutTree(closedBefore));
  for (const key of keys) {
    await deps.store.write(async (repos) => {
      const stats = await repos.games.stats(key);
      await commitTree(repos, deps.digest, key, stats?.snapshot ?? { winningNumber: null, secondPlaceNumber: null });
    });
  }
  return keys;
};

/** How long the outbox keeps a mail after it was sent, and a dead letter after it was queued (DESIGN.md §20). */
export const SENT_MAIL_RETENTION_DAYS = 30;
export const FAILED_MAIL_RETENTION_DAYS = 90;

/** What the daily pass deleted because its time was up (DESIGN.md §20). */
export interface Pruned {
  sessions: number;
  sentMails: number;
  failedMails: number;
  emailConfirmations: number;
}

export interface DailyClose {
  /** The games this pass closed, oldest first. */
  closed: GameKey[];
  pruned: Pruned;
}

const daysBefore = (now: Date, days: number): string => new Date(now.getTime() - days * 86_400_000).toISOString();

/**
 * The scheduled close: every open game past its deadline, oldest first, each in its own transaction. The same pass
 * deletes what is kept only for a while (DESIGN.md §20), so no table grows forever: expired sessions and e-mail
 * links, integrity signals past their 90 days, sent mails after 30 days and dead letters after 90.
 */
export const closeDueGames = async (
  deps: Deps<CloseRepos | 'sessions' | 'outbox' | 'emailConfirmations'>,
): Promise<DailyClose> => {
  const due = await deps.store.read((repos) => repos.games.listDue(deps.clock.now().toISOString()));
  const closed: GameKey[] = [];
  for (const game of due) {
    const outcome = await closeGame(deps, game.key);
    if (outcome.closedNow) closed.push(game.key);
  }
  await repairTrees(deps);
  await currentGame(deps);
  const now = deps.clock.now();
  const sessions = await deps.store.write((repos) => repos.sessions.deleteExpired(now.toISOString()));
  await deps.store.write((repos) => repos.integrity.deleteSignalsBefore(retentionStart(now)));
  const emailConfirmations = await deps.store.write((repos) =>
    repos.emailConfirmations.pruneExpired(now.toISOString()),
  );
  const mails = await deps.store.write((repos) =>
    repos.outbox.prune(daysBefore(now, SENT_MAIL_RETENTION_DAYS), daysBefore(now, FAILED_MAIL_RETENTION_DAYS)),
  );
  return { closed, pruned: { sessions, sentMails: mails.sent, failedMails: mails.failed, emailConfirmations } };
};

/** Admin compute: closes the date's latest game now; returns the stored result when it is closed already. */
export const computeGame = async (deps: Deps<CloseRepos>, date: string): Promise<CloseOutcome> => {
  const day = requireDate(date);
  const latest = await deps.store.read((repos) => repos.games.latestForDate(day));
  if (!latest) throw new DomainError('NOT_FOUND', `No game for ${day}.`);
  return closeGame(deps, latest.key);
};
