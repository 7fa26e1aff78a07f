// What bonus entries need from the database.
import type {
  BonusEntry,
  GameKey,
  Instant,
} from '../model.ts';

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
}
