// The in-memory database: one plain object of tables, cloned for rollback.
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

export interface MemoryState {
  users: Map<string, User>;
  playerStats: Map<string, PlayerStats>;
  sessions: Map<string, Session>;
  games: Map<GameKey, Game>;
  gameStats: Map<GameKey, GameStats>;
  entries: Map<string, Entry>;
  bonusEntries: Map<string, BonusEntry>;
  rewards: Map<string, RewardItem>;
  mines: Mine[];
  referrals: Map<string, Referral>;
  prizes: Map<string, PrizeConfig>;
  winnings: Map<string, Winning>;
  payouts: Map<string, Payout>;
  audit: AuditEntry[];
  guilds: Map<string, Guild>;
  guildMembers: Map<string, GuildMember>; // by userId: one guild per player
  outbox: QueuedMail[];
  /** Players who turned off non-money mails. */
  mailOptOut: Set<string>;
  /** Who holds a `sending` row and until when, by mail id (QueuedMail does not show claims). */
  outboxClaims: Map<string, { token: string; until: string }>;
  /** When each winning's claim reminder was queued. */
  remindedWinnings: Map<string, string>;
}

export const emptyState = (): MemoryState => ({
  users: new Map(),
  playerStats: new Map(),
  sessions: new Map(),
  games: new Map(),
  gameStats: new Map(),
  entries: new Map(),
  bonusEntries: new Map(),
  rewards: new Map(),
  mines: [],
  referrals: new Map(),
  prizes: new Map(),
  winnings: new Map(),
  payouts: new Map(),
  audit: [],
  guilds: new Map(),
  guildMembers: new Map(),
  outbox: [],
  mailOptOut: new Set(),
  outboxClaims: new Map(),
  remindedWinnings: new Map(),
});
