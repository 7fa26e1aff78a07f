// What entries, bonus entries and mines need from the database.
import type { BonusEntry, Entry, EntryType, GameKey, Instant, Mine, StoredSignature } from '../model.ts';

/** The repositories a submission's rule uses (core/entries/submit-entry.ts, submitInUnit). */
export type SubmitRepos = 'users' | 'games' | 'entries' | 'bonusEntries' | 'referrals' | 'integrity';

/**
 * A player's first pick of a game as a store's fast path takes it (DESIGN.md §19): the entry already sealed to the
 * game it expects, and the request's integrity signals.
 */
export interface StandardPick {
  /** The date whose latest game is the current one. */
  gameDate: string;
  /** The entry: standard, its `gameKey` the game it must land in. */
  entry: NewEntry;
  /** The request's signals, hashed (core/integrity/signals.ts), recorded for `day` with the entry. */
  signals: readonly { kind: 'device' | 'network'; hash: string }[];
  day: string;
}

/**
 * The submission's fast path: the common case of core/entries/submit-entry.ts's rule in as few statements as a store
 * can run it, one unit of its own (on PostgreSQL one statement, so one round trip).
 */
export interface PickFastPath {
  /**
   * Stores the pick's entry and its signals when the rule needs nothing else: the latest game of `gameDate` is
   * `entry.gameKey` and open at `entry.submittedAt`; the player exists, has no entry in that game and no pending
   * referral. Returns whether it did; when it did not, nothing changed, and the whole rule runs.
   */
  submitStandardPick(pick: StandardPick): Promise<boolean>;
}

export interface BonusEntryRepository {
  grant(bonus: BonusEntry): Promise<void>;
  /** Unexpired grants with remainingEntries > 0, soonest-expiring first. */
  available(userId: string, now: Instant): Promise<BonusEntry[]>;
  /**
   * Takes one entry from the grant if it still has one and has not expired (a conditional update);
   * returns false otherwise.
   */
  consume(id: string, now: Instant): Promise<boolean>;
  /** Deletes bot users' grants tied to the game; returns how many. */
  deleteBotGrants(gameKey: GameKey): Promise<number>;
  deleteForUser(userId: string): Promise<void>;
  /** Every grant of the player, spent and expired ones too, oldest first (the data export). */
  forUser(userId: string): Promise<BonusEntry[]>;
}

export interface NewEntry {
  id: string;
  gameKey: GameKey;
  userId: string;
  number: number;
  entryType: EntryType;
  submittedAt: Instant;
  salt: string;
  leaf: string;
  signature?: StoredSignature;
}

export interface EntryRepository {
  /**
   * Stores an entry. The database refuses, as DomainError:
   * DUPLICATE_NUMBER for a second entry with the same (game, user, number);
   * ENTRY_LIMIT for a second standard or a second bonus entry of one (game, user).
   */
  add(entry: NewEntry): Promise<Entry>;
  forPlayer(gameKey: GameKey, userId: string): Promise<Entry[]>;
  /**
   * The data export's pages: up to `limit` keys of the games the player has an entry or a mine in, after `after`
   * (null: from the first), in ascending key order.
   */
  gameKeysOfPlayer(userId: string, after: GameKey | null, limit: number): Promise<GameKey[]>;
  /** Number of entries the player has made in all games. */
  countForPlayer(userId: string): Promise<number>;
  /** Whether anyone other than `exceptUserId` has picked `number` in the game. */
  isPickedByOthers(gameKey: GameKey, number: number, exceptUserId: string): Promise<boolean>;
  /** How many entries of the game picked each of `numbers` (0 for a number nobody picked). */
  pickCounts(gameKey: GameKey, numbers: number[]): Promise<Map<number, number>>;
  /** How many numbers below `number` were picked exactly once in the game and are not mined (a unique entry's rank − 1). */
  uniqueNumbersBelow(gameKey: GameKey, number: number, minedNumbers: number[]): Promise<number>;
  /** Entries so far and numbers picked exactly once so far. */
  counts(gameKey: GameKey): Promise<{ totalNumbers: number; uniqueNumbers: number }>;
  /** Distinct players with an entry in the game. */
  playerIds(gameKey: GameKey): Promise<string[]>;
  /** Today's picks of the guild's members (oldest first). */
  forGuild(
    gameKey: GameKey,
    guildId: string,
  ): Promise<{ userId: string; playerName: string; number: number; submittedAt: Instant }[]>;
  /** Deletes the entries of bot users in the game; returns how many. */
  deleteBotEntries(gameKey: GameKey): Promise<number>;
  /**
   * Account deletion: detaches every entry of the user, in open games too (userId → null). A detached entry still
   * counts at the close and stays in the fairness tree, so its receipt stays INCLUDED; nobody can win with it.
   */
  detachFromUser(userId: string): Promise<void>;
}

export interface MineRepository {
  /** Throws DomainError MINE_ALREADY_USED when the player already mined this game. */
  place(mine: Mine): Promise<void>;
  forPlayer(gameKey: GameKey, userId: string): Promise<Mine | null>;
  /** Distinct mined numbers of the game, ascending. */
  numbers(gameKey: GameKey): Promise<number[]>;
  /** Account deletion: detaches every mine of the user, in open games too (it still knocks its number out at the close). */
  detachFromUser(userId: string): Promise<void>;
}
