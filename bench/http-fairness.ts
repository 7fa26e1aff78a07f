// bench:http's fairness scenario (DESIGN.md §16, tree version 2): a closed game of 1,000,000 entries
// (`FAIRNESS_BENCH_ENTRIES` for another size) on SQLite, then on PostgreSQL, served by the project's server. Measures
// the median answer of the summary, an inclusion proof and a 10,000-item page (sequential requests, after a warm-up),
// then GET /api/game/today's p99 under wrk while 20 clients (a second wrk) download pages back to back.
import { nodeEd25519 } from '../adapters/crypto/ed25519.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { threadTreeFolder } from '../adapters/crypto/tree-fold-thread.ts';
import { createPostgresStore } from '../adapters/postgres/store.ts';
import type { Database } from '../adapters/sql/schema.ts';
import { createSqliteStore } from '../adapters/sqlite/store.ts';
import { defaultGameConfig } from '../core/config.ts';
import type { Deps } from '../core/deps.ts';
import { ITEMS_PAGE_SIZE } from '../core/fairness/tree-v2-record.ts';
import { closeGame } from '../core/game/close.ts';
import type { ResolvableEntry } from '../core/game/resolve.ts';
import type { Store } from '../core/ports.ts';
import { FixedClock, PlainHasher, SeededRandom } from '../test/support/fakes.ts';
import { createTestDatabase, startEmbeddedPostgres } from '../test/support/postgres.ts';
import { fillPostgres, fillSqlite, makeEntries } from './close-fixture.ts';
import { runWrk } from './http-wrk.ts';

const ENTRIES = Number(process.env['FAIRNESS_BENCH_ENTRIES'] ?? 1_000_000);
/** A SQLite database that already holds the closed game (bench:close's, or a copy kept from a run): no fill, left as is. */
const SQLITE_FILE = process.env['FAIRNESS_BENCH_SQLITE'];
const GAME_KEY = '2026-11-20';
const SAMPLES = 21;
const DOWNLOADERS = 20;
const LOAD_SECONDS = 10;
/** Targets of the scenario. */
const ANSWER_MS = 50;
const TODAY_P99_MS = 100;

export interface FairnessServer {
  origin: string;
  port: number;
  stop(): Promise<void>;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Milliseconds until the whole body of GET `url` has arrived, asked for as a browser asks (brotli, as the page
 * downloaders below do) and left encoded, as curl would: the answer's time, not this client's. Node's fetch offers
 * only gzip over plain http and decodes a 600 KB brotli page in about 100 ms of its own.
 */
const timed = (url: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    get(url, { headers: { 'Accept-Encoding': 'br, gzip' } }, (response) => {
      response.on('data', () => undefined);
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode === 200) resolve(performance.now() - started);
        else reject(new Error(`GET ${url} answered ${String(response.statusCode)}`));
      });
    }).on('error', reject);
  });

const medianOf = async (urls: () => string): Promise<number> => {
  for (let i = 0; i < 3; i += 1) await timed(urls());
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) times.push(await timed(urls()));
  return median(times);
};

async function closedGameOn(
  store: Store & { db: Kysely<Database> },
  fill: (entries: ResolvableEntry[]) => Promise<void>,
): Promise<void> {
  await fill(makeEntries(ENTRIES));
  const deps: Deps = {
    store,
    clock: new FixedClock('2026-11-20T00:00:00.000Z'),
    random: new SeededRandom(7),
    hasher: new PlainHasher(),
    digest: nodeDigest,
    treeFolder: threadTreeFolder(),
    signer: nodeEd25519,
    config: { ...defaultGameConfig },
  };
  const outcome = await closeGame(deps, GAME_KEY);
  if (!outcome.closedNow) throw new Error('the bench game did not close');
}

