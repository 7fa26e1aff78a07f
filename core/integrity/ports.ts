// What the integrity rules need from the database: the keyed signals per account and day, and the set-based reads
// the close expands a cluster with (shared signals, referrals, picks in the recent games).
import type { GameKey, HistogramRow } from '../model.ts';
import type { IntegrityEvidence, IntegrityFlag, RecordedKind, SignalHash } from './model.ts';

/** A device or network hash that `userId` shares with `otherId`. */
export interface SharedSignalRow {
  userId: string;
  otherId: string;
  kind: RecordedKind;
  /** For networks: the distinct days on which both accounts were seen on one uncrowded network. 0 for a device. */
  days: number;
}

export interface ReferralLink {
  referrerId: string;
  referredId: string;
}

export interface PickRow {
  userId: string;
  gameKey: GameKey;
  number: number;
}

/** A closed game as the pick pattern weighs it: how many entries it had and how they spread over the low numbers. */
export interface WindowGame {
  key: GameKey;
  entriesTotal: number;
  /** The stored histogram's rows (number order, the lowest numbers only); complete up to its last number. */
  histogram: HistogramRow[];
}

export interface IntegrityRepository {
  /** Records that `userId` was seen with these signals on `day` (YYYY-MM-DD, UTC); seen again the same day changes nothing. */
  record(userId: string, signals: readonly SignalHash[], day: string): Promise<void>;
  /**
   * The device and network signals `userIds` share with other accounts, seen on or after `sinceDay`. A network seen
   * with more than `crowd` accounts since then is left out: carrier NAT and big offices say nothing about who is who.
   */
  shared(userIds: readonly string[], sinceDay: string, crowd: number): Promise<SharedSignalRow[]>;
  /** Referrals made by or to any of `userIds`. */
  referrals(userIds: readonly string[]): Promise<ReferralLink[]>;
  /** The `count` most recently closed games up to and including `upTo` (by deadline), newest first. */
  windowGames(upTo: GameKey, count: number): Promise<WindowGame[]>;
  /** The entries of `userIds` in `gameKeys`. */
  picks(userIds: readonly string[], gameKeys: readonly GameKey[]): Promise<PickRow[]>;
  /** The game's `limit` lowest entries at or below `atMost` (number order). */
  lowPicks(gameKey: GameKey, atMost: number, limit: number): Promise<PickRow[]>;
  /** Stores a flag with its cluster's members; a second flag for the same game and role is a no-op. */
  saveFlag(flag: IntegrityFlag): Promise<void>;
  /** The winner's flag's evidence of each of these winnings that the close flagged, by winning id. */
  winnerEvidence(winningIds: readonly string[]): Promise<Map<string, IntegrityEvidence>>;
  /** The flags stored with a game (winner first). */
  flags(gameKey: GameKey): Promise<IntegrityFlag[]>;
  /** Forgets the signals last seen before `day` (the 90-day retention). */
  deleteSignalsBefore(day: string): Promise<void>;
}
