// The ports every module shares: clock, random, hashing, the store and the repositories of a unit of work.
// Each module's repositories and read models live in its own ports.ts (accounts, admin, entries, fairness, game,
// guilds, leaderboards, mail, payouts, prizes, referrals, results, rewards, trends). Adapters (memory, SQLite, PostgreSQL,
// node:crypto) implement them; the core never reads the clock, Math.random or env. A use case sees the store through
// `StoreOf<K>` and names in `K` the repositories it uses (core/deps.ts, Deps<K>).
import type { BonusSource } from './model.ts';
import type { EmailConfirmationRepository, UserRepository, SessionRepository } from './accounts/ports.ts';
import type { ReferralRepository } from './referrals/ports.ts';
import type { PrizeRepository } from './prizes/ports.ts';
import type { WinningRepository, PayoutRepository } from './payouts/ports.ts';
import type { DailyReminderRepository, OutboxRepository, SigningKeyRepository } from './mail/ports.ts';
import type { GameRepository, NumberTallies } from './game/ports.ts';
import type { BonusEntryRepository, EntryRepository, MineRepository, PickFastPath } from './entries/ports.ts';
import type { RewardRepository, PlayerStatsRepository } from './rewards/ports.ts';
import type { GuildRepository } from './guilds/ports.ts';
import type { FairnessRepository, ReceiptKeyRepository } from './fairness/ports.ts';
import type { IntegrityRepository } from './integrity/ports.ts';
import type { AdminQueries } from './admin/ports.ts';
import type { LeaderboardQueries } from './leaderboards/ports.ts';
import type { ResultQueries } from './results/ports.ts';
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
  /** HMAC-SHA-256 of UTF-8 text under a UTF-8 key, as lowercase hex (the signed links in mails). */
  hmacSha256Hex(key: string, text: string): string;
}

/** Whose request a hash serves: hashing is shared fairly between requesters (a player's id). */
export interface HashRequest {
  requester: string;
}

/** A password guess: who guesses, and whose password it is (`guild:ID`); wrong guesses are limited for both. */
export interface PasswordGuess extends HashRequest {
  secret: string;
}

/** A requester already has its share of the hashing waiting or running: refused at once rather than queued. */
export class HashingBusy extends Error {
  constructor(
    readonly maxPerRequester: number,
    /** About how long until one of the requester's hashes is done. */
    readonly retryAfterMs: number,
  ) {
    super(`the requester already has ${maxPerRequester} hashes running or waiting`);
    this.name = 'HashingBusy';
  }
}

export interface PasswordHasher {
  hash(password: string, request: HashRequest): Promise<string>;
  verify(password: string, hash: string, guess: PasswordGuess): Promise<boolean>;
}

/**
 * The repositories of one unit of work. Every method sees the work done before it in the same unit. A use case
 * receives only those it names (`RepositoriesOf<K>`, below).
 */
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
  emailConfirmations: EmailConfirmationRepository;
  dailyReminders: DailyReminderRepository;
  signingKeys: SigningKeyRepository;
  /** The keys that sign receipts (DESIGN.md §16). */
  receiptKeys: ReceiptKeyRepository;
  fairness: FairnessRepository;
  /** The integrity signals and flags (DESIGN.md §18). */
  integrity: IntegrityRepository;
  /** Read model of the admin DATA tab. */
  admin: AdminQueries;
  /** Read model of the RANKINGS screen. */
  leaderboards: LeaderboardQueries;
  /** Read model of a player's latest result. */
  results: ResultQueries;
  /** The close's per-number tallies of a game (core/game/close-resolution.ts combines them). */
  tallies: NumberTallies;
  /** Read model of the trends screen (DESIGN.md §17). */
  trends: TrendQueries;
}

/**
 * Hands out repositories inside a unit of work (a transaction): `read` sees one committed snapshot that holds every
 * write answered before it started; `write` is all-or-nothing, serialised with other writes that touch the same rows
 * (SQLite: BEGIN IMMEDIATE; PostgreSQL: a transaction plus row locks where a method says so); when `work` throws,
 * nothing it wrote is kept and the error is rethrown as is. A unit's rules, the same for every store:
 * - A unit waits for nothing but its repositories: no password hashing, mail, timer or request inside it. Do that
 *   before or after the unit. The memory and SQLite stores fail a unit still running when its turn of the event loop
 *   is over (`UnitOutlivedTurnError`); PostgreSQL lets it hold its connection and locks meanwhile.
 * - No unit inside a unit of the same store: pass the repositories down instead. The memory and SQLite stores refuse
 *   it (`NestedUnitOfWorkError`); PostgreSQL cannot tell it from a concurrent request and would run it outside the
 *   transaction it sits in.
 * - Locks are taken game first, then player (`games.lock`/`latestForDate(…, lock)` before `users.lock`), so no two
 *   writes wait for each other; every store refuses a game's lock after a player's (`LockOrderError`). Every write of
 *   entries and mines holds its game's lock ('share'), which the close takes 'update' to see them all.
 * - A unit that cannot reach the database, or whose database refuses to write, fails with `StoreUnavailableError`
 *   (core/errors.ts) within a few seconds: an outage, not a bug. Nothing of it is kept, except a COMMIT the database
 *   received just before the connection broke, which nobody can tell apart from one it never received.
 */
export interface Store extends PickFastPath {
  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  write<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The name of one repository of a unit of work (`'games'`, `'entries'`, …). */
export type RepositoryName = keyof Repositories;

/** The repositories `K` names, as a unit of work of a `StoreOf<K>` hands them out. */
export type RepositoriesOf<K extends RepositoryName> = Pick<Repositories, K>;

/**
 * The store as a use case sees it: units of work that hand out only the repositories `K` names, under the Store's
 * rules above. A use case's signature names `K` (through `Deps<K>`, core/deps.ts), so it says which repositories the
 * function can read or change, and the compiler refuses any other: `repos.users` inside a `StoreOf<'games'>` unit
 * does not type-check. A use case that calls another names at least what the callee names. Every `Store` is a
 * `StoreOf<K>` for any `K`.
 */
export interface StoreOf<K extends RepositoryName> {
  read<T>(work: (repos: RepositoriesOf<K>) => Promise<T>): Promise<T>;
  write<T>(work: (repos: RepositoriesOf<K>) => Promise<T>): Promise<T>;
}

export type { BonusSource };