async function measureOn(name: string, server: FairnessServer): Promise<boolean> {
  const base = `${server.origin}/api/fairness/${GAME_KEY}`;
  const summary = (await (await fetch(base)).json()) as { size: number };
  const firstPage = (await (await fetch(`${base}/items?from=0&count=1000`)).json()) as { items: { leaf: string }[] };
  const leaves = firstPage.items.map((i) => i.leaf);
  let k = 0;
  const randomFrom = () => Math.floor(Math.random() * Math.max(1, summary.size - ITEMS_PAGE_SIZE));
  const summaryMs = await medianOf(() => base);
  const proofMs = await medianOf(() => `${base}/proof/${leaves[(k += 37) % leaves.length] ?? ''}`);
  const pageMs = await medianOf(() => `${base}/items?from=${String(randomFrom())}&count=${String(ITEMS_PAGE_SIZE)}`);

  // The downloaders are a second wrk (C): Node clients decoding 600 KB pages would take the CPU the server needs on a
  // 2-core machine, and the figure would measure them.
  const pagePaths = Array.from(
    { length: 4_000 },
    () => `/api/fairness/${GAME_KEY}/items?from=${String(randomFrom())}&count=${String(ITEMS_PAGE_SIZE)}`,
  );
  const downloads = runWrk({
    port: server.port,
    path: pagePaths[0] ?? '/',
    connections: DOWNLOADERS,
    seconds: LOAD_SECONDS + 1,
    lines: pagePaths,
  });
  const today = await runWrk({ port: server.port, path: '/api/game/today', connections: 10, seconds: LOAD_SECONDS });
  const pageRound = await downloads;
  const pages = pageRound.requests;
  const pageErrors = pageRound.socketErrors + pageRound.statusErrors;
  const total = today.latencyUs.reduce((sum, [, n]) => sum + n, 0);
  let seen = 0;
  let p99 = 0;
  for (const [us, n] of [...today.latencyUs].sort((a, b) => a[0] - b[0])) {
    seen += n;
    if (seen >= Math.ceil(total * 0.99)) {
      p99 = us / 1000;
      break;
    }
  }
  const verdict = (ms: number, goal: number) =>
    `${ms.toFixed(1)} ms ${ms <= goal ? 'PASS' : 'FAIL'} (≤ ${String(goal)} ms)`;
  console.log(`${name}: ${summary.size.toLocaleString('en-US')} items`);
  console.log(`  summary               median ${verdict(summaryMs, ANSWER_MS)}`);
  console.log(`  inclusion proof       median ${verdict(proofMs, ANSWER_MS)}`);
  console.log(`  page of ${ITEMS_PAGE_SIZE.toLocaleString('en-US')} items  median ${verdict(pageMs, ANSWER_MS)}`);
  console.log(
    `  GET /api/game/today while ${String(DOWNLOADERS)} clients download pages (${String(pages)} pages in ${String(LOAD_SECONDS)} s): ` +
      `p99 ${verdict(p99, TODAY_P99_MS)}, ${String(total)} answers, ${String(today.socketErrors + today.statusErrors)} errors (pages: ${String(pageErrors)} errors)`,
  );
  return (
    summaryMs <= ANSWER_MS &&
    proofMs <= ANSWER_MS &&
    pageMs <= ANSWER_MS &&
    p99 <= TODAY_P99_MS &&
    today.socketErrors + today.statusErrors === 0 &&
    pageErrors === 0
  );
}

/** Runs the scenario on SQLite and, unless `withPostgres` is false, on embedded PostgreSQL; `start` serves a database. */
export async function runFairnessScenario(
  start: (databaseUrl: string) => Promise<FairnessServer>,
  withPostgres: boolean,
): Promise<boolean> {
  console.log(`\nfairness: a closed game of ${ENTRIES.toLocaleString('en-US')} entries, tree version 2`);
  let ok = true;
  const dir = mkdtempSync(join(tmpdir(), 'lowest-fairness-bench-'));
  try {
    const file = SQLITE_FILE ?? join(dir, 'fairness.db');
    if (!SQLITE_FILE) {
      const sqlite = await createSqliteStore(file);
      await closedGameOn(sqlite, (entries) => fillSqlite(sqlite.db, entries));
      await sqlite.close();
    }
    const server = await start(`sqlite:${file}`);
    try {
      ok = (await measureOn('SQLite', server)) && ok;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!withPostgres) return ok;
  const given = process.env['TEST_DATABASE_URL'];
  const embedded = given ? null : await startEmbeddedPostgres();
  try {
    const database = await createTestDatabase(given ?? embedded?.adminUrl ?? '', 'lowest_fairness_bench');
    const pg = await createPostgresStore(database.url);
    await closedGameOn(pg, (entries) => fillPostgres(pg.db, database.url, entries));
    await pg.close();
    const server = await start(database.url);
    try {
      ok = (await measureOn('PostgreSQL', server)) && ok;
    } finally {
      await server.stop();
    }
  } finally {
    await embedded?.stop();
  }
  return ok;
}
