// The views of past games: the history list, a closed game's published statistics with the caller's own entries
// and outcomes, and a game's result.
import type { Deps } from '../deps.ts';
import type { RepositoriesOf } from '../ports.ts';
import type { Entry, GameKey, GameStats, Instant, Prize } from '../model.ts';
import { DomainError } from '../errors.ts';
import { entryOutcomesIn, type EntryOutcomeView } from '../results/my-results.ts';
import { currentGame } from './current-game.ts';
import { parseGameKey } from './calendar.ts';
import { isUnique } from './winning-rule.ts';

export interface HistoryItem {
  gameDate: GameKey;
  status: 'open' | 'closed';
}

export const history = async (deps: Deps<'games'>, limit = 14): Promise<{ items: HistoryItem[] }> => {
  const n = Number.isInteger(limit) ? Math.min(Math.max(limit, 1), 100) : 14;
  const games = await deps.store.read((repos) => repos.games.history(n));
  return { items: games.map((g) => ({ gameDate: g.key, status: g.status })) };
};

/** What the history and the leaderboards were built from: `key` changes at a close or when the next game is created. */
export interface PublicGeneration {
  key: string;
  /** The latest close's time; null before the first. */
  latestClose: Instant | null;
}

/** The generation of the history and the leaderboards, read without any game's stats. */
export const publicGeneration = async (repos: RepositoriesOf<'games'>): Promise<PublicGeneration> => {
  const { latestGame, latestClose } = await repos.games.latestChange();
  return { key: `${latestGame ?? '-'}@${latestClose ?? '-'}`, latestClose };
};

export interface EntryView {
  id: string;
  number: number;
  entryType: Entry['entryType'];
  submittedAt: string;
}

export const entryView = (e: Entry): EntryView => ({
  id: e.id,
  number: e.number,
  entryType: e.entryType,
  submittedAt: e.submittedAt,
});

export interface DailyStats extends Omit<GameStats, 'gameKey' | 'histogram'> {
  gameDate: GameKey;
  /** Each number's count, and whether it is unique (core/game/winning-rule.ts), so no client decides it again. */
  histogram: (GameStats['histogram'][number] & { unique: boolean })[];
  userSubmissions: EntryView[];
  /** The caller's entries with their outcome; [] for a visitor. */
  myOutcomes: EntryOutcomeView[];
  /** The fairness root stored by the close (DESIGN.md §16); null for games closed before receipts existed. */
  fairnessRoot: string | null;
}

/** Published statistics of a closed game, with the caller's own entries. */
export const dailyStats = async (
  deps: Deps<'games' | 'entries' | 'fairness' | 'tallies'>,
  key: string,
  userId: string | null,
): Promise<DailyStats> => {
  const notYet = (): DomainError => new DomainError('NOT_FOUND', `No statistics for ${key} yet.`);
  if (!parseGameKey(key)) throw notYet();
  return deps.store.read(async (repos) => {
    const game = await repos.games.byKey(key);
    if (!game || game.status !== 'closed') throw notYet();
    const stats = await repos.games.stats(key);
    if (!stats) throw notYet();
    const mine = userId ? await repos.entries.forPlayer(key, userId) : [];
    const stored = await repos.fairness.storedRoot(key);
    const mined = new Set(stats.snapshot.minedNumbers);
    return {
      gameDate: key,
      fairnessRoot: stored?.root ?? null,
      snapshot: stats.snapshot,
      histogram: stats.histogram.map((row) => ({ ...row, unique: isUnique(row.count, mined.has(row.number)) })),
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
export const gameResult = async (
  deps: Deps<'users' | 'games' | 'winnings' | 'tallies'>,
  key: string,
): Promise<GameResult> => {
  const game =
    key === 'today' ? (await currentGame(deps)).game : await deps.store.read((repos) => repos.games.byKey(key));
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
