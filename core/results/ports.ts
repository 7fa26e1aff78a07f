// What a player's results need from the database: their latest closed game with everything its outcome is made of,
// read at once. The rules that turn it into outcomes and a claim (entry-outcome.ts, payouts/winnings.ts) stay core's.
import type { NumberTally } from '../game/ports.ts';
import type { Entry, GameKey, Payout, Prize, Snapshot, Winning } from '../model.ts';

/** One of the player's entries with its number's tally as the close stored it. */
export interface TalliedEntry extends Pick<Entry, 'id' | 'number' | 'entryType' | 'submittedAt'> {
  /** Null when the game was closed before the close stored its tallies (migration 0006). */
  tally: NumberTally | null;
}

/** The player's winning of a game, with what says whether it can still be claimed. */
export interface PlayerWinning extends Pick<Winning, 'userId'> {
  prize: Pick<Prize, 'prizeType' | 'amountCents' | 'currency'>;
  /** Null while unclaimed. */
  payout: Pick<Payout, 'status'> | null;
}

/** A closed game as one player's result reads it. */
export interface PlayerClosedGame {
  gameKey: GameKey;
  snapshot: Snapshot;
  /** The player's entries in the game, in submission order (time, then id); never empty. */
  entries: TalliedEntry[];
  winning: PlayerWinning | null;
}

export interface ResultQueries {
  /**
   * The closed game the player last entered (latest closesAt, then number) with the close's snapshot, the player's
   * entries and their tallies, and the player's winning of it; null when the player entered no closed game or that
   * game has no stored close. One read of the player's own rows, whatever the size of the game.
   */
  latestClosedGameOf(userId: string): Promise<PlayerClosedGame | null>;
}
