// What the game module needs from the database: the games, and the close's per-number tallies of a game.
import type { Game, GameDate, GameKey, GameStats, HistogramRow, Instant } from '../model.ts';

/** A row lock a read inside a write takes (PostgreSQL FOR SHARE / FOR UPDATE; SQLite's write holds the database). */
export type RowLock = 'share' | 'update';

/**
 * The repositories a game's close uses (core/game/close.ts): resolution, the winning and its mail, the counters,
 * the rewards, the guilds, the fairness record and the integrity flags. The tallies stand in for the entries.
 */
export type CloseRepos =
  | 'users'
  | 'games'
  | 'bonusEntries'
  | 'rewards'
  | 'mines'
  | 'playerStats'
  | 'prizes'
  | 'winnings'
  | 'guilds'
  | 'outbox'
  | 'fairness'
  | 'integrity'
  | 'tallies';

export interface GameRepository {
  /** Throws DomainError CONFLICT when the key exists; the unit of work stays usable (a concurrent create may have won). */
  create(game: Game): Promise<Game>;
  byKey(key: GameKey): Promise<Game | null>;
  /**
   * Inside a write: locks the game's row until the write ends and returns it as last committed
   * (PostgreSQL: FOR SHARE or FOR UPDATE). 'share' for work that needs the game to stay open (entries,
   * mines, account deletion), which may run side by side; 'update' for the close, which waits for them.
   */
  lock(key: GameKey, mode: RowLock): Promise<Game | null>;
  /** The date's game with the highest number, or null; with `lock`, inside a write, locked as `lock` does. */
  latestForDate(date: GameDate, lock?: RowLock): Promise<Game | null>;
  /** Open games whose closesAt ≤ now, soonest first. */
  listDue(now: Instant): Promise<Game[]>;
  listOpen(): Promise<Game[]>;
  /**
   * Marks an open game closed and stores its stats, in one statement guarded by `status = 'open'`.
   * Returns false (and writes nothing) when the game was not open: another close won the race.
   */
  markClosed(key: GameKey, closedAt: Instant, stats: GameStats): Promise<boolean>;
  /** The stored stats of a closed game. */
  stats(key: GameKey): Promise<GameStats | null>;
  /** Games newest first (by closesAt, then number), at most `limit`. */
  history(limit: number): Promise<Game[]>;
  latestClosed(): Promise<Game | null>;
  /**
   * What a close or a new game changes, read without a game's stats: the key of the newest game (history's order) and
   * the latest closedAt; null for none.
   */
  latestChange(): Promise<{ latestGame: GameKey | null; latestClose: Instant | null }>;
}

// The close's tallies: small set-based counts over one aggregation of the game's entries per number. The rules that
// combine them (DESIGN.md §6) live in close-resolution.ts, once.
export interface TallyTotals {
  /** Entries in the game. */
  entries: number;
  /** The sum of every entry's number (exact: at most 2^31 × entries). */
  sum: number;
  /** Distinct numbers picked. */
  distinct: number;
  /** The highest number picked; null for an empty game. */
  highest: number | null;
  /** How many entries the most-picked number has; 0 for an empty game. */
  topCount: number;
  /** Numbers picked by exactly one entry and not mined. */
  uniques: number;
}

/** A number's tally as results read it: how many entries picked it and, when unique, its rank (1 = lowest). */
export interface NumberTally {
  count: number;
  uniqueRank: number | null;
}

export interface EntryHolder {
  entryId: string;
  userId: string | null;
  number: number;
}

export interface NumberTallies {
  /**
   * Counts the game's entries per number once, with `minedNumbers` knocked out of the unique ranks,
   * replacing any earlier count of the game. Written by the close in its unit of work and kept: every
   * read below, and a closed game's results, use it. Entries of a closed game never change numbers.
   */
  countNumbers(gameKey: GameKey, minedNumbers: readonly number[]): Promise<void>;
  totals(gameKey: GameKey): Promise<TallyTotals>;
  /** The lowest `limit` unique (picked once, not mined) numbers, ascending. */
  lowestUniques(gameKey: GameKey, limit: number): Promise<number[]>;
  /** The number of the entry at `offset` (0-based) when every entry is ordered by number; null past the end. */
  numberAtOffset(gameKey: GameKey, offset: number): Promise<number | null>;
  /** The lowest positive whole number nobody picked. */
  lowestUnpicked(gameKey: GameKey): Promise<number>;
  /**
   * Counted numbers ascending: those picked exactly `count` times, or all but those (`exceptCount`),
   * or all; at most `limit` rows (none given: every one).
   */
  rows(gameKey: GameKey, filter: { count?: number; exceptCount?: number; limit?: number }): Promise<HistogramRow[]>;
  /** The entries on the given numbers (from the entries themselves: counted or not). */
  holders(gameKey: GameKey, numbers: readonly number[]): Promise<EntryHolder[]>;
  /**
   * The stored tallies of the given numbers, or null when the game has not been counted (closed
   * before migration 0006) or one of the numbers has no tally.
   */
  storedTallies(gameKey: GameKey, numbers: readonly number[]): Promise<Map<number, NumberTally> | null>;
  /**
   * Who earns Peak (the rule is core/rewards/peak-earners.ts): the players holding a counted unique number (picked
   * once, not mined) other than `exceptNumber`, each once, ascending. Entries of deleted accounts count for nobody.
   */
  uniqueHolders(gameKey: GameKey, exceptNumber: number | null): Promise<string[]>;
}
