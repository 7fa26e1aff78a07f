// The tables as kysely sees them. Instants and dates are ISO text, JSON is text, booleans are
// 0/1 in SQLite and boolean in PostgreSQL (the dialect converts: see dialect.ts).

import type { Generated } from 'kysely';

/** A boolean column: what the driver returns differs by database. */
export type SqlBoolean = boolean | number;

export interface UsersTable {
  id: string;
  email: string;
  /** Added by 0002-verified-email. */
  verified_email: string | null;
  display_name: string;
  role: string;
  google_sub: string | null;
  referral_code: string;
  is_bot: SqlBoolean;
  created_at: string;
  /** 0004: the player turned off non-money mails. */
  mail_opt_out: Generated<SqlBoolean>;
  /** 0008: the contact e-mail was confirmed by its link. */
  email_confirmed: Generated<SqlBoolean>;
  /** 0008: the player turned on the daily reminder. */
  daily_reminder: Generated<SqlBoolean>;
}

/** 0008: links that confirm a contact e-mail, by the token's hash. */
export interface EmailConfirmationsTable {
  token_hash: string;
  user_id: string;
  email: string;
  created_at: string;
  expires_at: string;
}

/** 0008: the daily reminder sent to a player for a game date (primary key: both). */
export interface DailyRemindersTable {
  user_id: string;
  game_date: string;
  sent_at: string;
}

/** 0008: keys kept by the database for every instance alike. */
export interface SigningKeysTable {
  name: string;
  secret: string;
  created_at: string;
}

export interface PlayerStatsTable {
  user_id: string;
  wins: number;
  entries: number;
  current_streak: number;
  best_streak: number;
  last_played_date: string | null;
  last_played_at: string | null;
}

