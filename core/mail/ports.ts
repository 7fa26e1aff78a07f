// What the mail module needs from the database: the outbox, the daily reminder's marks and the link key (DESIGN.md §15).
import type { GameDate, Instant, MailStatus, OutboxMail, QueuedMail, User } from '../model.ts';

export interface OutboxRepository {
  /** Queues a mail: pending, due at once. */
  add(mail: OutboxMail): Promise<void>;
  /** Newest first; `status` filters (e.g. the dead letters). */
  list(limit: number, status?: MailStatus): Promise<QueuedMail[]>;
  /**
   * Claims up to `limit` due rows for one worker, in one statement that no other claim can share
   * (PostgreSQL: FOR UPDATE SKIP LOCKED): pending rows with nextAttemptAt ≤ now, and `sending` rows whose
   * claim expired (a worker died between send and mark). They become `sending` under `token` until
   * `claimedUntil`, attempts + 1. Oldest due first.
   */
  claimDue(now: Instant, claimedUntil: Instant, token: string, limit: number): Promise<QueuedMail[]>;
  /**
   * Ends a claim, only while `token` still holds it (false otherwise: the claim expired and another worker took it):
   * `sent` with sentAt, `pending` again at nextAttemptAt, or `failed`, with the error.
   */
  settle(
    id: string,
    token: string,
    outcome:
      | { status: 'sent'; at: Instant }
      | { status: 'pending'; nextAttemptAt: Instant; error: string }
      | { status: 'failed'; error: string },
  ): Promise<boolean>;
  /** Mails not yet sent nor failed (pending or sending), and dead letters. */
  queueStatus(): Promise<{ backlog: number; failed: number }>;
  /**
   * Account deletion: deletes every mail to one of `addresses` (compared case-insensitively), whatever its state:
   * an unsent one is never delivered, and no row keeps the address or the greeting by name. Returns how many.
   */
  deleteTo(addresses: readonly string[]): Promise<number>;
  /** Retention (DESIGN.md §20): deletes mails sent before `sentBefore` and failed mails queued before `failedBefore`. */
  prune(sentBefore: Instant, failedBefore: Instant): Promise<{ sent: number; failed: number }>;
}

export interface DailyReminderRepository {
  /** Up to `limit` players due the reminder of `gameDate`, by user id. */
  due(gameDate: GameDate, limit: number): Promise<User[]>;
  /**
   * Records the day's reminder of the player; false when one is already recorded (a unique key on player and date,
   * so two instances never both get true).
   */
  mark(userId: string, gameDate: GameDate, at: Instant): Promise<boolean>;
}

/** Secrets the database keeps for every instance alike (the key that signs the links in mails). */
export interface SigningKeyRepository {
  /** The key stored under `name`; stores `candidate` first when there is none, so every instance reads one key. */
  ensure(name: string, candidate: string, at: Instant): Promise<string>;
}
