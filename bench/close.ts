// The close at scale: a game of 200,000 entries (numbers 1…N/4, here 50,000; `--entries N` for another size)
// closed on SQLite and on PostgreSQL (embedded) through the real closeGame use case; prints time and
// peak memory, checks the stored statistics against resolveNumbers on the same numbers, times the
// fairness tree (DESIGN.md §16, version 2) on its own: the same streaming build the close runs, checked against
// the stored root; and what the tree adds to the database per entry (the tree-order indexes and the stored nodes).
// `--sqlite-only` skips PostgreSQL, `--postgres-only` SQLite. `--against no-tree|no-signals [--pairs N]` times the close
// against a baseline in alternated pairs instead (close-against.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql, type Insertable, type Kysely } from 'kysely';
import postgres from 'postgres';
import { createPostgresStore } from '../adapters/postgres/store.ts';
import type { Database, EntriesTable, IntegritySignalsTable, PlayerStatsTable, SqlBoolean, UsersTable } from '../adapters/sql/schema.ts';
import { createSqliteStore } from '../adapters/sqlite/store.ts';
import { defaultGameConfig } from '../core/config.ts';
import type { Deps } from '../core/deps.ts';
import { closeGame } from '../core/game/close.ts';
import { resolveNumbers, type ResolvableEntry } from '../core/game/resolve.ts';
import type { Store } from '../core/ports.ts';
import { FixedClock, PlainHasher, SeededRandom } from '../test/support/fakes.ts';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { threadTreeFolder } from '../adapters/crypto/tree-fold-thread.ts';
import { createTestDatabase, startEmbeddedPostgres } from '../test/support/postgres.ts';
import { entryLeaf } from '../core/fairness/hashes.ts';
import { buildStoredTree } from '../core/fairness/tree-v2-record.ts';
import { runCloseAgainst } from './close-against.ts';

const DEFAULT_ENTRIES = 200_000;
export const GAME_KEY = '2026-11-20';
const OPENS_AT = '2026-11-19T00:00:00.000Z';
const CLOSES_AT = '2026-11-20T00:00:00.000Z';
const BATCH = 1_000;

export interface CloseBenchResult {
  database: string;
  fillMs: number;
  closeMs: number;
  /** This process's CPU time during the close: SQLite's work, or PostgreSQL's client side (the server's is not in it). */
  closeCpuMs: number;
  /** The tree built again over every item, timed alone: what the fairness commitment adds to the close. */
  rootMs: number;
  rootCpuMs: number;
  /** Bytes the tree adds to the database per entry: the (game_key, number, leaf) indexes and the stored nodes. */
  treeBytesPerEntry: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  matches: boolean;
}

/** A full collection, through the flag a running process can still turn on. */
const collectGarbage = (): void => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
};

/** Numbers run 1…N/4: a popular day's spread, with many unique numbers and many shared ones. */
const highestNumberFor = (entries: number): number => Math.max(2, Math.floor(entries / 4));

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
    entries.push({ entryId: benchId(short, 'a000'), userId, number: first }, { entryId: benchId(short, 'b000'), userId, number: second });
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
function* rowsOf(entries: ResolvableEntry[], bool: (v: boolean) => SqlBoolean, slice: number, { signals = true }: FillOptions = {}): Generator<BenchRows> {
  for (let i = 0; i < entries.length; i += slice) {
    const part = entries.slice(i, i + slice);
    const players = [...new Set(part.map((e) => e.userId ?? ''))];
    yield {
      users: players.map((id) => ({
        id, email: `${shortName(id)}@bench.invalid`, verified_email: null, display_name: `Bench ${shortName(id)}`, role: 'player', google_sub: null,
        referral_code: shortName(id).toUpperCase().padEnd(12, 'X'), is_bot: bool(false), created_at: OPENS_AT,
      })),
      playerStats: players.map((id) => ({ user_id: id, wins: 0, entries: 0, current_streak: 0, best_streak: 0, last_played_date: null, last_played_at: null })),
      signals: signals ? players.flatMap(signalsOf) : [],
      entries: part.map((e, j) => ({
        id: e.entryId, game_key: GAME_KEY, user_id: e.userId, number: e.number,
        entry_type: e.entryId.includes('-a000-') ? 'standard' : 'bonus',
        submitted_at: new Date(Date.parse(OPENS_AT) + (i + j) * 100).toISOString(),
        // A salt from the seeded PRNG's stream would do as well; the id keeps it reproducible and distinct.
        salt: saltOf(e.entryId),
        leaf: entryLeaf(nodeDigest, GAME_KEY, e.entryId, e.number, saltOf(e.entryId)),
      })),
    };
  }
}

const gameRow = { key: GAME_KEY, date: GAME_KEY, number: 1, status: 'open', opens_at: OPENS_AT, closes_at: CLOSES_AT, closed_at: null, winning_number: null, stats: null };

