// The RANKINGS screen's read model: apart from the repositories the close writes through, because it only ever
// reads (and is the part a busy day asks for most).
import type { GameDate, GameKey, PlayerStats } from '../model.ts';

/** The player counters a ranking can order by. */
export type PlayerMetric = 'wins' | 'entries' | 'streak' | 'bestStreak';

export interface WinnerRow {
  gameKey: GameKey;
  gameDate: GameDate;
  playerName: string | null;
  amountCents: number | null;
  currency: string | null;
  winningNumber: number;
}

export interface LeaderboardQueries {
  /** Closed games with a winner, newest first: the RESULTS ranking. */
  latestWinners(limit: number): Promise<WinnerRow[]>;
  /**
   * Players with metric > 0 (bots included), ordered by the metric descending, then userId ascending, as of the last
   * close (counters change only there); names as they are now, deleted accounts left out. `limit` up to 200.
   */
  topPlayers(metric: PlayerMetric, limit: number): Promise<(PlayerStats & { playerName: string })[]>;
}
