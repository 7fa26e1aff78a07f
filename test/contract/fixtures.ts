// Small builders of valid rows for the contract tests.
import type {
  EntryType,
  Game,
  GameStats,
  Guild,
  Mine,
  Payout,
  PrizeConfig,
  RewardItem,
  Winning,
} from '../../core/model.ts';
import type { Repositories, Store } from '../../core/ports.ts';
import type { Kysely } from 'kysely';
import { SqlFairnessRepository } from '../../adapters/sql/fairness-repository.ts';
import { postgresDialect, sqliteDialect } from '../../adapters/sql/dialect.ts';
import type { Database } from '../../adapters/sql/schema.ts';
import type { NewEntry } from '../../core/entries/ports.ts';
import type { NewUser } from '../../core/accounts/ports.ts';
import { entryLeaf, mineLeaf } from '../../core/fairness/hashes.ts';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';

export const at = (minute: number): string => new Date(Date.UTC(2026, 10, 20, 12, minute)).toISOString();

export const newUser = (id: string, fields: Partial<NewUser> = {}): NewUser => ({
  id,
  email: `${id}@example.test`,
  verifiedEmail: null,
  displayName: `Player ${id}`,
  role: 'player',
  googleSub: null,
  referralCode: id
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .padEnd(12, 'X')
    .slice(0, 12),
  isBot: false,
  createdAt: at(0),
  ...fields,
});

export const game = (date: string, fields: Partial<Game> = {}): Game => ({
  key: date,
  date,
  number: 1,
  status: 'open',
  opensAt: `${date}T00:00:00.000Z`,
  closesAt: `${date}T23:00:00.000Z`,
  closedAt: null,
  ...fields,
});

/** A salt derived from the row's id: reproducible, and different for every row. */
const saltOf = (id: string): string => nodeDigest.sha256Hex(`test-salt|${id}`).slice(0, 32);

/** The salt and leaf an entry gets at submission (DESIGN.md §16). */
export const sealedEntry = (gameKey: string, id: string, number: number): { salt: string; leaf: string } => {
  const salt = saltOf(id);
  return { salt, leaf: entryLeaf(nodeDigest, gameKey, id, number, salt) };
};

export const entry = (
  gameKey: string,
  userId: string,
  number: number,
  entryType: EntryType = 'standard',
  minute = 1,
): NewEntry => {
  const id = `${gameKey}:${userId}:${number}`;
  return { id, gameKey, userId, number, entryType, submittedAt: at(minute), ...sealedEntry(gameKey, id, number) };
};

/** A plain entry row with an explicit id (resolve tests), sealed like a real one. */
export const entryRow = (
  id: string,
  gameKey: string,
  userId: string,
  number: number,
  entryType: EntryType = 'standard',
  submittedAt = at(1),
): NewEntry => ({
  id,
  gameKey,
  userId,
  number,
  entryType,
  submittedAt,
  ...sealedEntry(gameKey, id, number),
});

export const mine = (gameKey: string, userId: string, number: number, minute = 1): Mine => {
  const id = `mine:${gameKey}:${userId}`;
  const salt = saltOf(id);
  return {
    id,
    gameKey,
    userId,
    number,
    placedAt: at(minute),
    salt,
    leaf: mineLeaf(nodeDigest, gameKey, id, number, salt),
  };
};

export const emptyStats = (gameKey: string, winningNumber: number | null = null): GameStats => ({
  gameKey,
  snapshot: {
    entriesTotal: 0,
    uniquesTotal: 0,
    winningNumber,
    secondPlaceNumber: null,
    missedWinNumber: null,
    highestNumber: null,
    mostFrequentNumbers: [],
    mostFrequentCount: 0,
    median: null,
    average: null,
    minedNumbers: [],
  },
  histogram: [],
  histogramTruncated: false,
});

export const reward = (id: string, userId: string, fields: Partial<RewardItem> = {}): RewardItem => ({
  id,
  userId,
  rewardType: 'peak',
  earnedAt: at(0),
  expiresAt: at(100),
  sourceGameKey: null,
  usedAt: null,
  usedInGameKey: null,
  usedResult: null,
  ...fields,
});

export const prize = (id: string, fields: Partial<PrizeConfig> = {}): PrizeConfig => ({
  id,
  prizeType: 'cash',
  amountCents: 1000,
  currency: 'USD',
  description: 'Monday Cash Prize',
  dayOfWeek: 1,
  date: null,
  isActive: true,
  updatedAt: at(0),
  ...fields,
});

export const winning = (
  id: string,
  gameKey: string,
  userId: string | null,
  fields: Partial<Winning> = {},
): Winning => ({
  id,
  gameKey,
  gameDate: gameKey.slice(0, 10),
  userId,
  winningNumber: 3,
  prize: { prizeType: 'cash', amountCents: 5000, currency: 'USD', description: 'Friday Cash Prize' },
  createdAt: at(0),
  ...fields,
});

export const payout = (id: string, winningId: string, userId: string | null, fields: Partial<Payout> = {}): Payout => ({
  id,
  winningId,
  userId,
  status: 'pending_review',
  amountCents: 5000,
  currency: 'USD',
  prizeType: 'cash',
  paypalEmail: 'pay@example.test',
  preferredName: 'Pat',
  reviewNotes: null,
  paymentReference: null,
  createdAt: at(0),
  processedAt: null,
  ...fields,
});

export const guild = (id: string, adminUserId: string, fields: Partial<Guild> = {}): Guild => ({
  id,
  name: `Guild ${id}`,
  description: 'We pick low.',
  passwordHash: 'h:secret',
  adminUserId,
  totalWins: 0,
  totalEntries: 0,
  createdAt: at(0),
  ...fields,
});

/** Creates the users (players unless given) in one write. */
export const seedUsers = async (repos: Repositories, ...users: (string | NewUser)[]): Promise<void> => {
  for (const u of users) await repos.users.create(typeof u === 'string' ? newUser(u) : u);
};

/** Every page of a paged read, in one list. */
export const allPages = async <T>(pages: AsyncIterable<readonly T[]>): Promise<T[]> => {
  const out: T[] = [];
  for await (const page of pages) out.push(...page);
  return out;
};

/** The SQL fairness repository over a SQL store's database with pages of `size` rows: to cross pages with a few rows. */
export const pagedFairness = (store: Store, adapter: 'sqlite' | 'postgres', size: number): SqlFairnessRepository =>
  new SqlFairnessRepository(
    {
      db: (store as unknown as { db: Kysely<Database> }).db,
      dialect: adapter === 'sqlite' ? sqliteDialect : postgresDialect,
    },
    size,
  );
