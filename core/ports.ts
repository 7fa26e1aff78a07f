// The ports every module shares: clock, random, hashing, the store and the repositories of a unit of work.
// A module's own repositories live in its ports.ts (accounts, entries, mail, payouts, prizes, referrals, fairness,
// trends). Adapters (memory, SQLite, PostgreSQL, node:crypto) implement them; the core never reads the clock,
// Math.random or env.
import type {
  BonusSource,
  Entry,
  EntryType,
  Game,
  GameDate,
  GameKey,
  GameStats,
  Guild,
  GuildMember,
  Instant,
  Mine,
  PlayerStats,
  RewardItem,
  RewardType,
} from './model.ts';
import type { UserRepository, SessionRepository } from './accounts/ports.ts';
import type { ReferralRepository } from './referrals/ports.ts';
import type { PrizeRepository } from './prizes/ports.ts';
import type { WinningRepository, PayoutRepository } from './payouts/ports.ts';
import type { OutboxRepository } from './mail/ports.ts';
import type { BonusEntryRepository } from './entries/ports.ts';
import type { FairnessRepository } from './fairness/ports.ts';
import type { AdminQueries } from './admin/ports.ts';
import type { LeaderboardQueries } from './leaderboards/ports.ts';
import type { NumberTallies } from './game/tally-ports.ts';
import type { TrendQueries } from './trends/ports.ts';

export interface Clock {
  now(): Date;
}

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A fresh unique id (UUID v4 in production). */
  id(): string;
  /** `bytes` cryptographically strong random bytes, hex-encoded (session tokens). */
  tokenHex(bytes: number): string;
}

