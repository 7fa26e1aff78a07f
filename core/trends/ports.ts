// The read model behind the trends (DESIGN.md §17): set-based aggregates over the entries of closed
// games. The rules that choose the window, split it and bound the lists live in trend-rules.ts.
import type { GameDate, GameKey, Instant } from '../model.ts';

export interface TrendGame {
  key: GameKey;
  date: GameDate;
  number: number;
  winningNumber: number | null;
  /** Entries of the game (entries of closed games never change, so this equals the snapshot's). */
  entriesTotal: number;
}

export interface NumberCount {
  number: number;
  count: number;
}

/** Entries on a number in the older and in the newer half of a window. */
export interface NumberChange {
  number: number;
  before: number;
  after: number;
}

/** Whole numbers from..to, both included. */
export interface NumberRun {
  from: number;
  to: number;
}

export type ChangeDirection = 'rising' | 'falling';

export interface TrendQueries {
  /** What every trend depends on: how many games are closed and the latest closedAt. A close anywhere changes it. */
  closedVersion(): Promise<{ closedGames: number; lastClosedAt: Instant | null }>;
  /** The `count` latest distinct dates that have a closed game, newest first. */
  latestClosedDates(count: number): Promise<GameDate[]>;
  /** The closed games of these dates, oldest first (by date, then number). */
  closedGamesOf(dates: GameDate[]): Promise<TrendGame[]>;
  /** Entries per number over the games, ranked by mostPickedOrder; the first `limit`. */
  mostPicked(gameKeys: GameKey[], limit: number): Promise<NumberCount[]>;
  /**
   * Numbers whose entries in `newer` outnumber those in `older` ('rising'), or the reverse ('falling'),
   * ranked by changeOrder; the first `limit`.
   */
  changes(older: GameKey[], newer: GameKey[], direction: ChangeDirection, limit: number): Promise<NumberChange[]>;
  /** The first `limit` maximal runs of 1 … upTo that no entry of the games picked, ascending. */
  unpickedRuns(gameKeys: GameKey[], upTo: number, limit: number): Promise<NumberRun[]>;
}