/** SQLite: the rows straight into the tables in multi-row inserts, one transaction (the bench measures the close, not submissions). */
export async function fillSqlite(db: Kysely<Database>, entries: ResolvableEntry[], options: FillOptions = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('games').values(gameRow).execute();
    // Pairs of a player's entries stay in one slice (BATCH is even), so each player is inserted once.
    for (const rows of rowsOf(entries, (v) => (v ? 1 : 0), BATCH, options)) {
      await trx.insertInto('users').values(rows.users).execute();
      await trx.insertInto('player_stats').values(rows.playerStats).execute();
      await trx.insertInto('entries').values(rows.entries).execute();
      for (let j = 0; j < rows.signals.length; j += BATCH) await trx.insertInto('integrity_signals').values(rows.signals.slice(j, j + BATCH)).execute();
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
export async function fillPostgres(db: Kysely<Database>, url: string, entries: ResolvableEntry[], options: FillOptions = {}): Promise<void> {
  await db.insertInto('games').values(gameRow).execute();
  const client = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const copy = async <Row extends object>(table: string, columns: readonly (keyof Row & string)[], pick: (rows: BenchRows) => Row[]): Promise<void> => {
      const writable = await client.unsafe(`copy ${table} (${columns.join(', ')}) from stdin`).writable();
      await pipeline(
        Readable.from((function* () {
          for (const rows of rowsOf(entries, (v) => v, 20_000, options)) yield pick(rows).map((r) => copyLine(r, columns)).join('');
        })()),
        writable,
      );
    };
    await copy('users', ['id', 'email', 'verified_email', 'display_name', 'role', 'google_sub', 'referral_code', 'is_bot', 'created_at'], (r) => r.users);
    await copy('player_stats', ['user_id', 'wins', 'entries', 'current_streak', 'best_streak', 'last_played_date', 'last_played_at'], (r) => r.playerStats);
    await copy('entries', ['id', 'game_key', 'user_id', 'number', 'entry_type', 'submitted_at', 'salt', 'leaf'], (r) => r.entries);
    await copy('integrity_signals', ['user_id', 'kind', 'hash', 'day'], (r) => r.signals);
    await client.unsafe('vacuum analyze users, player_stats, entries, integrity_signals');
  } finally {
    await client.end();
  }
}

/** What the real close runs with here: the game's deadline as the clock, seeded randomness, the node digest. */
export const closeDeps = (store: Store): Deps => ({
  store, clock: new FixedClock(CLOSES_AT), random: new SeededRandom(7), hasher: new PlainHasher(), digest: nodeDigest, treeFolder: threadTreeFolder(), config: { ...defaultGameConfig },
});

async function closeOn(
  database: string,
  store: Store & { db: Kysely<Database> },
  count: number,
  fill: (entries: ResolvableEntry[]) => Promise<void>,
  treeBytes: () => Promise<number>,
): Promise<CloseBenchResult> {
  // The entries live only for the fill and the reference result: held through the close, a million objects would
  // let the collector defer its work (its limits grow with the live heap) and the close's peak would measure the
  // bench's own data, not the close.
  let entries: ResolvableEntry[] | null = makeEntries(count);
  const fillStart = performance.now();
  await fill(entries);
  const fillMs = performance.now() - fillStart;
  const { winner: _w, runnerUp: _r, ...expectedStats } = resolveNumbers(entries, [], 1000, GAME_KEY);
  entries = null;
  // …and collected now, not in the middle of the close (a server has no such heap of garbage when its close starts).
  collectGarbage();

  const deps = closeDeps(store);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  const closeCpuStart = process.cpuUsage();
  const outcome = await closeGame(deps, GAME_KEY);
  const closeMs = performance.now() - start;
  const closeCpu = process.cpuUsage(closeCpuStart);
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);

  const rootStart = performance.now();
  const rootCpuStart = process.cpuUsage();
  const snapshot = outcome.stats?.snapshot ?? { winningNumber: null, secondPlaceNumber: null };
  const rebuilt = await store.read((repos) => buildStoredTree(repos, nodeDigest, GAME_KEY, snapshot));
  const rootMs = performance.now() - rootStart;
  // CPU time as well: on a shared machine the wall time counts other processes' turns too. SQLite
  // runs in this thread, so its reading is in the figure.
  const rootCpu = process.cpuUsage(rootCpuStart);
  const rootCpuMs = (rootCpu.user + rootCpu.system) / 1000;
  const stored = await store.read((repos) => repos.fairness.storedRoot(GAME_KEY));
  const rootMatches = stored?.root === rebuilt.summary.root && rebuilt.summary.size === count;
  if (!rootMatches) console.error(`${database}: stored root ${stored?.root ?? 'none'} differs from the rebuilt ${rebuilt.summary.root}`);
  const treeBytesPerEntry = (await treeBytes()) / count;

  const matches = outcome.closedNow && rootMatches && isDeepStrictEqual(outcome.stats, expectedStats);
  if (!matches) console.error(`${database}: stored stats differ from resolveNumbers`, JSON.stringify(outcome.stats?.snapshot), JSON.stringify(expectedStats.snapshot));
  return {
    database,
    fillMs,
    closeMs,
    closeCpuMs: (closeCpu.user + closeCpu.system) / 1000,
    rootMs,
    rootCpuMs,
    treeBytesPerEntry,
    rssBeforeMb: rssBefore / 2 ** 20,
    rssPeakMb: rssPeak / 2 ** 20,
    matches,
  };
}

