// The game's lifecycle: the current game, admin open, the close with everything it grants, and the
// read models of past games (history, statistics, results).
import type { Deps } from '../deps.ts';
import type { GameConfig } from '../config.ts';
import type { Entry, Game, GameDate, GameKey, GameStats, Prize } from '../model.ts';
import type { Digest, Random, Repositories } from '../ports.ts';
import { DomainError } from '../errors.ts';
import { prizeForDate } from '../prizes/prize-for-date.ts';
import { earnRewards } from '../rewards/earn.ts';
import { grantBonusEntry } from '../entries/bonus-entries.ts';
import { entryOutcomesIn, type EntryOutcomeView } from '../results/my-results.ts';
import { queueMailTo, winnerMail } from '../mail/notifications.ts';
import { commitRoot } from '../fairness/fairness.ts';
import { resolveFromTallies } from './close-resolution.ts';
import {
  closeInstantAfter,
  closeInstantBefore,
  closeInstantForDate,
  gameDateOf,
  gameKeyOf,
  isGameDate,
  parseGameKey,
  previousDate,
} from './calendar.ts';

export const HISTOGRAM_LIMIT = 1000;
/** Streak lengths whose multiples earn something: 3 → How Many; 7 → Mine and a bonus entry. */
const HOW_MANY_STREAK = 3;
const MINE_STREAK = 7;

export type EffectiveStatus = 'open' | 'closed';

export interface CurrentGame {
  game: Game;
  /** 'closed' when stored closed or the deadline has passed (the close job may not have run yet). */
  effectiveStatus: EffectiveStatus;
}

export const effectiveStatusOf = (game: Game, now: Date): EffectiveStatus =>
  game.status === 'closed' || now.toISOString() >= game.closesAt ? 'closed' : 'open';

const newGame = (date: GameDate, number: number, closesAt: Date, cfg: GameConfig): Game => ({
  key: gameKeyOf(date, number),
  date,
  number,
  status: 'open',
  opensAt: closeInstantBefore(closesAt, cfg).toISOString(),
  closesAt: closesAt.toISOString(),
  closedAt: null,
});

/**
 * Creates the game, or returns the one a concurrent write created first (PostgreSQL: the insert waited
 * for it and did nothing; the write goes on, as the port's CONFLICT leaves the transaction usable).
 */
const createOrFind = async (repos: Repositories, game: Game): Promise<Game> => {
  try {
    return await repos.games.create(game);
  } catch (error) {
    const raced = error instanceof DomainError && error.code === 'CONFLICT' ? await repos.games.byKey(game.key) : null;
    if (!raced) throw error;
    return raced;
  }
};

/** The current game inside a unit of work, created as the regular game of its date when missing. */
export const currentGameIn = async (repos: Repositories, now: Date, cfg: GameConfig): Promise<CurrentGame> => {
  const closesAt = closeInstantAfter(now, cfg);
  const date = gameDateOf(closesAt, cfg);
  const game = (await repos.games.latestForDate(date)) ?? (await createOrFind(repos, newGame(date, 1, closesAt, cfg)));
  return { game, effectiveStatus: effectiveStatusOf(game, now) };
};

export const GAME_CLOSED_MESSAGE = 'This game has closed.';

/**
 * The current game for work that needs it open (entries, mines, account deletion), locked 'share'
 * so that a close waits for this write and this write waits for a running close; GAME_CLOSED otherwise.
 * Take it before the user's lock: every write takes game locks first, so none deadlocks another.
 */
export const openGameIn = async (repos: Repositories, now: Date, cfg: GameConfig): Promise<Game> => {
  const { game } = await currentGameIn(repos, now, cfg);
  const locked = await repos.games.lock(game.key, 'share');
  if (!locked || effectiveStatusOf(locked, now) === 'closed') throw new DomainError('GAME_CLOSED', GAME_CLOSED_MESSAGE);
  return locked;
};

/** The game for the date of the next deadline: its latest game, created when none exists yet. */
export const currentGame = async (deps: Deps): Promise<CurrentGame> => {
  const now = deps.clock.now();
  const closesAt = closeInstantAfter(now, deps.config);
  const existing = await deps.store.read((repos) => repos.games.latestForDate(gameDateOf(closesAt, deps.config)));
  if (existing) return { game: existing, effectiveStatus: effectiveStatusOf(existing, now) };
  try {
    return await deps.store.write((repos) => currentGameIn(repos, now, deps.config));
  } catch (error) {
    // Another server instance created it between our read and our write: use theirs.
    if (!(error instanceof DomainError) || error.code !== 'CONFLICT') throw error;
    return deps.store.write((repos) => currentGameIn(repos, now, deps.config));
  }
};

export interface GameToday {
  gameDate: GameKey;
  serverNowISO: string;
  msUntilClose: number;
  effectiveStatus: EffectiveStatus;
  closesAtISO: string;
}

