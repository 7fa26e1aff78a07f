// The domain's entities as plain data. Instants are ISO-8601 UTC strings from Date#toISOString(),
// so they sort as text and store the same way in every database. Money is whole cents.

/** ISO-8601 UTC instant, always in the `YYYY-MM-DDTHH:mm:ss.sssZ` form of Date#toISOString(). */
export type Instant = string;
/** Calendar date `YYYY-MM-DD` in the configured date zone. */
export type GameDate = string;
/** A game's key: its date, or `YYYY-MM-DD-n` (n ≥ 2) for an extra numbered game of that date. */
export type GameKey = string;

export type Role = 'player' | 'admin';

export interface User {
  id: string;
  /** The contact e-mail: the profile edits it; mails go to it. Never an identity. */
  email: string;
  /**
   * The e-mail the sign-in vouched for (Google's verified address; dev sign-in, loopback only: the
   * typed one). ADMIN_EMAILS and `lowest users promote` match this one only. null for bots.
   */
  verifiedEmail: string | null;
  displayName: string;
  role: Role;
  /** Google `sub`, null for dev sign-in users and bots. */
  googleSub: string | null;
  referralCode: string;
  isBot: boolean;
  createdAt: Instant;
}

/** Per-player counters, updated by the close (the leaderboards read them). */
export interface PlayerStats {
  userId: string;
  wins: number;
  entries: number;
  currentStreak: number;
  bestStreak: number;
  /** Game date of the latest closed game the player entered. */
  lastPlayedDate: GameDate | null;
  /** Instant of the player's latest entry counted by a close. */
  lastPlayedAt: Instant | null;
}

export interface Session {
  tokenHash: string;
  userId: string;
  createdAt: Instant;
  expiresAt: Instant;
}

export type GameStatus = 'open' | 'closed';

export interface Game {
  key: GameKey;
  date: GameDate;
  /** 1 for the date's regular game, n ≥ 2 for extra games. */
  number: number;
  status: GameStatus;
  opensAt: Instant;
  closesAt: Instant;
  closedAt: Instant | null;
}

export interface Snapshot {
  entriesTotal: number;
  uniquesTotal: number;
  winningNumber: number | null;
  secondPlaceNumber: number | null;
  missedWinNumber: number | null;
  highestNumber: number | null;
  mostFrequentNumbers: number[];
  mostFrequentCount: number;
  median: number | null;
  average: number | null;
  minedNumbers: number[];
}

export interface HistogramRow {
  number: number;
  count: number;
}

export interface GameStats {
  gameKey: GameKey;
  snapshot: Snapshot;
  histogram: HistogramRow[];
  histogramTruncated: boolean;
}

/** What resolving a game yields: the stats plus who won and who came second. */
export interface Resolution extends GameStats {
  winner: { userId: string | null; entryId: string; number: number } | null;
  runnerUp: { userId: string | null; entryId: string; number: number } | null;
}

export type EntryType = 'standard' | 'bonus';

export interface Entry {
  id: string;
  gameKey: GameKey;
  /** null once the player deleted their account (closed games keep the entry). */
  userId: string | null;
  number: number;
  entryType: EntryType;
  submittedAt: Instant;
  /** 32 hex characters of randomness, and the leaf they give (DESIGN.md §16): the player's receipt. */
  salt: string;
  leaf: string;
  /** The game's signature of the receipt; absent on entries made before receipts were signed. */
  signature?: StoredSignature;
}

/** An Ed25519 signature of a receipt (DESIGN.md §16): the key's id and the signature, base64. */
export interface StoredSignature {
  keyId: string;
  sig: string;
}

export type BonusSource = 'referral' | 'streak' | 'other';

export interface BonusEntry {
  id: string;
  userId: string;
  sourceType: BonusSource;
  remainingEntries: number;
  grantedAt: Instant;
  expiresAt: Instant;
  /** Set for grants tied to one game (bots' bonus entries), so clearing bots can remove them. */
  gameKey: GameKey | null;
}

export type RewardType = 'peak' | 'mine' | 'how_many';

export interface RewardItem {
  id: string;
  userId: string;
  rewardType: RewardType;
  earnedAt: Instant;
  expiresAt: Instant;
  /** Game whose close granted it. */
  sourceGameKey: GameKey | null;
  usedAt: Instant | null;
  usedInGameKey: GameKey | null;
  /** What the use showed the player, kept for the usage history. */
  usedResult: Record<string, unknown> | null;
}

export interface Mine {
  id: string;
  gameKey: GameKey;
  userId: string;
  number: number;
  placedAt: Instant;
  /** As for entries: the salt and the leaf committed at the close (DESIGN.md §16). */
  salt: string;
  leaf: string;
  signature?: StoredSignature;
}

/** `not_eligible`: the two accounts are one cluster (DESIGN.md §18), so neither gets a bonus. */
export type ReferralStatus = 'pending' | 'completed' | 'not_eligible';

export interface Referral {
  id: string;
  referrerId: string;
  referredId: string;
  code: string;
  status: ReferralStatus;
  createdAt: Instant;
  completedAt: Instant | null;
}

export type PrizeType = 'cash' | 'voucher';

export interface Prize {
  prizeType: PrizeType;
  amountCents: number;
  currency: string;
  description: string;
}

/** A stored prize setting: a weekly default (dayOfWeek 1 = Monday … 7 = Sunday) or a date override. */
export interface PrizeConfig extends Prize {
  id: string;
  dayOfWeek: number | null;
  date: GameDate | null;
  isActive: boolean;
  updatedAt: Instant;
}

export interface Winning {
  id: string;
  gameKey: GameKey;
  gameDate: GameDate;
  /** null once the winner deleted their account (only paid winnings outlive it). */
  userId: string | null;
  winningNumber: number;
  /** The prize of that date, copied at close. */
  prize: Prize;
  createdAt: Instant;
}

export type PayoutStatus = 'pending_review' | 'approved' | 'paid' | 'failed';

export interface Payout {
  id: string;
  winningId: string;
  userId: string | null;
  status: PayoutStatus;
  amountCents: number;
  currency: string;
  prizeType: PrizeType;
  paypalEmail: string | null;
  preferredName: string | null;
  reviewNotes: string | null;
  paymentReference: string | null;
  createdAt: Instant;
  processedAt: Instant | null;
}

export interface AuditEntry {
  id: string;
  payoutId: string;
  adminId: string;
  fromStatus: PayoutStatus;
  toStatus: PayoutStatus;
  note: string | null;
  at: Instant;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  body: string;
  createdAt: Instant;
}

/** pending → sending (claimed by one worker) → sent; a failed try goes back to pending, or to failed for good. */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** An outbox row with its delivery state (DESIGN.md §15). */
export interface QueuedMail extends OutboxMail {
  status: MailStatus;
  /** Tries started (a claim counts as one). */
  attempts: number;
  nextAttemptAt: Instant;
  lastError: string | null;
  sentAt: Instant | null;
}

export interface Guild {
  id: string;
  name: string;
  description: string;
  passwordHash: string;
  adminUserId: string;
  totalWins: number;
  totalEntries: number;
  createdAt: Instant;
}

export interface GuildMember {
  guildId: string;
  userId: string;
  joinedAt: Instant;
}
