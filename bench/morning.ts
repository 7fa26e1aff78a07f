// `npm run bench:morning`: the morning after a closed day of 1,000,000 entries (DESIGN.md §17, ADR 0061), when every
// player opens the app to see the result. The project's server, started as `npm start` starts it, on a database
// holding that day and 29 smaller closed days before it, against bare node:http servers in the same run (wrk, one
// thread, 100 keep-alive connections, no Accept-Encoding, alternated one-second rounds as bench:http does):
// - each public read of the closed day against a bare server answering the same bytes from memory
//   (bench/morning-baseline.ts), then its p99 at half the project's own saturated pace (wrk paced by http-wrk.lua);
// - each signed-in read of the same morning against the bare server's keyed select (bench/http-baseline.ts's
//   GET /api/entry/mine, on SQLite with better-sqlite3, on PostgreSQL with postgres.js);
// - the server's RSS with the kept copies of all 30 closed days;
// and what a load of the play screen and of the statistics screen costs in total. On SQLite, then on embedded
// PostgreSQL (MORNING_BENCH_POSTGRES=0: SQLite only). PASS/FAIL per goal, exit 1 on a miss.
//
// The SQLite database is made once and kept (MORNING_BENCH_FIXTURE, default in the temporary folder); each run serves
// a copy of it. `--entries N` (or MORNING_BENCH_ENTRIES) sizes the closed day; `--fixture-only` makes the SQLite
// database and stops.
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { createPostgresStore } from '../adapters/postgres/store.ts';
import type { Database } from '../adapters/sql/schema.ts';
import { createSqliteStore } from '../adapters/sqlite/store.ts';
import { entryLeaf } from '../core/fairness/hashes.ts';
import { closeGame } from '../core/game/close.ts';
import type { Store } from '../core/ports.ts';
import { FixedClock, SeededRandom } from '../test/support/fakes.ts';
import { freePort } from '../test/support/free-port.ts';
import { createTestDatabase, startEmbeddedPostgres } from '../test/support/postgres.ts';
import { closeDeps, fillPostgres, fillSqlite, GAME_KEY, makeEntries } from './close-fixture.ts';
import {
  printGoals,
  quantileMs,
  startFlagsOf,
  startProcess,
  stopChild,
  treeCpuMs,
  treeRssBytes,
  type Goal,
} from './http.ts';
import { requireWrk, runWrk } from './http-wrk.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entriesArg = process.argv.indexOf('--entries');
const ENTRIES = Number(
  (entriesArg >= 0 ? process.argv[entriesArg + 1] : undefined) ?? process.env['MORNING_BENCH_ENTRIES'] ?? 1_000_000,
);
const FIXTURE = process.env['MORNING_BENCH_FIXTURE'] ?? join(tmpdir(), `lowest-morning-${String(ENTRIES)}.db`);
const WITH_POSTGRES = process.env['MORNING_BENCH_POSTGRES'] !== '0';
const CONNECTIONS = 100;
const WARM_UP_SECONDS = 2;
/** One-second rounds per target and read. */
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const PACED_SECONDS = 5;
/** The closed days before the big one: 29 more, so the server keeps the answers of 30. */
const EARLIER_DAYS = 29;
const EARLIER_DAY_ENTRIES = 4_000;
/** Players of the big day with a session: the signed-in reads rotate through them. */
const READERS = 2_000;

const GOALS = { publicRatio: 0.5, pacedP99Ms: 25, rssMb: 250, signedInRatio: 0.3 };

const DAY = GAME_KEY;
const PUBLIC_READS = [
  { label: 'GET /api/stats/daily/{date}', path: `/api/stats/daily/${DAY}` },
  { label: 'GET /api/results/{date}', path: `/api/results/${DAY}` },
  { label: 'GET /api/fairness/{date}', path: `/api/fairness/${DAY}` },
  { label: 'GET /api/history?limit=100', path: '/api/history?limit=100' },
  { label: 'GET /api/leaderboard?kind=wins&limit=50', path: '/api/leaderboard?kind=wins&limit=50' },
] as const;
/** Not a closed day's answer (it carries the server's clock): measured, judged by bench:http. */
const TODAY = { label: 'GET /api/game/today', path: '/api/game/today' } as const;
const SIGNED_IN_READS = [
  { label: 'GET /api/me', path: '/api/me' },
  { label: 'GET /api/entry/mine', path: '/api/entry/mine' },
  { label: 'GET /api/results/me/latest', path: '/api/results/me/latest' },
  { label: 'GET /api/winnings', path: '/api/winnings' },
  // A player's statistics screen: the day's statistics with their own entries, built per request.
  { label: 'GET /api/stats/daily/{date} signed in', path: `/api/stats/daily/${DAY}` },
] as const;

