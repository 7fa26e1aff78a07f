// bench:close's game as data and how it gets into a database: a day of N entries (two per player, numbers from a
// seeded PRNG), the players' rows and integrity signals, the fills for SQLite and PostgreSQL, and the Deps a close
// runs with. bench:close, its baselines (close-against.ts), the fairness scenario and bench:web:verify share them.
import { nodeEd25519 } from '../adapters/crypto/ed25519.ts';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Insertable, Kysely } from 'kysely';
import postgres from 'postgres';
import type {
  Database,
  EntriesTable,
  IntegritySignalsTable,
  PlayerStatsTable,
  SqlBoolean,
  UsersTable,
} from '../adapters/sql/schema.ts';
import { defaultGameConfig } from '../core/config.ts';
import type { Deps } from '../core/deps.ts';
import type { ResolvableEntry } from '../core/game/resolve.ts';
import type { Store } from '../core/ports.ts';
import { FixedClock, PlainHasher, SeededRandom } from '../test/support/fakes.ts';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { threadTreeFolder } from '../adapters/crypto/tree-fold-thread.ts';
import { entryLeaf } from '../core/fairness/hashes.ts';

export const GAME_KEY = '2026-11-20';
const OPENS_AT = '2026-11-19T00:00:00.000Z';
const CLOSES_AT = '2026-11-20T00:00:00.000Z';
const BATCH = 1_000;

/** Numbers run 1…N/4: a popular day's spread, with many unique numbers and many shared ones. */
export const highestNumberFor = (entries: number): number => Math.max(2, Math.floor(entries / 4));

/**
 * A bench id as long as the random UUIDs of real ids (36 characters), so the indexes are as large as a real day's; it
 * starts with the player's short name (`p000042`), which names the player's e-mail and display name.
 */
const benchId = (short: string, part: string): string => `${short}-${part}-4000-8000-000000000000`;
/** The short name a bench id starts with. */
const shortName = (id: string): string => id.slice(0, id.indexOf('-'));

/** Two entries per player (a standard and a bonus one on different numbers), numbers from a seeded PRNG. */
export const makeEntries = (count: number): ResolvableEntry[] => {
  const random = new SeededRandom(2026);
  const pick = () => 1 + Math.floor(random.next() * highestNumberFor(count));
  const entries: ResolvableEntry[] = [];
  for (let player = 0; entries.length < count; player += 1) {
    const short = `p${String(player).padStart(6, '0')}`;
    const userId = benchId(short, '0000');
    const first = pick();
    let second = pick();
    while (second === first) second = pick();
    entries.push(
      { entryId: benchId(short, 'a000'), userId, number: first },
      { entryId: benchId(short, 'b000'), userId, number: second },
    );
  }
  return entries;
};

const saltOf = (id: string): string => nodeDigest.sha256Hex(`bench-salt|${id}`).slice(0, 32);

interface BenchRows {
  users: Insertable<UsersTable>[];
  playerStats: Insertable<PlayerStatsTable>[];
  entries: Insertable<EntriesTable>[];
  signals: Insertable<IntegritySignalsTable>[];
}

const SIGNAL_DAYS = ['2026-11-17', '2026-11-18', '2026-11-19'];
const signalHash = (text: string): string => nodeDigest.sha256Hex(`bench-signal|${text}`).slice(0, 32);

/**
 * The integrity signals (DESIGN.md §18) a day's players leave, seen on three days: a phone each (one household in
 * a hundred shares one), home networks of three, and a fifth of the players behind five carrier NATs.
 */
const signalsOf = (id: string): Insertable<IntegritySignalsTable>[] => {
  const player = Number(shortName(id).slice(1));
  const household = Math.floor(player / 3);
  const device = household % 100 === 0 ? `family-${household}` : `phone-${player}`;
  const network = player % 5 === 0 ? `carrier-${player % 25}` : `home-${household}`;
  return SIGNAL_DAYS.flatMap((day) => [
    { user_id: id, kind: 'device', hash: signalHash(device), day },
    { user_id: id, kind: 'network', hash: signalHash(network), day },
  ]);
};

/** How a bench database is filled: `signals: false` leaves out the integrity signals (what the close had before them). */
export interface FillOptions {
  signals?: boolean;
}

