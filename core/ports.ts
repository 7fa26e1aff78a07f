// The ports: what the core needs from the outside world. Adapters (memory, SQLite, PostgreSQL,
// node:crypto, the mail outbox) implement them; the core never reads the clock, Math.random or env.
import type {
  AuditEntry,
  BonusEntry,
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
  MailStatus,
  OutboxMail,
  Payout,
  QueuedMail,
  PayoutStatus,
  PlayerStats,
  PrizeConfig,
  Referral,
  RewardItem,
  RewardType,
  Role,
  Session,
  User,
  Winning,
} from './model.ts';
import type { FairnessRepository } from './fairness/ports.ts';
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

export interface NewUser {
  id: string;
  email: string;
  verifiedEmail: string | null;
  displayName: string;
  role: Role;
  googleSub: string | null;
  referralCode: string;
  isBot: boolean;
  createdAt: Instant;
}

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
   */
  update(id: string, fields: UserChanges): Promise<User>;
  /** Whether the player turned off mails that are not about money (reminders); false when unknown. */
  mailOptOut(id: string): Promise<boolean>;
  setMailOptOut(id: string, optOut: boolean): Promise<void>;
  /** Removes the user row only; the account-deletion use case removes the rest first. */
  delete(id: string): Promise<void>;
  count(): Promise<{ users: number; bots: number }>;
  /** Bot users ordered by id (`bot:0001`, …). */
  listBots(): Promise<User[]>;
}

export interface SessionRepository {
  create(session: Session): Promise<void>;
  byTokenHash(tokenHash: string): Promise<Session | null>;
  /** Slides the expiry. */
  extend(tokenHash: string, expiresAt: Instant): Promise<void>;
  delete(tokenHash: string): Promise<void>;
  deleteForUser(userId: string): Promise<void>;
  deleteExpired(now: Instant): Promise<number>;
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
  /** Closed games with a winner, newest first: the RESULTS leaderboard. */
  results(limit: number): Promise<
    { gameKey: GameKey; gameDate: GameDate; playerName: string | null; amountCents: number | null; currency: string | null; winningNumber: number }[]
  >;
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

export interface AdminSubmissionRow {
  id: string;
  number: number;
  userId: string | null;
  userDisplayName: string | null;
  userEmail: string | null;
  entryType: EntryType;
  guildName: string | null;
  submittedAt: Instant;
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
  /** The admin DATA tab: newest first. */
  page(gameKey: GameKey, offset: number, limit: number): Promise<{ rows: AdminSubmissionRow[]; totalCount: number }>;
  /** Today's picks of the guild's members (oldest first). */
  forGuild(gameKey: GameKey, guildId: string): Promise<{ userId: string; playerName: string; number: number; submittedAt: Instant }[]>;
  /** Deletes the entries of bot users in the game; returns how many. */
  deleteBotEntries(gameKey: GameKey): Promise<number>;
  /** Account deletion: drops the user's entries in the given (open) games and detaches the rest (userId → null). */
  removeForDeletedUser(userId: string, openGameKeys: GameKey[]): Promise<void>;
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

export interface ReferralRepository {
  /** Throws DomainError REFERRAL_NOT_ALLOWED when the referred player already has a referral. */
  create(referral: Referral): Promise<void>;
  byReferred(referredId: string): Promise<Referral | null>;
  markCompleted(id: string, completedAt: Instant): Promise<void>;
  stats(referrerId: string): Promise<{ totalReferrals: number; completedReferrals: number }>;
  /** Removes referrals made by or to the user. */
  deleteForUser(userId: string): Promise<void>;
}

export type LeaderboardKind = 'wins' | 'entries' | 'streak' | 'bestStreak';

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
  /** Players with metric > 0 (bots included), ordered by the metric descending, then userId ascending. */
  leaderboard(kind: LeaderboardKind, limit: number): Promise<(PlayerStats & { playerName: string })[]>;
}

export interface PrizeRepository {
  /** All stored weekly defaults and date overrides. */
  list(): Promise<PrizeConfig[]>;
  weekly(dayOfWeek: number): Promise<PrizeConfig | null>;
  forDate(date: GameDate): Promise<PrizeConfig | null>;
  byId(id: string): Promise<PrizeConfig | null>;
  /** Inserts or replaces the weekly row of config.dayOfWeek, or the override of config.date. */
  upsert(config: PrizeConfig): Promise<PrizeConfig>;
  /** Deletes the weekly row of a day (back to the built-in default). Returns whether one existed. */
  deleteWeekly(dayOfWeek: number): Promise<boolean>;
  deleteForDate(date: GameDate): Promise<boolean>;
  deleteById(id: string): Promise<boolean>;
}

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
  /** Account deletion: deletes winnings without a paid payout (and their payouts); detaches the rest. */
  removeForDeletedUser(userId: string): Promise<void>;
}

export interface PayoutRepository {
  /** Throws DomainError ALREADY_CLAIMED when the winning already has a payout. */
  create(payout: Payout): Promise<void>;
  byId(id: string): Promise<Payout | null>;
  /** All payouts with the game date and the winner's name and e-mail, newest first. */
  list(): Promise<(Payout & { gameDate: GameDate; playerName: string | null; playerEmail: string | null })[]>;
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
  settle(id: string, token: string, outcome: { status: 'sent'; at: Instant } | { status: 'pending'; nextAttemptAt: Instant; error: string } | { status: 'failed'; error: string }): Promise<boolean>;
  /** Mails not yet sent nor failed (pending or sending), and dead letters. */
  queueStatus(): Promise<{ backlog: number; failed: number }>;
}

export type { BonusSource };
