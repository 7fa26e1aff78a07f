// The close at scale: a game of 200,000 entries (numbers 1…N/4, here 50,000; `--entries N` for another size)
// closed on SQLite and on PostgreSQL (embedded) through the real closeGame use case; prints time and
// peak memory, checks the stored statistics against resolveNumbers on the same numbers, times the
// fairness tree (DESIGN.md §16, version 2) on its own: the same streaming build the close runs, checked against
// the stored root; and what the tree adds to the database per entry (the tree-order indexes and the stored nodes).
// `--sqlite-only` skips PostgreSQL, `--postgres-only` SQLite. `--against no-tree|no-signals [--pairs N]` times the close
// against a baseline in alternated pairs instead (close-against.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql, type Kysely } from 'kysely';
import { createPostgresStore } from '../adapters/postgres/store.ts';
import type { Database } from '../adapters/sql/schema.ts';
import { createSqliteStore } from '../adapters/sqlite/store.ts';
import { closeGame } from '../core/game/close.ts';
import { resolveNumbers, type ResolvableEntry } from '../core/game/resolve.ts';
import type { Store } from '../core/ports.ts';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { createTestDatabase, startEmbeddedPostgres } from '../test/support/postgres.ts';
import { buildStoredTree } from '../core/fairness/tree-v2-record.ts';
import { runCloseAgainst } from './close-against.ts';
import { closeDeps, fillPostgres, fillSqlite, GAME_KEY, highestNumberFor, makeEntries } from './close-fixture.ts';

const DEFAULT_ENTRIES = 200_000;

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
  if (!rootMatches)
    console.error(
      `${database}: stored root ${stored?.root ?? 'none'} differs from the rebuilt ${rebuilt.summary.root}`,
    );
  const treeBytesPerEntry = (await treeBytes()) / count;

  const matches = outcome.closedNow && rootMatches && isDeepStrictEqual(outcome.stats, expectedStats);
  if (!matches)
    console.error(
      `${database}: stored stats differ from resolveNumbers`,
      JSON.stringify(outcome.stats?.snapshot),
      JSON.stringify(expectedStats.snapshot),
    );
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
            where name in ('entries_game_number_leaf', 'mines_game_number_leaf', 'fairness_nodes', 'sqlite_autoindex_fairness_nodes_1')`.execute(
            sqlite.db,
          )
        ).rows[0]?.bytes ?? 0,
      );
    results.push(await closeOn('sqlite', sqlite, entries, (rows) => fillSqlite(sqlite.db, rows), sqliteTreeBytes));
    print(results[results.length - 1]!);
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runCloseBench(
  options: { entries?: number; sqliteOnly?: boolean; postgresOnly?: boolean } = {},
): Promise<CloseBenchResult[]> {
  const count = options.entries ?? DEFAULT_ENTRIES;
  // makeEntries stops at the first even count ≥ the one asked for (two per player).
  const entries = count + (count % 2);
  console.log(
    `close bench: ${entries.toLocaleString('en-US')} entries, numbers 1…${highestNumberFor(entries).toLocaleString('en-US')}, ${entries / 2} players`,
  );
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
            await sql<{
              bytes: string;
            }>`select pg_relation_size('entries_game_number_leaf') + pg_relation_size('mines_game_number_leaf')
              + pg_total_relation_size('fairness_nodes') as bytes`.execute(pg.db)
          ).rows[0]?.bytes ?? 0,
        );
      results.push(
        await closeOn('postgres', pg, entries, (rows) => fillPostgres(pg.db, database.url, rows), postgresTreeBytes),
      );
      print(results[results.length - 1]!);
    } finally {
      await pg.close();
      await database.drop();
    }
  } finally {
    await server?.stop();
  }
  console.log(
    `process maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (includes the generated entries and the reference check)`,
  );
  return results;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--entries');
  const count = at >= 0 ? Number(args[at + 1]) : DEFAULT_ENTRIES;
  if (!Number.isSafeInteger(count) || count < 2) throw new Error('--entries must be a whole number ≥ 2');
  const stores = { sqliteOnly: args.includes('--sqlite-only'), postgresOnly: args.includes('--postgres-only') };
  if (args.includes('--against')) {
    const against = args[args.indexOf('--against') + 1];
    if (against !== 'no-tree' && against !== 'no-signals') throw new Error('--against must be no-tree or no-signals');
    const pairsAt = args.indexOf('--pairs');
    const pairs = pairsAt >= 0 ? Number(args[pairsAt + 1]) : 5;
    if (!Number.isSafeInteger(pairs) || pairs < 1) throw new Error('--pairs must be a whole number ≥ 1');
    const results = await runCloseAgainst({ entries: count + (count % 2), against, pairs, ...stores });
    if (results.some((r) => !r.passes)) process.exitCode = 1;
  } else {
    const results = await runCloseBench({ entries: count, ...stores });
    if (results.some((r) => !r.matches)) process.exitCode = 1;
  }
}