// --- the fixture -------------------------------------------------------------------------------

/** A player of the big day (close-fixture.ts names them so). */
const playerId = (i: number): string => `p${String(i).padStart(6, '0')}-0000-4000-8000-000000000000`;
/** The reader's session token: the same in every run, as the kept SQLite database holds its hash. */
const readerToken = (i: number): string => nodeDigest.sha256Hex(`morning-reader|${String(i)}`);

const dayBefore = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) - days * 86_400_000).toISOString().slice(0, 10);
const EARLIER = Array.from({ length: EARLIER_DAYS }, (_, i) => dayBefore(DAY, EARLIER_DAYS - i));

/** The 29 earlier days, open and due, each with EARLIER_DAY_ENTRIES picks of the big day's first players. */
async function addEarlierDays(db: Kysely<Database>): Promise<void> {
  const random = new SeededRandom(61);
  for (const key of EARLIER) {
    await db
      .insertInto('games')
      .values({
        key,
        date: key,
        number: 1,
        status: 'open',
        opens_at: `${dayBefore(key, 1)}T00:00:00.000Z`,
        closes_at: `${key}T00:00:00.000Z`,
        closed_at: null,
        winning_number: null,
        stats: null,
      })
      .execute();
    const rows = Array.from({ length: EARLIER_DAY_ENTRIES }, (_, j) => {
      const id = `${key}-${String(j).padStart(6, '0')}-4000-8000-0000000`;
      const number = 1 + Math.floor(random.next() * 1_000) + (j % 2) * 1_000;
      const salt = nodeDigest.sha256Hex(`morning-salt|${id}`).slice(0, 32);
      return {
        id,
        game_key: key,
        user_id: playerId(Math.floor(j / 2)),
        number,
        entry_type: j % 2 === 0 ? 'standard' : 'bonus',
        submitted_at: `${dayBefore(key, 1)}T12:00:00.000Z`,
        salt,
        leaf: entryLeaf(nodeDigest, key, id, number, salt),
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('entries')
        .values(rows.slice(i, i + 500))
        .execute();
  }
}

/** Closes the earlier days in order, then the big one, through the real close. */
async function closeAll(store: Store): Promise<void> {
  for (const [i, key] of [...EARLIER, DAY].entries()) {
    // Each close its own random stream: the ids it makes (the winning's) must differ from day to day.
    const deps = {
      ...closeDeps(store),
      clock: new FixedClock(`${key}T00:00:00.000Z`),
      random: new SeededRandom(i + 1),
    };
    const outcome = await closeGame(deps, key);
    if (!outcome.closedNow) throw new Error(`the bench's day ${key} did not close`);
  }
}

async function addReaderSessions(db: Kysely<Database>): Promise<void> {
  const rows = Array.from({ length: READERS }, (_, i) => ({
    token_hash: nodeDigest.sha256Hex(readerToken(i)),
    user_id: playerId(i),
    created_at: '2026-11-20T06:00:00.000Z',
    expires_at: '2036-11-20T06:00:00.000Z',
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('sessions')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** The SQLite fixture, made once at FIXTURE. */
async function sqliteFixture(): Promise<string> {
  if (existsSync(FIXTURE)) {
    console.log(`SQLite fixture: ${FIXTURE} (kept from an earlier run)`);
    return FIXTURE;
  }
  const started = performance.now();
  const partial = `${FIXTURE}.partial`;
  rmSync(partial, { force: true });
  const store = await createSqliteStore(partial);
  await fillSqlite(store.db, makeEntries(ENTRIES));
  await addEarlierDays(store.db);
  await closeAll(store);
  await addReaderSessions(store.db);
  await store.close();
  renameSync(partial, FIXTURE);
  console.log(`SQLite fixture: ${FIXTURE}, made in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return FIXTURE;
}

async function postgresFixture(url: string): Promise<void> {
  const started = performance.now();
  const store = await createPostgresStore(url);
  // Without the integrity signals: no read of the morning uses them, and COPYing 3,000,000 more rows takes minutes.
  await fillPostgres(store.db, url, makeEntries(ENTRIES), { signals: false });
  await addEarlierDays(store.db);
  await closeAll(store);
  await addReaderSessions(store.db);
  await store.close();
  console.log(`PostgreSQL fixture made in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// --- load --------------------------------------------------------------------------------------

interface Server {
  name: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  cpuUsPerRequest: number;
}

interface Load {
  server: Server;
  path: string;
  /** Cookies, one a request in turn (signed-in reads); none: the plain GET. */
  cookies?: string[];
}

const tally = () => ({ histogram: new Map<number, number>(), requests: 0, elapsedMs: 0, cpuMs: 0, errors: 0 });

const figuresOf = (t: ReturnType<typeof tally>): Figures => ({
  reqPerSec: t.elapsedMs === 0 ? 0 : (t.requests / t.elapsedMs) * 1000,
  p50: quantileMs(t.histogram, t.requests, 0.5),
  p99: quantileMs(t.histogram, t.requests, 0.99),
  errors: t.errors,
  cpuUsPerRequest: t.requests === 0 ? 0 : (t.cpuMs * 1000) / t.requests,
});

const round = async (load: Load, seconds: number, into: ReturnType<typeof tally> | null, rate?: number) => {
  const cpuBefore = treeCpuMs(load.server.pid);
  const result = await runWrk({
    port: load.server.port,
    path: load.path,
    connections: CONNECTIONS,
    seconds,
    ...(load.cookies ? { lines: load.cookies } : {}),
    ...(rate === undefined ? {} : { rate }),
  });
  if (!into) return;
  into.cpuMs += treeCpuMs(load.server.pid) - cpuBefore;
  for (const [us, count] of result.latencyUs) into.histogram.set(us, (into.histogram.get(us) ?? 0) + count);
  into.requests += result.requests;
  into.elapsedMs += result.elapsedMs;
  into.errors += result.socketErrors + result.statusErrors;
};

/** The loads in alternated one-second rounds after a warm-up each, every other round in reverse order. */
const measure = async (loads: Load[]): Promise<Figures[]> => {
  const tallies = loads.map(tally);
  for (const load of loads) await round(load, WARM_UP_SECONDS, null);
  for (let r = 0; r < SECONDS; r += 1)
    for (let k = 0; k < loads.length; k += 1) {
      const i = r % 2 === 0 ? k : loads.length - 1 - k;
      const load = loads[i];
      if (load) await round(load, 1, tallies[i] ?? null);
    }
  return tallies.map(figuresOf);
};

/** The p99 with the load paced at `rate` requests a second over the connections. */
const paced = async (load: Load, rate: number): Promise<Figures> => {
  const t = tally();
  await round(load, PACED_SECONDS, t, Math.max(1, rate));
  return figuresOf(t);
};

const fmt = (f: Figures): string =>
  `${Math.round(f.reqPerSec).toLocaleString('en-US').padStart(7)} req/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  ` +
  `p99 ${f.p99.toFixed(1).padStart(6)} ms  errors ${String(f.errors).padStart(4)}  CPU ${Math.round(f.cpuUsPerRequest)
    .toLocaleString('en-US')
    .padStart(5)} µs/req`;

// --- a store's run -----------------------------------------------------------------------------

const started = async (name: string, args: string[], env: NodeJS.ProcessEnv, probe: string): Promise<Server> => {
  const port = await freePort();
  const child = await startProcess(args, { ...env, PORT: String(port) }, port, probe);
  return { name, port, pid: child.pid ?? 0, stop: () => stopChild(child) };
};

const body = async (port: number, path: string): Promise<string> => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${String(res.status)}`);
  return res.text();
};

async function runStore(
  title: string,
  databaseUrl: string,
  keyedBaseline: { DATABASE_FILE: string } | { DATABASE_URL: string },
): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-morning-'));
  const servers: Server[] = [];
  try {
    const project = await started(
      'project',
      [...startFlagsOf(root), 'scripts/start.mjs'],
      { DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://127.0.0.1' },
      '/api/game/today',
    );
    servers.push(project);
    // The kept copies of every closed day's public answers, as 30 mornings of readers leave them.
    for (const key of [...EARLIER, DAY])
      for (const path of [`/api/stats/daily/${key}`, `/api/results/${key}`, `/api/fairness/${key}`])
        await body(project.port, path);
    const bodies: Record<string, string> = {};
    for (const { path } of [...PUBLIC_READS, TODAY]) bodies[path] = await body(project.port, path);
    const bodiesFile = join(dir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await started(
      'bare',
      ['--import', 'tsx', 'bench/morning-baseline.ts'],
      { BODIES: bodiesFile },
      '/api/game/today',
    );
    servers.push(bare);
    const keyed = await started(
      'keyed',
      ['--import', 'tsx', 'bench/http-baseline.ts'],
      keyedBaseline,
      '/api/game/today',
    );
    servers.push(keyed);

    console.log(`\n${title}`);
    let rssPeak = treeRssBytes(project.pid);
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, treeRssBytes(project.pid))), 100);
    const goals: Goal[] = [];
    const byLabel = new Map<string, Figures>();
    try {
      for (const read of [...PUBLIC_READS, TODAY]) {
        const [mine, base] = await measure([
          { server: project, path: read.path },
          { server: bare, path: read.path },
        ]);
        if (!mine || !base) throw new Error('measure returned fewer figures than loads');
        const bytes = Buffer.byteLength(bodies[read.path] ?? '');
        console.log(`${read.label} (${bytes.toLocaleString('en-US')} B)`);
        console.log(`  project   ${fmt(mine)}`);
        console.log(`  bare      ${fmt(base)}`);
        const ratio = mine.reqPerSec / base.reqPerSec;
        console.log(`  ratio     ${ratio.toFixed(2)}× req/s`);
        byLabel.set(read.label, mine);
        if (read === TODAY) continue;
        const slow = await paced({ server: project, path: read.path }, mine.reqPerSec / 2);
        console.log(`  paced at half the project's pace: ${fmt(slow)}`);
        const clean = mine.errors === 0 && slow.errors === 0;
        goals.push({
          label: read.label,
          measured: `${ratio.toFixed(2)}×, p99 ${slow.p99.toFixed(1)} ms at ${Math.round(slow.reqPerSec).toLocaleString('en-US')} req/s${clean ? '' : ' (errors)'}`,
          goal: `≥ ${GOALS.publicRatio.toFixed(2)}×, p99 ≤ ${String(GOALS.pacedP99Ms)} ms at half pace`,
          pass: clean && ratio >= GOALS.publicRatio && slow.p99 <= GOALS.pacedP99Ms,
        });
      }

      const cookies = Array.from({ length: READERS }, (_, i) => `sid=${readerToken(i)}`);
      const keyedCookies = Array.from({ length: READERS }, (_, i) => `sid=${playerId(i)}`);
      for (const read of SIGNED_IN_READS) {
        const [mine, base] = await measure([
          { server: project, path: read.path, cookies },
          { server: keyed, path: '/api/entry/mine', cookies: keyedCookies },
        ]);
        if (!mine || !base) throw new Error('measure returned fewer figures than loads');
        console.log(read.label);
        console.log(`  project   ${fmt(mine)}`);
        console.log(`  keyed     ${fmt(base)}   (bare GET /api/entry/mine: one keyed select)`);
        const ratio = mine.reqPerSec / base.reqPerSec;
        console.log(`  ratio     ${ratio.toFixed(2)}× req/s`);
        byLabel.set(read.label, mine);
        if (read.label.endsWith('signed in')) continue;
        goals.push({
          label: `${read.label} (signed in)`,
          measured: `${ratio.toFixed(2)}×${mine.errors === 0 ? '' : ' (errors)'}`,
          goal: `≥ ${GOALS.signedInRatio.toFixed(2)}× of the keyed select`,
          pass: mine.errors === 0 && ratio >= GOALS.signedInRatio,
        });
      }
    } finally {
      clearInterval(sampler);
    }
    goals.push({
      label: 'server RSS, the kept answers of 30 closed days',
      measured: `${(rssPeak / 2 ** 20).toFixed(0)} MB`,
      goal: `≤ ${String(GOALS.rssMb)} MB`,
      pass: rssPeak > 0 && rssPeak <= GOALS.rssMb * 2 ** 20,
    });

    printScreens(byLabel);
    return printGoals(`goals (${title.split(' ')[0] ?? title}, this run)`, goals);
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A screen's load: its requests' server CPU added up, and how many loads a second the server's pace allows. */
function printScreens(byLabel: Map<string, Figures>): void {
  const screens = [
    {
      name: 'play screen, signed in',
      reads: ['GET /api/me', 'GET /api/game/today', 'GET /api/entry/mine', 'GET /api/results/me/latest'],
    },
    {
      name: 'statistics screen, signed in',
      reads: ['GET /api/me', 'GET /api/history?limit=100', 'GET /api/stats/daily/{date} signed in'],
    },
    { name: 'statistics screen, visitor', reads: ['GET /api/history?limit=100', 'GET /api/stats/daily/{date}'] },
  ];
  console.log('\nwhat a screen load costs the server (its measured reads; the prize and rewards not included)');
  for (const screen of screens) {
    const figures = screen.reads.map((label) => byLabel.get(label));
    if (figures.some((f) => f === undefined)) continue;
    const cpuUs = figures.reduce((sum, f) => sum + (f?.cpuUsPerRequest ?? 0), 0);
    const seconds = figures.reduce((sum, f) => sum + 1 / Math.max(f?.reqPerSec ?? 1, 1), 0);
    console.log(
      `  ${screen.name.padEnd(30)} ${String(screen.reads.length)} requests, CPU ${Math.round(cpuUs).toLocaleString('en-US').padStart(6)} µs a load, ` +
        `${Math.round(1 / seconds).toLocaleString('en-US')} loads/s at the measured paces`,
    );
  }
}

// --- main --------------------------------------------------------------------------------------

export async function runMorningBench(): Promise<boolean> {
  requireWrk();
  console.log(
    `morning bench: a closed day of ${ENTRIES.toLocaleString('en-US')} entries and ${String(EARLIER_DAYS)} earlier closed days; ` +
      `wrk, one thread, ${String(CONNECTIONS)} connections, no Accept-Encoding, ${String(WARM_UP_SECONDS)} s warm-up then ` +
      `${String(SECONDS)} rounds of 1 s per target (alternating); the p99 paced at half the project's pace for ${String(PACED_SECONDS)} s`,
  );
  let ok = true;
  const dir = mkdtempSync(join(tmpdir(), 'lowest-morning-run-'));
  try {
    const fixture = await sqliteFixture();
    const copy = join(dir, 'morning.db');
    copyFileSync(fixture, copy);
    ok =
      (await runStore('SQLite (a copy of the fixture) vs bare node:http', `sqlite:${copy}`, {
        DATABASE_FILE: join(dir, 'keyed.db'),
      })) && ok;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!WITH_POSTGRES) return ok;
  const given = process.env['TEST_DATABASE_URL'];
  const embedded = given ? null : await startEmbeddedPostgres();
  try {
    const adminUrl = given ?? embedded?.adminUrl ?? '';
    const database = await createTestDatabase(adminUrl, 'lowest_morning');
    const floor = await createTestDatabase(adminUrl, 'lowest_morning_floor');
    try {
      await postgresFixture(database.url);
      ok =
        (await runStore('PostgreSQL (embedded) vs bare node:http and the postgres.js floor', database.url, {
          DATABASE_URL: floor.url,
        })) && ok;
    } finally {
      await database.drop();
      await floor.drop();
    }
  } finally {
    await embedded?.stop();
  }
  return ok;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--fixture-only')) await sqliteFixture();
  else if (!(await runMorningBench())) process.exitCode = 1;
}
