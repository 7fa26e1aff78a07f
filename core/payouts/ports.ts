// What winnings and payouts need from the database.
import type { AuditEntry, GameDate, GameKey, Instant, Payout, PayoutStatus, User, Winning } from '../model.ts';

export interface WinningRepository {
  /** Throws DomainError CONFLICT when the game already has a winning. */
  create(winning: Winning): Promise<void>;
  byId(id: string): Promise<Winning | null>;
  byGame(gameKey: GameKey): Promise<Winning | null>;
  /** The user's winnings with their payout (null while unclaimed), newest first. */
  forUser(userId: string): Promise<{ winning: Winning; payout: Payout | null }[]>;
  /** Unclaimed winnings (no payout) of existing players, recorded at or before `createdBefore`, not yet reminded; oldest first. */
  dueForReminder(createdBefore: Instant, limit: number): Promise<Winning[]>;
  /** Records that the claim reminder was queued; false when it already was (a concurrent pass won). */
  markReminded(id: string, at: Instant): Promise<boolean>;
  /**
   * Account deletion: detaches the user's winnings and their payouts (userId → null), which keep their amounts, dates,
   * notes, references and audit rows. A paid payout keeps its PayPal e-mail and preferred name as the payment's
   * record; any other loses them. The caller refuses the deletion while a payout is in progress.
   */
  detachFromUser(userId: string): Promise<void>;
}

/** What the payout list shows of a winner: the name, and what says which address their mails go to. */
export interface PayoutPlayer extends Pick<User, 'displayName' | 'email' | 'verifiedEmail' | 'isBot'> {
  contactEmailConfirmed: boolean;
}

export interface PayoutRepository {
  /** Throws DomainError ALREADY_CLAIMED when the winning already has a payout. */
  create(payout: Payout): Promise<void>;
  byId(id: string): Promise<Payout | null>;
  /** All payouts with the game date and the winner (null once the account is deleted), newest first. */
  list(): Promise<(Payout & { gameDate: GameDate; player: PayoutPlayer | null })[]>;
  /**
   * Moves a payout from `from` to `to` with a conditional update on the current status, setting
   * the given fields; false when the status was no longer `from` (a concurrent review won).
   */
  transition(
    id: string,
    from: PayoutStatus,
    to: PayoutStatus,
    fields: { reviewNotes: string | null; paymentReference: string | null; processedAt: Instant | null },
  ): Promise<boolean>;
  addAudit(entry: AuditEntry): Promise<void>;
  audit(payoutId: string): Promise<AuditEntry[]>;
  /** The newest `limit` audit entries that match, newest first (ties by id, descending), with what names them. */
  auditTrail(filter: AuditFilter, limit: number): Promise<PayoutAuditRow[]>;
  auditCount(filter: AuditFilter): Promise<number>;
}

/** Which audit entries an admin or operator asks for: `since` inclusive, `until` exclusive, null for no bound. */
export interface AuditFilter {
  since: Instant | null;
  until: Instant | null;
  adminId: string | null;
}

/** The name an audit trail shows for an admin: display name, else e-mail; null once the account is gone. */
export interface AuditActor {
  adminName: string | null;
}

export interface PayoutAuditRow extends AuditEntry, AuditActor {
  gameDate: GameDate | null;
  amountCents: number;
  currency: string;
  playerName: string | null;
}