const print = (r: CloseBenchResult): void => {
  console.log(
    `${r.database.padEnd(10)} fill ${(r.fillMs / 1000).toFixed(1).padStart(5)} s   close ${(r.closeMs / 1000).toFixed(2).padStart(6)} s (cpu ${(r.closeCpuMs / 1000).toFixed(2)} s)   ` +
      `tree alone ${(r.rootMs / 1000).toFixed(2)} s (cpu ${(r.rootCpuMs / 1000).toFixed(2)} s), ${r.treeBytesPerEntry.toFixed(0)} B/entry   ` +
      `rss before ${r.rssBeforeMb.toFixed(0)} MB, peak during close ${r.rssPeakMb.toFixed(0)} MB   result ${r.matches ? 'matches resolveNumbers' : 'MISMATCH'}`,
  );
};

/** Fills and closes the game on a SQLite database in a temporary folder. */
async function closeOnSqlite(entries: number, results: CloseBenchResult[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-bench-'));
  const sqlite = await createSqliteStore(join(dir, 'bench.db'));
  try {
    const sqliteTreeBytes = async () =>
      Number(
        (
          await sql<{ bytes: number }>`select coalesce(sum(pgsize), 0) as bytes from dbstat
            where name in ('entries_game_number_leaf', 'mines_game_number_leaf', 'fairness_nodes', 'sqlite_autoindex_fairness_nodes_1')`.execute(sqlite.db)
        ).rows[0]?.bytes ?? 0,
      );
    results.push(await closeOn('sqlite', sqlite, entries, (rows) => fillSqlite(sqlite.db, rows), sqliteTreeBytes));
    print(results[results.length - 1]!);
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runCloseBench(options: { entries?: number; sqliteOnly?: boolean; postgresOnly?: boolean } = {}): Promise<CloseBenchResult[]> {
  const count = options.entries ?? DEFAULT_ENTRIES;
  // makeEntries stops at the first even count ≥ the one asked for (two per player).
  const entries = count + (count % 2);
  console.log(`close bench: ${entries.toLocaleString('en-US')} entries, numbers 1…${highestNumberFor(entries).toLocaleString('en-US')}, ${entries / 2} players`);
  const results: CloseBenchResult[] = [];

  if (!options.postgresOnly) await closeOnSqlite(entries, results);
  if (options.sqliteOnly) return results;

  const given = process.env['TEST_DATABASE_URL'];
  const server = given ? null : await startEmbeddedPostgres();
  try {
    const database = await createTestDatabase(given ?? server?.adminUrl ?? '', 'lowest_bench');
    const pg = await createPostgresStore(database.url);
    try {
      const postgresTreeBytes = async () =>
        Number(
          (
            await sql<{ bytes: string }>`select pg_relation_size('entries_game_number_leaf') + pg_relation_size('mines_game_number_leaf')
              + pg_total_relation_size('fairness_nodes') as bytes`.execute(pg.db)
          ).rows[0]?.bytes ?? 0,
        );
      results.push(await closeOn('postgres', pg, entries, (rows) => fillPostgres(pg.db, database.url, rows), postgresTreeBytes));
      print(results[results.length - 1]!);
    } finally {
      await pg.close();
      await database.drop();
    }
  } finally {
    await server?.stop();
  }
  console.log(`process maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (includes the generated entries and the reference check)`);
  return results;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--entries');
  const count = at >= 0 ? Number(args[at + 1]) : DEFAULT_ENTRIES;
  if (!Number.isSafeInteger(count) || count < 2) throw new Error('--entries must be a whole number ≥ 2');
  const stores = { sqliteOnly: args.includes('--sqlite-only'), postgresOnly: args.includes('--postgres-only') };
  const against = args[args.indexOf('--against') + 1];
  if (args.includes('--against')) {
    if (against !== 'no-tree' && against !== 'no-signals') throw new Error('--against must be no-tree or no-signals');
    const pairsAt = args.indexOf('--pairs');
    const pairs = pairsAt >= 0 ? Number(args[pairsAt + 1]) : 5;
    if (!Number.isSafeInteger(pairs) || pairs < 1) throw new Error('--pairs must be a whole number ≥ 1');
    const results = await runCloseAgainst({ gameKey: GAME_KEY, makeEntries, fillSqlite, fillPostgres, closeDeps }, { entries: count + (count % 2), against, pairs, ...stores });
    if (results.some((r) => !r.passes)) process.exitCode = 1;
  } else {
    const results = await runCloseBench({ entries: count, ...stores });
    if (results.some((r) => !r.matches)) process.exitCode = 1;
  }
}
