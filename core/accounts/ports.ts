// What the accounts module needs from the database: users and their sessions.
import type { Instant, Role, Session, User } from '../model.ts';

/** A new account: every field of a user, given by the caller (ids and codes come from core's use cases). */
export type NewUser = User;

export interface UserChanges {
  email?: string;
  displayName?: string;
  role?: Role;
  googleSub?: string;
  verifiedEmail?: string;
}

export interface UserRepository {
  /**
   * Also creates the user's zeroed PlayerStats row. Throws DomainError EMAIL_TAKEN when the contact e-mail
   * is another's contact e-mail, or the verified e-mail another's verified e-mail (case-insensitive).
   */
  create(user: NewUser): Promise<User>;
  byId(id: string): Promise<User | null>;
  /**
   * Inside a write: locks the user's row until the write ends (PostgreSQL: FOR UPDATE) and returns the
   * user as last committed, or null when deleted. Work that must not interleave with the account's
   * deletion (entries, claims) takes it; lock the game first (games.lock) when both are needed.
   */
  lock(id: string): Promise<User | null>;
  /** By contact e-mail, case-insensitive. */
  byEmail(email: string): Promise<User | null>;
  /** By the sign-in's verified e-mail, case-insensitive. */
  byVerifiedEmail(email: string): Promise<User | null>;
  byGoogleSub(sub: string): Promise<User | null>;
  byReferralCode(code: string): Promise<User | null>;
  /**
   * Throws DomainError EMAIL_TAKEN when another user has the e-mail as contact or verified e-mail, or
   * the verified e-mail as verified e-mail (case-insensitive): nobody squats a signed-in address.
   * A contact e-mail that changes (other than in letter case) is no longer confirmed.
   */
  update(id: string, fields: UserChanges): Promise<User>;
  /** The player's mail switches and whether the contact e-mail is confirmed; all false for an unknown user. */
  mailSettings(id: string): Promise<MailSettings>;
  setMailSettings(id: string, changes: Partial<MailSettings>): Promise<void>;
  /** Removes the user row only; the account-deletion use case removes the rest first. */
  delete(id: string): Promise<void>;
  count(): Promise<{ users: number; bots: number }>;
  /** Bot users ordered by id (`bot:0001`, …). */
  listBots(): Promise<User[]>;
}

/** Per-player mail state (DESIGN.md §15). */
export interface MailSettings {
  /** Turned off mails that are not about money (the claim reminder, a win without a prize). */
  newsOptOut: boolean;
  /** Turned on the daily reminder on days not yet played. */
  dailyReminder: boolean;
  /** The contact e-mail was confirmed by its link (the sign-in e-mail needs no link). */
  contactEmailConfirmed: boolean;
}

/** One link that confirms a contact e-mail: only the token's hash is stored. */
export interface EmailConfirmation {
  tokenHash: string;
  userId: string;
  /** The address the link was sent to: it confirms that address only. */
  email: string;
  createdAt: Instant;
  expiresAt: Instant;
}

export interface EmailConfirmationRepository {
  add(confirmation: EmailConfirmation): Promise<void>;
  byTokenHash(tokenHash: string): Promise<EmailConfirmation | null>;
  /** Links made for the user at or after `since` (the daily cap counts them). */
  countSince(userId: string, since: Instant): Promise<number>;
  /** Every link of the user: used up once one of them confirms. */
  deleteForUser(userId: string): Promise<void>;
  /** The user's links that expired before `now`. */
  deleteExpired(userId: string, now: Instant): Promise<void>;
  /** Retention (DESIGN.md §20): every link that expired before `now`, whoever's; returns how many. */
  pruneExpired(now: Instant): Promise<number>;
}

export interface SessionRepository {
  create(session: Session): Promise<void>;
  /** The session and its account, in one read: every signed-in request asks. Null when either is gone. */
  withUser(tokenHash: string): Promise<{ session: Session; user: User } | null>;
  /** Slides the expiry. */
  extend(tokenHash: string, expiresAt: Instant): Promise<void>;
  delete(tokenHash: string): Promise<void>;
  deleteForUser(userId: string): Promise<void>;
  deleteExpired(now: Instant): Promise<number>;
  /** The player's sessions, oldest first (the data export shows when each began and was last used, never a hash). */
  forUser(userId: string): Promise<Session[]>;
}