/** The rows of the game's players and entries, in the tables' own shapes, a slice at a time. */
function* rowsOf(
  entries: ResolvableEntry[],
  bool: (v: boolean) => SqlBoolean,
  slice: number,
  { signals = true }: FillOptions = {},
): Generator<BenchRows> {
  for (let i = 0; i < entries.length; i += slice) {
    const part = entries.slice(i, i + slice);
    const players = [...new Set(part.map((e) => e.userId ?? ''))];
    yield {
      users: players.map((id) => ({
        id,
        email: `${shortName(id)}@bench.invalid`,
        verified_email: null,
        display_name: `Bench ${shortName(id)}`,
        role: 'player',
        google_sub: null,
        referral_code: shortName(id).toUpperCase().padEnd(12, 'X'),
        is_bot: bool(false),
        created_at: OPENS_AT,
      })),
      playerStats: players.map((id) => ({
        user_id: id,
        wins: 0,
        entries: 0,
        current_streak: 0,
        best_streak: 0,
        last_played_date: null,
        last_played_at: null,
      })),
      signals: signals ? players.flatMap(signalsOf) : [],
      entries: part.map((e, j) => ({
        id: e.entryId,
        game_key: GAME_KEY,
        user_id: e.userId,
        number: e.number,
        entry_type: e.entryId.includes('-a000-') ? 'standard' : 'bonus',
        submitted_at: new Date(Date.parse(OPENS_AT) + (i + j) * 100).toISOString(),
        // A salt from the seeded PRNG's stream would do as well; the id keeps it reproducible and distinct.
        salt: saltOf(e.entryId),
        leaf: entryLeaf(nodeDigest, GAME_KEY, e.entryId, e.number, saltOf(e.entryId)),
      })),
    };
  }
}

const gameRow = {
  key: GAME_KEY,
  date: GAME_KEY,
  number: 1,
  status: 'open',
  opens_at: OPENS_AT,
  closes_at: CLOSES_AT,
  closed_at: null,
  winning_number: null,
  stats: null,
};

/** SQLite: the rows straight into the tables in multi-row inserts, one transaction (the bench measures the close, not submissions). */
export async function fillSqlite(
  db: Kysely<Database>,
  entries: ResolvableEntry[],
  options: FillOptions = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('games').values(gameRow).execute();
    // Pairs of a player's entries stay in one slice (BATCH is even), so each player is inserted once.
    for (const rows of rowsOf(entries, (v) => (v ? 1 : 0), BATCH, options)) {
      await trx.insertInto('users').values(rows.users).execute();
      await trx.insertInto('player_stats').values(rows.playerStats).execute();
      await trx.insertInto('entries').values(rows.entries).execute();
      for (let j = 0; j < rows.signals.length; j += BATCH)
        await trx
          .insertInto('integrity_signals')
          .values(rows.signals.slice(j, j + BATCH))
          .execute();
    }
  });
}

/** One COPY line: tab-separated text, \N for null (bench values hold no tabs, newlines or backslashes). */
const copyLine = <Row extends object>(row: Row, columns: readonly (keyof Row & string)[]): string =>
  `${columns.map((c) => (row[c] === null || row[c] === undefined ? '\\N' : String(row[c]))).join('\t')}\n`;

/**
 * PostgreSQL: COPY … FROM STDIN on a connection of its own, far quicker than multi-row INSERTs (116 s
 * for 1,000,000 entries), then VACUUM ANALYZE: on a real day autovacuum has seen the inserts (planner
 * statistics, and the visibility map that lets the close read its indexes alone).
 */
export async function fillPostgres(
  db: Kysely<Database>,
  url: string,
  entries: ResolvableEntry[],
  options: FillOptions = {},
): Promise<void> {
  await db.insertInto('games').values(gameRow).execute();
  const client = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const copy = async <Row extends object>(
      table: string,
      columns: readonly (keyof Row & string)[],
      pick: (rows: BenchRows) => Row[],
    ): Promise<void> => {
      const writable = await client.unsafe(`copy ${table} (${columns.join(', ')}) from stdin`).writable();
      await pipeline(
        Readable.from(
          (function* () {
            for (const rows of rowsOf(entries, (v) => v, 20_000, options))
              yield pick(rows)
                .map((r) => copyLine(r, columns))
                .join('');
          })(),
        ),
        writable,
      );
    };
    await copy(
      'users',
      ['id', 'email', 'verified_email', 'display_name', 'role', 'google_sub', 'referral_code', 'is_bot', 'created_at'],
      (r) => r.users,
    );
    await copy(
      'player_stats',
      ['user_id', 'wins', 'entries', 'current_streak', 'best_streak', 'last_played_date', 'last_played_at'],
      (r) => r.playerStats,
    );
    await copy(
      'entries',
      ['id', 'game_key', 'user_id', 'number', 'entry_type', 'submitted_at', 'salt', 'leaf'],
      (r) => r.entries,
    );
    await copy('integrity_signals', ['user_id', 'kind', 'hash', 'day'], (r) => r.signals);
    await client.unsafe('vacuum analyze users, player_stats, entries, integrity_signals');
  } finally {
    await client.end();
  }
}

/** What the real close runs with here: the game's deadline as the clock, seeded randomness, the node digest. */
export const closeDeps = (store: Store): Deps => ({
  store,
  clock: new FixedClock(CLOSES_AT),
  random: new SeededRandom(7),
  hasher: new PlainHasher(),
  digest: nodeDigest,
  treeFolder: threadTreeFolder(),
  signer: nodeEd25519,
  config: { ...defaultGameConfig },
});