/** SHA-256 of UTF-8 text as lowercase hex, synchronously (no thread-pool queue behind scrypt). */
export interface Digest {
  sha256Hex(text: string): string;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

/** The repositories of one unit of work. Every method sees the work done before it in the same unit. */
export interface Repositories {
  users: UserRepository;
  sessions: SessionRepository;
  games: GameRepository;
  entries: EntryRepository;
  bonusEntries: BonusEntryRepository;
  rewards: RewardRepository;
  mines: MineRepository;
  referrals: ReferralRepository;
  playerStats: PlayerStatsRepository;
  prizes: PrizeRepository;
  winnings: WinningRepository;
  payouts: PayoutRepository;
  guilds: GuildRepository;
  outbox: OutboxRepository;
  fairness: FairnessRepository;
  /** Read model of the admin DATA tab. */
  admin: AdminQueries;
  /** Read model of the RANKINGS screen. */
  leaderboards: LeaderboardQueries;
  /** The close's per-number tallies of a game (core/game/close-resolution.ts combines them). */
  tallies: NumberTallies;
  /** Read model of the trends screen (DESIGN.md §17). */
  trends: TrendQueries;
}

/**
 * Hands out repositories inside a transaction. `write` runs serialised with other writes that
 * touch the same rows (SQLite: BEGIN IMMEDIATE; PostgreSQL: a transaction plus row locks where a
 * method says so); when `work` throws, nothing it wrote is kept and the error is rethrown as is.
 */
export interface Store {
  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  write<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface GameRepository {
  /** Throws DomainError CONFLICT when the key exists; the unit of work stays usable (a concurrent create may have won). */
  create(game: Game): Promise<Game>;
  byKey(key: GameKey): Promise<Game | null>;
  /**
   * Inside a write: locks the game's row until the write ends and returns it as last committed
   * (PostgreSQL: FOR SHARE or FOR UPDATE). 'share' for work that needs the game to stay open (entries,
   * mines, account deletion), which may run side by side; 'update' for the close, which waits for them.
   */
  lock(key: GameKey, mode: 'share' | 'update'): Promise<Game | null>;
  /** The date's game with the highest number, or null. */
  latestForDate(date: GameDate): Promise<Game | null>;
  /** Open games whose closesAt ≤ now, soonest first. */
  listDue(now: Instant): Promise<Game[]>;
  listOpen(): Promise<Game[]>;
  /**
   * Marks an open game closed and stores its stats, in one statement guarded by `status = 'open'`.
   * Returns false (and writes nothing) when the game was not open: another close won the race.
   */
  markClosed(key: GameKey, closedAt: Instant, stats: GameStats): Promise<boolean>;
  /** The stored stats of a closed game. */
  stats(key: GameKey): Promise<GameStats | null>;
  /** Games newest first (by closesAt, then number), at most `limit`. */
  history(limit: number): Promise<Game[]>;
  latestClosed(): Promise<Game | null>;
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
}

export interface EntryRepository {
  /**
   * Stores an entry. The database refuses, as DomainError:
   * DUPLICATE_NUMBER for a second entry with the same (game, user, number);
   * ENTRY_LIMIT for a second standard or a second bonus entry of one (game, user).
   */
  add(entry: NewEntry): Promise<Entry>;
  forPlayer(gameKey: GameKey, userId: string): Promise<Entry[]>;
  /** Number of entries the player has made in all games. */
  countForPlayer(userId: string): Promise<number>;
  /** Whether anyone other than `exceptUserId` has picked `number` in the game. */
  isPickedByOthers(gameKey: GameKey, number: number, exceptUserId: string): Promise<boolean>;
  /** How many entries of the game picked each of `numbers` (0 for a number nobody picked). */
  pickCounts(gameKey: GameKey, numbers: number[]): Promise<Map<number, number>>;
  /** How many numbers below `number` were picked exactly once in the game and are not mined (a unique entry's rank − 1). */
  uniqueNumbersBelow(gameKey: GameKey, number: number, minedNumbers: number[]): Promise<number>;
  /** The closed game the player last entered (latest closesAt, then number), or null. */
  latestClosedGameOf(userId: string): Promise<GameKey | null>;
  /** Entries so far and numbers picked exactly once so far. */
  counts(gameKey: GameKey): Promise<{ totalNumbers: number; uniqueNumbers: number }>;
  /** Distinct players holding a unique (not mined) number other than `winningNumber`. */
  uniqueNonWinningPlayers(gameKey: GameKey, minedNumbers: number[], winningNumber: number | null): Promise<string[]>;
  /** Distinct players with an entry in the game. */
  playerIds(gameKey: GameKey): Promise<string[]>;
  /** Today's picks of the guild's members (oldest first). */
  forGuild(gameKey: GameKey, guildId: string): Promise<{ userId: string; playerName: string; number: number; submittedAt: Instant }[]>;
  /** Deletes the entries of bot users in the game; returns how many. */
  deleteBotEntries(gameKey: GameKey): Promise<number>;
  /** Account deletion: drops the user's entries in the given (open) games and detaches the rest (userId → null). */
  removeForDeletedUser(userId: string, openGameKeys: GameKey[]): Promise<void>;
}

export interface RewardRepository {
  grant(items: RewardItem[]): Promise<void>;
  /** The unused, unexpired item of that type expiring soonest, or null. */
  firstAvailable(userId: string, rewardType: RewardType, now: Instant): Promise<RewardItem | null>;
  /** Marks the item used (a conditional update on usedAt IS NULL); false when it was already used. */
  markUsed(id: string, usedAt: Instant, gameKey: GameKey, result: Record<string, unknown>): Promise<boolean>;
  /** All of the player's items (for the summary), oldest first. */
  forUser(userId: string): Promise<RewardItem[]>;
  /** Used items, most recent use first. */
  usageHistory(userId: string, limit: number, offset: number): Promise<RewardItem[]>;
  deleteForUser(userId: string): Promise<void>;
}

export interface MineRepository {
  /** Throws DomainError MINE_ALREADY_USED when the player already mined this game. */
  place(mine: Mine): Promise<void>;
  forPlayer(gameKey: GameKey, userId: string): Promise<Mine | null>;
  /** Distinct mined numbers of the game, ascending. */
  numbers(gameKey: GameKey): Promise<number[]>;
  /** Account deletion: drops the user's mines in the given (open) games and detaches the rest, which closed games publish. */
  removeForDeletedUser(userId: string, openGameKeys: GameKey[]): Promise<void>;
}

export interface PlayerStatsRepository {
  byUser(userId: string): Promise<PlayerStats | null>;
  /**
   * Applies a closed game to the counters, set-based: every player with an entry gets entries += their
   * entry count and lastPlayedAt; their streak grows by 1 when lastPlayedDate = previousDate, stays when
   * it is `date` already, else restarts at 1; bestStreak follows; lastPlayedDate = date. Players with
   * currentStreak > 0 who did not play and whose lastPlayedDate < date drop to 0. The winner gets wins += 1.
   * Returns the players whose streak grew to a positive multiple of one of `milestones`, with the new streak.
   */
  applyClose(args: {
    gameKey: GameKey;
    date: GameDate;
    previousDate: GameDate;
    winnerUserId: string | null;
    milestones: number[];
  }): Promise<{ userId: string; currentStreak: number }[]>;
}

export interface GuildSummary extends Omit<Guild, 'passwordHash'> {
  adminName: string;
  memberCount: number;
}

export interface GuildMemberDetail extends GuildMember {
  playerName: string;
  wins: number;
  entries: number;
  currentStreak: number;
}

export interface GuildRepository {
  /** Creates the guild with its admin as first member. Throws NAME_TAKEN (case-insensitive) or ALREADY_IN_GUILD. */
  create(guild: Guild): Promise<void>;
  byId(id: string): Promise<Guild | null>;
  summary(id: string): Promise<GuildSummary | null>;
  list(limit: number): Promise<GuildSummary[]>;
  membershipOf(userId: string): Promise<GuildMember | null>;
  members(guildId: string): Promise<GuildMemberDetail[]>;
  /**
   * Adds a member unless the guild already has `maxMembers` (checked under a lock on the guild row).
   * Returns false when full; throws ALREADY_IN_GUILD when the user is in a guild.
   */
  addMember(member: GuildMember, maxMembers: number): Promise<boolean>;
  removeMember(guildId: string, userId: string): Promise<void>;
  delete(guildId: string): Promise<void>;
  /**
   * Adds a closed game to the guild counters: entries made by members while members
   * (submittedAt ≥ joinedAt) and the win, if the winning entry was made by a member while a member.
   */
  applyClose(gameKey: GameKey, winningEntryId: string | null): Promise<void>;
}

export type { BonusSource };
