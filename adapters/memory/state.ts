// The in-memory database: one plain object of tables, cloned for rollback.
import type { StoredReceiptKey } from '../../core/fairness/ports.ts';
import type { StoredTreeNode, TreeSummary } from '../../core/fairness/ports.ts';
import type {
  AuditEntry,
  BonusEntry,
  Entry,
  Game,
  GameKey,
  GameStats,
  Guild,
  GuildMember,
  Mine,
  QueuedMail,
  Payout,
  PlayerStats,
  PrizeConfig,
  Referral,
  RewardItem,
  Session,
  User,
  Winning,
} from '../../core/model.ts';
import type { PrizeAuditEntry } from '../../core/prizes/ports.ts';

import type { EmailConfirmation, MailSettings } from '../../core/accounts/ports.ts';
import type { IntegrityFlag, RecordedKind } from '../../core/integrity/model.ts';

/** A stored mine; detached (userId null) once its player deleted their account. */
export type StoredMine = Omit<Mine, 'userId'> & { userId: string | null };

/** One number of a counted game: its entries, the entries on lower numbers, its unique rank (null if not unique). */
export interface CountedNumber {
  number: number;
  count: number;
  below: number;
  uniqueRank: number | null;
}

export interface MemoryState {
  users: Map<string, User>;
  playerStats: Map<string, PlayerStats>;
  sessions: Map<string, Session>;
  games: Map<GameKey, Game>;
  gameStats: Map<GameKey, GameStats>;
  /** The close's count of each game per number, ascending (the SQL adapters' game_number_counts). */
  numberTallies: Map<GameKey, CountedNumber[]>;
  entries: Map<string, Entry>;
  bonusEntries: Map<string, BonusEntry>;
  rewards: Map<string, RewardItem>;
  mines: StoredMine[];
  /** The close's fairness root per game (DESIGN.md §16). */
  fairnessRoots: Map<GameKey, string>;
  /** Games closed with tree version 2: the summary and the stored upper nodes. */
  fairnessTrees: Map<GameKey, { summary: TreeSummary; nodes: StoredTreeNode[] }>;
  referrals: Map<string, Referral>;
  prizes: Map<string, PrizeConfig>;
  winnings: Map<string, Winning>;
  payouts: Map<string, Payout>;
  audit: AuditEntry[];
  prizeAudit: PrizeAuditEntry[];
  guilds: Map<string, Guild>;
  guildMembers: Map<string, GuildMember>; // by userId: one guild per player
  outbox: QueuedMail[];
  /** Players' mail switches, by user id; absent: all off. */
  mailSettings: Map<string, MailSettings>;
  /** Links that confirm a contact e-mail, by token hash. */
  emailConfirmations: Map<string, EmailConfirmation>;
  /** The daily reminders sent: `${userId}|${gameDate}` → when. */
  dailyReminders: Map<string, string>;
  /** Keys the database keeps, by name. */
  signingKeys: Map<string, string>;
  /** The keys that sign receipts, oldest first; at most one with `until` null signs. */
  receiptKeys: StoredReceiptKey[];
  /** Who holds a `sending` row and until when, by mail id (QueuedMail does not show claims). */
  outboxClaims: Map<string, { token: string; until: string }>;
  /** When each winning's claim reminder was queued. */
  remindedWinnings: Map<string, string>;
  /** Integrity signals seen, by `${userId}|${kind}|${hash}|${day}`. */
  integritySignals: Map<string, IntegritySignalRow>;
  /** The flags stored at the close (DESIGN.md §18). */
  integrityFlags: IntegrityFlag[];
}

export interface IntegritySignalRow {
  userId: string;
  kind: RecordedKind;
  hash: string;
  day: string;
}

export const emptyState = (): MemoryState => ({
  users: new Map(),
  playerStats: new Map(),
  sessions: new Map(),
  games: new Map(),
  gameStats: new Map(),
  numberTallies: new Map(),
  entries: new Map(),
  bonusEntries: new Map(),
  rewards: new Map(),
  mines: [],
  fairnessRoots: new Map(),
  fairnessTrees: new Map(),
  referrals: new Map(),
  prizes: new Map(),
  winnings: new Map(),
  payouts: new Map(),
  audit: [],
  prizeAudit: [],
  guilds: new Map(),
  guildMembers: new Map(),
  outbox: [],
  mailSettings: new Map(),
  emailConfirmations: new Map(),
  dailyReminders: new Map(),
  signingKeys: new Map(),
  receiptKeys: [],
  outboxClaims: new Map(),
  remindedWinnings: new Map(),
  integritySignals: new Map(),
  integrityFlags: [],
});