export const gameToday = async (deps: Deps): Promise<GameToday> => {
  const { game, effectiveStatus } = await currentGame(deps);
  const now = deps.clock.now();
  return {
    gameDate: game.key,
    serverNowISO: now.toISOString(),
    msUntilClose: effectiveStatus === 'open' ? Math.max(0, Date.parse(game.closesAt) - now.getTime()) : 0,
    effectiveStatus,
    closesAtISO: game.closesAt,
  };
};

const requireDate = (date: string): GameDate => {
  if (!isGameDate(date)) throw new DomainError('VALIDATION', 'Date must be a valid date in the form YYYY-MM-DD.');
  return date;
};

/**
 * Admin open: makes sure the date has an open game. Creates the regular game when the date has none,
 * an extra game `date-n` when the latest one was closed early and the date's deadline is still ahead.
 */
export const ensureGame = async (deps: Deps, date: string): Promise<Game> => {
  const day = requireDate(date);
  const now = deps.clock.now();
  const closesAt = closeInstantForDate(day, deps.config);
  return deps.store.write(async (repos) => {
    const latest = await repos.games.latestForDate(day);
    if (!latest) return repos.games.create(newGame(day, 1, closesAt, deps.config));
    if (latest.status === 'open') return latest;
    if (closesAt.getTime() <= now.getTime()) throw new DomainError('GAME_CLOSED', `The game of ${day} has closed.`);
    return repos.games.create({ ...newGame(day, latest.number + 1, closesAt, deps.config), opensAt: now.toISOString() });
  });
};

export interface CloseOutcome {
  gameKey: GameKey;
  /** false when the game was already closed (by an earlier or a concurrent close). */
  closedNow: boolean;
  stats: GameStats | null;
}

/**
 * The close, inside the caller's unit of work: resolve, mark closed (the guard against a second close),
 * the fairness root (DESIGN.md §16), then the winning, the player counters and what they earned, the guild counters.
 */
const closeIn = async (repos: Repositories, game: Game, now: Date, cfg: GameConfig, random: Random, digest: Digest): Promise<boolean> => {
  const mined = await repos.mines.numbers(game.key);
  const resolution = await resolveFromTallies(repos.tallies, game.key, mined, HISTOGRAM_LIMIT);
  const stats: GameStats = {
    gameKey: game.key,
    snapshot: resolution.snapshot,
    histogram: resolution.histogram,
    histogramTruncated: resolution.histogramTruncated,
  };
  if (!(await repos.games.markClosed(game.key, now.toISOString(), stats))) return false;
  await commitRoot(repos, digest, game.key);

  const winner = resolution.winner;
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
      const mail = winnerMail({ playerName: user.displayName, gameKey: game.key, gameDate: game.date, number: winner.number, prize: won }, cfg.publicUrl);
      await queueMailTo(repos, random, now.toISOString(), user, mail, won ? 'money' : 'news');
    }
  }

  const streaks = await repos.playerStats.applyClose({
    gameKey: game.key,
    date: game.date,
    previousDate: previousDate(game.date),
    winnerUserId: winner?.userId ?? null,
    milestones: [HOW_MANY_STREAK, MINE_STREAK],
  });
  const howMany = streaks.filter((s) => s.currentStreak % HOW_MANY_STREAK === 0).map((s) => s.userId);
  const mineEarners = streaks.filter((s) => s.currentStreak % MINE_STREAK === 0).map((s) => s.userId);
  await earnRewards(repos, random, 'how_many', howMany, now, game.key);
  await earnRewards(repos, random, 'mine', mineEarners, now, game.key);
  for (const userId of mineEarners) await grantBonusEntry(repos, random, { userId, sourceType: 'streak', now });

  const peakEarners = await repos.entries.uniqueNonWinningPlayers(game.key, mined, winner?.number ?? null);
  await earnRewards(repos, random, 'peak', peakEarners, now, game.key);

  await repos.guilds.applyClose(game.key, winner?.entryId ?? null);
  return true;
};

/** Closes the game now (even before its deadline); a no-op when it is already closed. */
export const closeGame = async (deps: Deps, key: GameKey): Promise<CloseOutcome> => {
  const now = deps.clock.now();
  const closedNow = await deps.store.write(async (repos) => {
    // Waits for writes holding the game 'share' (entries, mines), so the resolution sees them all.
    const game = await repos.games.lock(key, 'update');
    if (!game) throw new DomainError('NOT_FOUND', `No game ${key}.`);
    if (game.status === 'closed') return false;
    return closeIn(repos, game, now, deps.config, deps.random, deps.digest);
  });
  const stats = await deps.store.read((repos) => repos.games.stats(key));
  return { gameKey: key, closedNow, stats };
};