/** The top of each player ranking, written by the close (migration 0007). `metric` is a core PlayerMetric. */
export interface LeaderboardRanksTable {
  metric: string;
  rank: number;
  user_id: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface GamesTable {
  key: string;
  date: string;
  number: number;
  status: string;
  opens_at: string;
  closes_at: string;
  closed_at: string | null;
  /** Copied from the stats by the close, so the RESULTS leaderboard needs no JSON functions. */
  winning_number: number | null;
  /** GameStats as JSON, set by the close. */
  stats: string | null;
  /** The stats' Snapshot alone as JSON, set by the close with them (0015): what a player's result reads. */
  snapshot: string | null;
  /** The fairness root stored by the close (DESIGN.md §16); null before the close and for games closed before 0005. */
  fairness_root: string | null;
  /** Why a closed game has no root (set by migration 0005). */
  fairness_reason: string | null;
  /** 2 for a game closed with tree version 2 (migration 0011); null for version 1 or no root. */
  fairness_version: number | null;
  fairness_size: number | null;
  fairness_lo: number | null;
  fairness_hi: number | null;
  /** The winner proof's JSON `{bound, count, complement}`, computed at the close. */
  fairness_winner_proof: string | null;
}

/** The upper levels of a version 2 tree, stored at the close (migration 0011). */
export interface FairnessNodesTable {
  game_key: string;
  level: number;
  position: number;
  hash: string;
  lo: number;
  hi: number;
  /** Block-level nodes: the key of the block's first item. */
  first_number: number | null;
  first_leaf: string | null;
}

/** The close's count of a game per number (migration 0006). */
export interface GameNumberCountsTable {
  game_key: string;
  number: number;
  n: number;
  below: number;
  unique_rank: number | null;
}

export interface EntriesTable {
  id: string;
  game_key: string;
  user_id: string | null;
  number: number;
  entry_type: string;
  submitted_at: string;
  /** Nullable in the table (added by 0005) but written for every row since. */
  salt: string;
  leaf: string;
  /** The receipt's signature (DESIGN.md §16), null for entries made before receipts were signed. */
  receipt_key_id: string | null;
  receipt_sig: string | null;
}

export interface BonusEntriesTable {
  id: string;
  user_id: string;
  source_type: string;
  remaining_entries: number;
  granted_at: string;
  expires_at: string;
  game_key: string | null;
}

export interface RewardItemsTable {
  id: string;
  user_id: string;
  reward_type: string;
  earned_at: string;
  expires_at: string;
  source_game_key: string | null;
  used_at: string | null;
  used_in_game_key: string | null;
  used_result: string | null;
}

export interface MinesTable {
  id: string;
  game_key: string;
  /** null once the player deleted their account (the game keeps the mine). */
  user_id: string | null;
  number: number;
  placed_at: string;
  salt: string;
  leaf: string;
  receipt_key_id: string | null;
  receipt_sig: string | null;
}

export interface ReceiptKeysTable {
  key_id: string;
  /** SPKI DER, base64. */
  public_key: string;
  /** PKCS#8 DER, base64; null for the key RECEIPT_SIGNING_KEY holds. */
  private_key: string | null;
  from_at: string;
  until_at: string | null;
  /** 1 for the key that signs, null for the others. */
  signing: number | null;
}

export interface IntegritySignalsTable {
  user_id: string;
  kind: string;
  hash: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
}

export interface IntegrityFlagsTable {
  game_key: string;
  role: string;
  user_id: string;
  /** IntegrityEvidence as JSON. */
  evidence: string;
  created_at: string;
}

export interface IntegrityFlagMembersTable {
  game_key: string;
  role: string;
  user_id: string;
}

export interface ReferralsTable {
  id: string;
  referrer_id: string;
  referred_id: string;
  code: string;
  status: string;
  created_at: string;
  completed_at: string | null;
}

export interface PrizeConfigsTable {
  id: string;
  prize_type: string;
  amount_cents: number;
  currency: string;
  description: string;
  day_of_week: number | null;
  date: string | null;
  is_active: SqlBoolean;
  updated_at: string;
}

export interface WinningsTable {
  id: string;
  game_key: string;
  game_date: string;
  user_id: string | null;
  winning_number: number;
  prize_type: string;
  amount_cents: number;
  currency: string;
  description: string;
  created_at: string;
  /** 0004: when the claim reminder was queued. */
  reminded_at: string | null;
}

export interface PayoutsTable {
  id: string;
  winning_id: string;
  user_id: string | null;
  status: string;
  amount_cents: number;
  currency: string;
  prize_type: string;
  paypal_email: string | null;
  preferred_name: string | null;
  review_notes: string | null;
  payment_reference: string | null;
  created_at: string;
  processed_at: string | null;
}

export interface PayoutAuditTable {
  id: string;
  payout_id: string;
  admin_id: string;
  from_status: string;
  to_status: string;
  note: string | null;
  at: string;
}

export interface PrizeAuditTable {
  id: string;
  admin_id: string;
  slot: string;
  from_state: string | null;
  to_state: string | null;
  at: string;
}

export interface OutboxTable {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
  /** 0004: delivery (DESIGN.md §15). */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_error: string | null;
  claim_token: string | null;
  claimed_until: string | null;
  sent_at: string | null;
}

export interface GuildsTable {
  id: string;
  name: string;
  description: string;
  password_hash: string;
  admin_user_id: string;
  total_wins: number;
  total_entries: number;
  created_at: string;
}

export interface GuildMembersTable {
  guild_id: string;
  user_id: string;
  joined_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
  expires_at: string;
}

export interface Database {
  users: UsersTable;
  player_stats: PlayerStatsTable;
  leaderboard_ranks: LeaderboardRanksTable;
  sessions: SessionsTable;
  games: GamesTable;
  entries: EntriesTable;
  game_number_counts: GameNumberCountsTable;
  bonus_entries: BonusEntriesTable;
  reward_items: RewardItemsTable;
  mines: MinesTable;
  receipt_keys: ReceiptKeysTable;
  fairness_nodes: FairnessNodesTable;
  referrals: ReferralsTable;
  integrity_signals: IntegritySignalsTable;
  integrity_flags: IntegrityFlagsTable;
  integrity_flag_members: IntegrityFlagMembersTable;
  prize_configs: PrizeConfigsTable;
  winnings: WinningsTable;
  payouts: PayoutsTable;
  payout_audit: PayoutAuditTable;
  prize_audit: PrizeAuditTable;
  outbox: OutboxTable;
  guilds: GuildsTable;
  guild_members: GuildMembersTable;
  rate_limits: RateLimitsTable;
  email_confirmations: EmailConfirmationsTable;
  daily_reminders: DailyRemindersTable;
  signing_keys: SigningKeysTable;
}