/** The scheduled close: every open game past its deadline, oldest first, each in its own transaction. */
export const closeDueGames = async (deps: Deps): Promise<GameKey[]> => {
  const due = await deps.store.read((repos) => repos.games.listDue(deps.clock.now().toISOString()));
  const closed: GameKey[] = [];
  for (const game of due) {
    const outcome = await closeGame(deps, game.key);
    if (outcome.closedNow) closed.push(game.key);
  }
  await currentGame(deps);
  // The daily pass also sweeps sessions nobody can use any more, so the table does not grow forever.
  await deps.store.write((repos) => repos.sessions.deleteExpired(deps.clock.now().toISOString()));
  return closed;
};

/** Admin compute: closes the date's latest game now; returns the stored result when it is closed already. */
export const computeGame = async (deps: Deps, date: string): Promise<CloseOutcome> => {
  const day = requireDate(date);
  const latest = await deps.store.read((repos) => repos.games.latestForDate(day));
  if (!latest) throw new DomainError('NOT_FOUND', `No game for ${day}.`);
  return closeGame(deps, latest.key);
};

export interface HistoryItem {
  gameDate: GameKey;
  status: 'open' | 'closed';
}

export const history = async (deps: Deps, limit = 14): Promise<{ items: HistoryItem[] }> => {
  const n = Number.isInteger(limit) ? Math.min(Math.max(limit, 1), 100) : 14;
  const games = await deps.store.read((repos) => repos.games.history(n));
  return { items: games.map((g) => ({ gameDate: g.key, status: g.status })) };
};

export interface EntryView {
  id: string;
  number: number;
  entryType: Entry['entryType'];
  submittedAt: string;
}

export const entryView = (e: Entry): EntryView => ({ id: e.id, number: e.number, entryType: e.entryType, submittedAt: e.submittedAt });

export interface DailyStats extends Omit<GameStats, 'gameKey'> {
  gameDate: GameKey;
  userSubmissions: EntryView[];
  /** The caller's entries with their outcome; [] for a visitor. */
  myOutcomes: EntryOutcomeView[];
  /** The fairness root stored by the close (DESIGN.md §16); null for games closed before receipts existed. */
  fairnessRoot: string | null;
}

/** Published statistics of a closed game, with the caller's own entries. */
export const dailyStats = async (deps: Deps, key: string, userId: string | null): Promise<DailyStats> => {
  const notYet = (): DomainError => new DomainError('NOT_FOUND', `No statistics for ${key} yet.`);
  if (!parseGameKey(key)) throw notYet();
  return deps.store.read(async (repos) => {
    const game = await repos.games.byKey(key);
    if (!game || game.status !== 'closed') throw notYet();
    const stats = await repos.games.stats(key);
    if (!stats) throw notYet();
    const mine = userId ? await repos.entries.forPlayer(key, userId) : [];
    const stored = await repos.fairness.storedRoot(key);
    return {
      gameDate: key,
      fairnessRoot: stored?.root ?? null,
      snapshot: stats.snapshot,
      histogram: stats.histogram,
      histogramTruncated: stats.histogramTruncated,
      userSubmissions: mine.map(entryView),
      myOutcomes: await entryOutcomesIn(repos, key, stats.snapshot, mine),
    };
  });
};

export type GameResult =
  | { gameDate: GameKey; status: 'open' }
  | {
      gameDate: GameKey;
      status: 'closed';
      winnerName: string | null;
      winningNumber: number | null;
      prize: Prize | null;
      entriesTotal: number;
    };

/** DESIGN.md §12: a closed game's winner, number, prize and entries; an open game only says so. */
export const gameResult = async (deps: Deps, key: string): Promise<GameResult> => {
  const game = key === 'today' ? (await currentGame(deps)).game : await deps.store.read((repos) => repos.games.byKey(key));
  if (!game) throw new DomainError('NOT_FOUND', `No game ${key}.`);
  if (game.status === 'open') return { gameDate: game.key, status: 'open' };
  return deps.store.read(async (repos) => {
    const stats = await repos.games.stats(game.key);
    const snapshot = stats?.snapshot;
    let winnerName: string | null = null;
    if (snapshot?.winningNumber != null) {
      // The winning number is unique in its game: one indexed read finds its entry.
      const [winner] = await repos.tallies.holders(game.key, [snapshot.winningNumber]);
      const user = winner?.userId ? await repos.users.byId(winner.userId) : null;
      winnerName = user?.displayName ?? 'Anonymous';
    }
    const winning = await repos.winnings.byGame(game.key);
    return {
      gameDate: game.key,
      status: 'closed',
      winnerName,
      winningNumber: snapshot?.winningNumber ?? null,
      prize: winning?.prize ?? null,
      entriesTotal: snapshot?.entriesTotal ?? 0,
    };
  });
};
