// `npm run bench:http`: the request path under a deadline rush, as a deadline finds it (DESIGN.md §19): today's game
// already holds 500,000 picks and the database 1,000,000 players with sessions (bench/http-fixture.ts, made once and
// copied for each run), and every timed pick is a new player's first pick from a new address on a new /24 network.
// Starts the server the way `npm start` does (its own process) and a bare node:http + better-sqlite3 baseline on the
// same fixture's table, drives both with the same load at 100 keep-alive connections (wrk, and the Node client for
// the rush), and prints req/s, p50, p99 and errors per scenario with the project/baseline ratio; then each wrk
// scenario's p99 at half the project's own saturated pace (ADR 0055), and the picks into an empty game for
// comparison. Then the same against embedded PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import postgres from 'postgres';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { createPostgresStore } from '../adapters/postgres/store.ts';
import type { Database } from '../adapters/sql/schema.ts';
import { createSqliteStore } from '../adapters/sqlite/store.ts';
import { createTestDatabase, startEmbeddedPostgres } from '../test/support/postgres.ts';
import { runLoad, type BenchJob, type BenchRequest, type BenchResponse } from './http-load-client.ts';
import { requireWrk, runWrk } from './http-wrk.ts';
import { runFairnessScenario, type FairnessServer } from './http-fairness.ts';
import { freePort } from '../test/support/free-port.ts';
import {
  copySqlite,
  FIXTURE_PICKS,
  FIXTURE_PLAYERS,
  fixturePlayer,
  httpFixture,
  fixturePostgres,
  SEEDED_ENTRY_SUFFIX,
  type HttpFixture,
} from './http-fixture.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 100;
/** Long enough for V8 to compile the hot paths on a busy machine: the first second runs at a fraction of the rest. */
const WARM_UP_SECONDS = 3;
/** Players that only read (entry/mine); submitters and rush players are used once each, from pools refilled as the load needs. */
const READERS = 2_000;
/**
 * What a round's pools are sized from before a target's first round has shown its pace: more than a fast machine
 * reaches (submissions a second, rush players a second). Each later round takes twice the fastest pace seen.
 */
const FIRST_PACE = { submit: 25_000, rush: 5_000 };
/** A round that ran out of players anyway is run again, at most this often, with pools sized from what it sent. */
const EXHAUSTED_RETRIES = 3;
/** Knobs for profiling (docs/performance.md): a CPU profile of the server, a subset of the scenarios (`fairness` too), no PostgreSQL. */
const PROFILE_DIR = process.env['HTTP_BENCH_PROFILE_DIR'];
/** Seconds of the paced rounds that give each wrk scenario's p99 at half the project's saturated pace (after a 1 s warm-up). */
const PACED_SECONDS = 5;
/** More node flags for the project's server, e.g. `--heap-prof --heap-prof-dir=/tmp/heap` or a V8 heap option. */
const SERVER_FLAGS = process.env['HTTP_BENCH_SERVER_FLAGS']?.split(' ').filter((flag) => flag !== '') ?? [];
const ONLY = process.env['HTTP_BENCH_SCENARIOS']?.split(',');
/** Prints every counted round's throughput, to see a target's pace change within a scenario. */
const PRINT_ROUNDS = process.env['HTTP_BENCH_ROUNDS'] === '1';
const WITH_POSTGRES = process.env['HTTP_BENCH_POSTGRES'] !== '0';
/** `HTTP_BENCH_SQLITE=0` leaves SQLite out (a PostgreSQL-only run). */
const WITH_SQLITE = process.env['HTTP_BENCH_SQLITE'] !== '0';
/** Measures only the stack's floor (bench/http-hono-floor.ts) against the baseline, on GET /api/game/today. */
const FLOOR_ONLY = process.env['HTTP_BENCH_FLOOR'] === '1';
/**
 * Another checkout of the project (e.g. `git worktree add /tmp/before <commit>`, with node_modules): its server against
 * this one's, in alternating rounds on identical databases, instead of against the baseline. Under other load on a
 * shared machine this shows what a change bought more steadily than two separate runs.
 */
const AGAINST = process.env['HTTP_BENCH_AGAINST'];
/** One-second rounds per target and scenario: 12 when comparing two checkouts, whose differences are smaller. */
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? (AGAINST === undefined ? 5 : 12));
/** The database of the against mode: `sqlite` (default) or `postgres` (both servers on one embedded PostgreSQL). */
const AGAINST_ON_POSTGRES = process.env['HTTP_BENCH_AGAINST_DB'] === 'postgres';
/** The against mode on copies of the full game's SQLite file (`HTTP_BENCH_AGAINST_FULL=1`) instead of empty databases. */
const AGAINST_FULL = process.env['HTTP_BENCH_AGAINST_FULL'] === '1' && !AGAINST_ON_POSTGRES;

type ScenarioName = 'game' | 'mine' | 'submit' | 'rush';
/** The fairness scenario has its own database (a closed game of a million entries): bench/http-fairness.ts. */
const WITH_FAIRNESS = ONLY === undefined || ONLY.includes('fairness');
const SCENARIOS = (
  [
    { name: 'game', label: 'GET /api/game/today' },
    { name: 'mine', label: 'GET /api/entry/mine' },
    { name: 'submit', label: 'POST /api/entry' },
    { name: 'rush', label: 'deadline rush (5 req/player)' },
  ] satisfies { name: ScenarioName; label: string }[]
).filter((s) => ONLY === undefined || ONLY.includes(s.name));

interface Player {
  id: string;
  cookie: string;
  /** The client address its pick comes from (X-Forwarded-For): each player's own, on a /24 network of its own. */
  address: string;
}

/** A player as seeded: the session's token is stored only as its hash. */
type SeededPlayer = Player & { tokenHash: string };

interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** CPU time the server spent per request: unlike req/s, hardly moved by other load on the machine. */
  cpuUsPerRequest: number;
  exhausted: boolean;
}

type PoolName = 'submitters' | 'rushers';

/** A running server under test, with what the checks need to know about it. */
interface Target {
  name: string;
  port: number;
  origin: string;
  pid: number;
  players: { readers: Player[]; submitters: Player[]; rushers: Player[] };
  /** Submitters and rush players are used once each: the next unused one. */
  cursor: { submitters: number; rushers: number };
  /** The fastest pace a round has shown: submissions, and rush players, a second. */
  pace: { submit: number; rush: number };
  /** Adds `count` players to the pool, signed in on the target. */
  refill(pool: PoolName, count: number): Promise<void>;
  /** After a scenario's warm-up: what a database that has been open all day has done by the rush (see BenchDatabase). */
  settle?(): Promise<void>;
  stop(): Promise<void>;
}

/** Makes sure the pool has `count` players not used yet. */
const ensurePlayers = async (target: Target, pool: PoolName, count: number): Promise<void> => {
  const left = target.players[pool].length - target.cursor[pool];
  if (left < count) await target.refill(pool, count - left);
};

// --- processes -------------------------------------------------------------------------------

export const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });

/** Spawns a server process and polls `probe` until it answers 200 (or the process dies). */
export const startProcess = async (
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  probe: string,
  cwd = root,
): Promise<ChildProcess> => {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString('utf8'));
    if (stderr.length > 50) stderr.shift();
  });
  child.once('exit', () => {
    const said = stderr.join('').trim();
    if (said) console.log(`  ${args.join(' ')} wrote to stderr:\n${said.slice(-2000)}`);
  });
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    if (child.exitCode !== null)
      throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${stderr.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${port}${probe}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopChild(child);
  throw new Error(`${args.join(' ')} did not answer ${probe} within 180 s:\n${stderr.join('')}`);
};

/** The process and its descendants (the server may run under a launcher). */
const processTree = (pid: number): number[] => {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop() ?? 0;
    tree.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return tree;
};

/** Linux's USER_HZ: /proc/PID/stat counts CPU time in these. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Resident memory of the process and its descendants. */
export const treeRssBytes = (pid: number): number => {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1];
      total += Number(kb ?? 0) * 1024;
    } catch {
      // Gone.
    }
  }
  return total;
};

// --- players ---------------------------------------------------------------------------------

/** Addresses handed out in this run: each player's is new, and so is its /24 (the network an integrity signal names). */
let addresses = 0;
const nextAddress = (): string => {
  const n = (addresses += 1);
  return `${11 + (n >> 16)}.${(n >> 8) & 0xff}.${n & 0xff}.7`;
};

const makePlayers = (prefix: string, count: number): SeededPlayer[] =>
  Array.from({ length: count }, (_, i) => {
    const token = randomBytes(32).toString('hex');
    return {
      id: `${prefix}${String(i).padStart(6, '0')}`,
      cookie: `sid=${token}`,
      tokenHash: nodeDigest.sha256Hex(token),
      address: nextAddress(),
    };
  });

/** Users, their stats rows and live sessions, straight into the tables: the bench measures play, not sign-in. */
async function seedPlayers(
  db: Kysely<Database>,
  players: SeededPlayer[],
  bool: (v: boolean) => boolean | number,
): Promise<void> {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const BATCH = 500;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < players.length; i += BATCH) {
      const slice = players.slice(i, i + BATCH);
      await trx
        .insertInto('users')
        .values(
          slice.map((p) => ({
            id: p.id,
            email: `${p.id}@bench.invalid`,
            display_name: `Bench ${p.id}`,
            role: 'player',
            google_sub: null,
            referral_code: p.id.toUpperCase(),
            is_bot: bool(false),
            created_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('player_stats')
        .values(
          slice.map((p) => ({
            user_id: p.id,
            wins: 0,
            entries: 0,
            current_streak: 0,
            best_streak: 0,
            last_played_date: null,
            last_played_at: null,
          })),
        )
        .execute();
      await trx
        .insertInto('sessions')
        .values(slice.map((p) => ({ token_hash: p.tokenHash, user_id: p.id, created_at: now, expires_at: expires })))
        .execute();
    }
  });
}

/** The readers, the same on every target; submitters and rush players come with each target's refills. */
const readerPlayers = (): SeededPlayer[] => makePlayers('r', READERS);

/** Players added to a pool: ids never used before in this run. */
let refills = 0;
const newPlayers = (pool: PoolName, count: number): SeededPlayer[] =>
  makePlayers(`${pool === 'submitters' ? 's' : 'u'}${(refills += 1)}-`, count);

// --- scenarios -------------------------------------------------------------------------------

/** What the submissions of a run left to check against the stored entries. */
interface Accepted {
  /** The 201s: player → number. */
  byPlayer: Map<string, number>;
  /** Every submission wrk sent: player → number. */
  sent: Map<string, number>;
  /** Submissions sent whose answer wrk did not wait for when it stopped: the server may have stored them. */
  unanswered: number;
}

const newAccepted = (): Accepted => ({ byPlayer: new Map(), sent: new Map(), unanswered: 0 });

const numberFor = (i: number): number => 1 + ((i * 7_919) % 1_000_000);

/** What one round of load on one target did. */
interface Round {
  requests: number;
  elapsedMs: number;
  latencyUs: [number, number][];
  errors: number;
  /** Unexpected statuses, by status. */
  statuses: Map<number, number>;
  exhausted: boolean;
}

/** The deadline rush through the Node client: each player's five requests in order, the last checking the fourth. */
const rushRound = async (target: Target, accepted: Accepted, seconds: number): Promise<Round> => {
  await ensurePlayers(target, 'rushers', Math.ceil(2 * target.pace.rush * seconds));
  const started = target.cursor.rushers;
  const statuses = new Map<number, number>();
  const unexpected = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const get = (path: string, player: Player): BenchRequest => ({
    method: 'GET',
    path,
    headers: { Cookie: player.cookie },
  });
  const nextJob = (): BenchJob | null => {
    const index = target.cursor.rushers++;
    const player = target.players.rushers[index];
    if (!player) return null;
    const number = numberFor(index);
    const steps: { request: BenchRequest; status: number; check?: (body: string) => boolean; onOk?: () => void }[] = [
      { request: get('/api/me', player), status: 200 },
      { request: get('/api/game/today', player), status: 200 },
      { request: get('/api/entry/mine', player), status: 200 },
      {
        request: {
          method: 'POST',
          path: '/api/entry',
          headers: {
            Cookie: player.cookie,
            Origin: target.origin,
            'Content-Type': 'application/json',
            'X-Forwarded-For': player.address,
          },
          body: JSON.stringify({ number }),
        },
        status: 201,
        onOk: () => accepted.byPlayer.set(player.id, number),
      },
      // Read-your-write: the pick just accepted is in the player's list.
      { request: get('/api/entry/mine', player), status: 200, check: (body) => body.includes(`"number":${number}`) },
    ];
    let at = 0;
    return {
      next(previous: BenchResponse | null) {
        if (previous) {
          const step = steps[at - 1];
          if (step && (previous.status !== step.status || (step.check && !step.check(previous.body)))) {
            unexpected(previous.status);
            return null;
          }
          step?.onOk?.();
        }
        return steps[at++]?.request ?? null;
      },
    };
  };
  const result = await runLoad({ port: target.port, connections: CONNECTIONS, durationMs: seconds * 1000, nextJob });
  target.pace.rush = Math.max(target.pace.rush, (target.cursor.rushers - started) / seconds);
  const histogram = new Map<number, number>();
  for (const ms of result.latenciesMs) {
    const us = Math.round(ms * 1000);
    histogram.set(us, (histogram.get(us) ?? 0) + 1);
  }
  const unexpectedCount = [...statuses.values()].reduce((a, b) => a + b, 0);
  return {
    requests: result.requests,
    elapsedMs: result.elapsedMs,
    latencyUs: [...histogram],
    errors: result.errors + unexpectedCount,
    statuses,
    exhausted: result.exhausted,
  };
};

/** Submissions through wrk: each line a player's valid first pick, sent once; at `rate` a second when paced. */
const submitRound = async (target: Target, accepted: Accepted, seconds: number, rate?: number): Promise<Round> => {
  const wanted = Math.ceil(2 * (rate ?? target.pace.submit) * seconds);
  await ensurePlayers(target, 'submitters', wanted);
  const from = target.cursor.submitters;
  const players = target.players.submitters.slice(from, from + wanted);
  const byNumber = new Map(players.map((player, i) => [numberFor(from + i), player]));
  const lines = players.map((player, i) => `${player.cookie} ${numberFor(from + i)} ${player.address}`);
  const round = await runWrk({
    port: target.port,
    path: '/api/entry',
    connections: CONNECTIONS,
    seconds,
    lines,
    origin: target.origin,
    ...(rate === undefined ? {} : { rate }),
  });
  const sent = Math.min(round.sent, players.length);
  target.cursor.submitters += sent;
  for (const [i, player] of players.slice(0, sent).entries()) accepted.sent.set(player.id, numberFor(from + i));
  const statuses = new Map<number, number>();
  let answered = 0;
  for (const [status, count] of Object.entries(round.statuses)) {
    answered += count;
    if (status !== '201') statuses.set(Number(status), count);
  }
  accepted.unanswered += Math.max(0, sent - answered);
  for (const number of round.accepted) {
    const player = byNumber.get(number);
    if (player) accepted.byPlayer.set(player.id, number);
  }
  const exhausted = round.sent > players.length;
  if (rate === undefined) target.pace.submit = Math.max(target.pace.submit, round.sent / seconds);
  return { ...round, errors: round.socketErrors + answered - round.accepted.length, statuses, exhausted };
};

const roundOf = (
  scenario: ScenarioName,
  target: Target,
  accepted: Accepted,
  seconds: number,
  rate?: number,
): Promise<Round> => {
  switch (scenario) {
    case 'game':
    case 'mine': {
      const lines = scenario === 'mine' ? target.players.readers.map((player) => player.cookie) : undefined;
      const path = scenario === 'mine' ? '/api/entry/mine' : '/api/game/today';
      const paced = rate === undefined ? {} : { rate };
      return runWrk({ port: target.port, path, connections: CONNECTIONS, seconds, lines, ...paced }).then((round) => ({
        ...round,
        errors: round.socketErrors + round.statusErrors,
        statuses: new Map(),
        exhausted: false,
      }));
    }
    case 'submit':
      return submitRound(target, accepted, seconds, rate);
    case 'rush':
      return rushRound(target, accepted, seconds);
  }
};

/** CPU time (user + system) of the process and its descendants so far, in ms. */
export const treeCpuMs = (pid: number): number => {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone.
    }
  }
  return ticks * (1000 / CLOCK_TICKS_PER_SECOND);
};

/** The q-quantile (0…1) of a latency histogram, nearest rank, in ms. */
export const quantileMs = (histogram: Map<number, number>, total: number, q: number): number => {
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const us of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(us) ?? 0;
    if (seen >= rank) return us / 1000;
  }
  return 0;
};

interface Run {
  target: Target;
  accepted: Accepted;
  onSample?: () => void;
}

/**
 * Measures the targets of `runs` in alternating one-second rounds (after a warm-up each), so that load from other
 * processes on a shared machine weighs on all of them alike; every other round in the reverse order, so that no
 * target always follows the same one.
 */
const measure = async (scenario: ScenarioName, runs: Run[]): Promise<Figures[]> => {
  const tallies = runs.map(() => ({
    histogram: new Map<number, number>(),
    statuses: new Map<number, number>(),
    requests: 0,
    elapsedMs: 0,
    cpuMs: 0,
    errors: 0,
    exhausted: false,
  }));
  const round = async (i: number, seconds: number, counted: boolean) => {
    const run = runs[i];
    const tally = tallies[i];
    if (!run || !tally) return;
    let cpuBefore = 0;
    let result: Round | null = null;
    // A round that ran out of players measured the refusals of repeats: it is run again with pools sized from it.
    for (let attempt = 0; attempt <= EXHAUSTED_RETRIES && (result === null || result.exhausted); attempt += 1) {
      cpuBefore = treeCpuMs(run.target.pid);
      const sampler = counted && run.onSample ? setInterval(run.onSample, 100) : null;
      result = await roundOf(scenario, run.target, run.accepted, seconds);
      if (sampler) clearInterval(sampler);
    }
    if (!result) return;
    tally.errors += result.errors;
    tally.exhausted ||= result.exhausted;
    for (const [status, count] of result.statuses)
      tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + count);
    if (!counted) return;
    tally.cpuMs += treeCpuMs(run.target.pid) - cpuBefore;
    if (PRINT_ROUNDS)
      console.log(`    ${run.target.name} round: ${Math.round((result.requests / result.elapsedMs) * 1000)} req/s`);
    for (const [us, count] of result.latencyUs) tally.histogram.set(us, (tally.histogram.get(us) ?? 0) + count);
    tally.requests += result.requests;
    tally.elapsedMs += result.elapsedMs;
  };
  for (let i = 0; i < runs.length; i += 1) await round(i, WARM_UP_SECONDS, false);
  for (const run of runs) await run.target.settle?.();
  for (let r = 0; r < SECONDS; r += 1) {
    for (let k = 0; k < runs.length; k += 1) await round(r % 2 === 0 ? k : runs.length - 1 - k, 1, true);
  }

  return tallies.map((tally, i) => {
    const statuses = [...tally.statuses].map(([s, n]) => `${n}×${s}`).join(', ');
    if (statuses) console.log(`  ${runs[i]?.target.name} ${scenario}: unexpected responses ${statuses}`);
    return {
      reqPerSec: (tally.requests / tally.elapsedMs) * 1000,
      p50: quantileMs(tally.histogram, tally.requests, 0.5),
      p99: quantileMs(tally.histogram, tally.requests, 0.99),
      errors: tally.errors,
      requests: tally.requests,
      cpuUsPerRequest: tally.requests === 0 ? 0 : (tally.cpuMs * 1000) / tally.requests,
      exhausted: tally.exhausted,
    };
  });
};

// --- targets ---------------------------------------------------------------------------------

/** The node flags of `npm start` in that checkout's package.json (`node --flag… scripts/start.mjs`). */
export const startFlagsOf = (checkout: string): string[] => {
  const { scripts } = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  return (scripts?.start ?? '').split(' ').filter((word) => word.startsWith('--'));
};

const startProject = async (
  name: string,
  database: BenchDatabase,
  readers: Player[],
  serverRoot = root,
): Promise<Target> => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // As `npm start` runs it; GET /api/game/today also creates today's game before anyone submits.
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  // One trusted proxy: the load tells each submission's client address in X-Forwarded-For.
  const env = { PORT: String(port), DATABASE_URL: database.url, PUBLIC_URL: origin, TRUST_PROXY: '1' };
  const child = await startProcess(
    [...profile, ...startFlagsOf(serverRoot), ...SERVER_FLAGS, 'scripts/start.mjs'],
    env,
    port,
    '/api/game/today',
    serverRoot,
  );
  const target: Target = {
    name,
    port,
    origin,
    pid: child.pid ?? 0,
    players: { readers, submitters: [], rushers: [] },
    cursor: { submitters: 0, rushers: 0 },
    pace: { ...FIRST_PACE },
    async refill(pool, count) {
      // The database's own players who have not picked yet first (the full game's), then new ones signed in.
      const fresh = database.freshPlayers?.(count) ?? [];
      const added = fresh.length < count ? newPlayers(pool, count - fresh.length) : [];
      if (added.length > 0) await database.addPlayers(added);
      for (const player of [...fresh, ...added]) target.players[pool].push(player);
    },
    ...(database.settle ? { settle: database.settle } : {}),
    stop: () => stopChild(child),
  };
  return target;
};

/** The bare baseline on a SQLite file, or with `{ DATABASE_URL }` the PostgreSQL floor (http-postgres-floor.ts). */
const startBaseline = async (
  database: { DATABASE_FILE: string } | { DATABASE_URL: string },
  readers: Player[],
): Promise<Target> => {
  const port = await freePort();
  const child = await startProcess(
    ['--import', 'tsx', 'bench/http-baseline.ts'],
    { PORT: String(port), ...database },
    port,
    '/api/game/today',
  );
  // The baseline's cookie names the player: a refill only makes cookies.
  const synthetic = (players: Player[]): Player[] =>
    players.map(({ id, address }) => ({ id, cookie: `sid=${id}`, address }));
  const target: Target = {
    name: 'baseline',
    port,
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    players: { readers: synthetic(readers), submitters: [], rushers: [] },
    cursor: { submitters: 0, rushers: 0 },
    pace: { ...FIRST_PACE },
    async refill(pool, count) {
      for (const player of synthetic(newPlayers(pool, count))) target.players[pool].push(player);
    },
    stop: () => stopChild(child),
  };
  return target;
};

/**
 * Compares the stored entries with the 201s: each accepted pick stored once, nothing else stored but the picks wrk sent
 * and stopped waiting for (at most that many, each the pick sent).
 */
const checkStored = (target: string, accepted: Accepted, stored: StoredEntry[]): boolean => {
  const storedBy = new Map<string, number>();
  const unexpected = stored.filter((row) => {
    if (row.user_id === null || storedBy.has(row.user_id)) return true;
    storedBy.set(row.user_id, row.number);
    return (accepted.byPlayer.get(row.user_id) ?? accepted.sent.get(row.user_id)) !== row.number;
  });
  const missing = [...accepted.byPlayer].filter(([id, number]) => storedBy.get(id) !== number);
  const inFlight = stored.length - accepted.byPlayer.size;
  const ok = unexpected.length === 0 && missing.length === 0 && inFlight <= accepted.unanswered;
  const verdict = !ok
    ? `MISMATCH (${missing.length} missing, ${unexpected.length} unexpected, ${inFlight} beyond the 201s with ${accepted.unanswered} unanswered)`
    : inFlight > 0
      ? `every 201 stored, and ${inFlight} of the ${accepted.unanswered} picks in flight when wrk stopped; nothing else`
      : 'every 201 stored, nothing else';
  console.log(
    `  ${target}: ${accepted.byPlayer.size.toLocaleString('en-US')} × 201, ${stored.length.toLocaleString('en-US')} entries stored: ${verdict}`,
  );
  return ok;
};

type StoredEntry = { user_id: string | null; number: number };

/** A seeded database a server runs on: its URL, more players signed in, the entries it holds after the load, and its removal. */
interface BenchDatabase {
  url: string;
  addPlayers(players: SeededPlayer[]): Promise<void>;
  /** Up to `count` players already in the database with sessions, who have not picked yet, each handed out once. */
  freshPlayers?(count: number): Player[];
  /**
   * PostgreSQL: ANALYZE, as autovacuum does within a minute of a table's growth. The bench's tables start empty and grow
   * by thousands of rows a second, so without it the rounds would measure plans cached for empty tables (e.g. the
   * player's entries read through the tree's index, every entry of the game for each pick) until autovacuum caught up,
   * which a day open for hours has long done by its rush. SQLite's planner keeps no statistics unless asked to.
   */
  settle?(): Promise<void>;
  stored(): Promise<StoredEntry[]>;
  drop(): Promise<void>;
}

/** What creates a checkout's store: this one's, or another checkout's (which migrates to what it knows). */
type OpenStore = (location: string) => Promise<{ db: Kysely<Database>; close(): Promise<void> }>;

/** A SQLite file migrated by `open` and seeded with `players`. */
const sqliteDatabase = async (
  file: string,
  players: SeededPlayer[],
  open: OpenStore = createSqliteStore,
): Promise<BenchDatabase> => {
  const addPlayers = async (added: SeededPlayer[]) => {
    const store = await open(file);
    await seedPlayers(store.db, added, (v) => (v ? 1 : 0));
    await store.close();
  };
  await addPlayers(players);
  return {
    url: `sqlite:${file}`,
    addPlayers,
    stored: async () => {
      const reader = new BetterSqlite3(file, { readonly: true });
      try {
        return reader.prepare('select user_id, number from entries').all() as StoredEntry[];
      } finally {
        reader.close();
      }
    },
    drop: async () => undefined,
  };
};

/** A new database on the PostgreSQL server of `adminUrl`, migrated by `open` and seeded with `players`. */
const postgresDatabase = async (
  adminUrl: string,
  prefix: string,
  players: SeededPlayer[],
  open: OpenStore = createPostgresStore,
): Promise<BenchDatabase> => {
  const database = await createTestDatabase(adminUrl, prefix);
  const addPlayers = async (added: SeededPlayer[]) => {
    const store = await open(database.url);
    await seedPlayers(store.db, added, (v) => v);
    await store.close();
  };
  await addPlayers(players);
  return {
    url: database.url,
    addPlayers,
    settle: async () => {
      const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
      try {
        await sql`analyze`;
      } finally {
        await sql.end();
      }
    },
    stored: async () => {
      const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
      try {
        return [...(await sql<StoredEntry[]>`select user_id, number from entries`)];
      } finally {
        await sql.end();
      }
    },
    drop: () => database.drop(),
  };
};

/** The full game's players who have not picked, in order, each handed out once (one cursor a database copy). */
const fixturePlayersAfterPicks = (): ((count: number) => Player[]) => {
  let next = FIXTURE_PICKS;
  return (count) => {
    const players: Player[] = [];
    for (; players.length < count && next < FIXTURE_PLAYERS; next += 1)
      players.push({ ...fixturePlayer(next), address: nextAddress() });
    return players;
  };
};

/** The full game's readers: players who picked in it, so their entry/mine answers hold their pick. */
const fixtureReaders = (): Player[] =>
  Array.from({ length: READERS }, (_, i) => ({ ...fixturePlayer(i), address: nextAddress() }));

/** The entries a run added (the fixture's own end in SEEDED_ENTRY_SUFFIX). */
const ADDED_ENTRIES = `select user_id, number from entries where id not like '%${SEEDED_ENTRY_SUFFIX}'`;

/** A copy of the full game's SQLite file at `file`. */
const fixtureSqliteDatabase = (fixture: HttpFixture, file: string): BenchDatabase => {
  copySqlite(fixture.sqliteFile, file);
  return {
    url: `sqlite:${file}`,
    addPlayers: async (added) => {
      const store = await createSqliteStore(file);
      await seedPlayers(store.db, added, (v) => (v ? 1 : 0));
      await store.close();
    },
    freshPlayers: fixturePlayersAfterPicks(),
    stored: async () => {
      const reader = new BetterSqlite3(file, { readonly: true });
      try {
        return reader.prepare(ADDED_ENTRIES).all() as StoredEntry[];
      } finally {
        reader.close();
      }
    },
    drop: async () => undefined,
  };
};

/** A copy of the full game's template database on the PostgreSQL server of `adminUrl`. */
const fixturePostgresDatabase = async (adminUrl: string, template: string): Promise<BenchDatabase> => {
  const database = await createTestDatabase(adminUrl, 'lowest_http_bench', template);
  return {
    url: database.url,
    addPlayers: async (added) => {
      const store = await createPostgresStore(database.url);
      await seedPlayers(store.db, added, (v) => v);
      await store.close();
    },
    freshPlayers: fixturePlayersAfterPicks(),
    // ANALYZE after the warm-up, as on the empty game's database (BenchDatabase.settle).
    settle: async () => {
      const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
      try {
        await sql`analyze`;
      } finally {
        await sql.end();
      }
    },
    stored: async () => {
      const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
      try {
        return [...(await sql.unsafe<StoredEntry[]>(ADDED_ENTRIES))];
      } finally {
        await sql.end();
      }
    },
    drop: () => database.drop(),
  };
};

// --- report ----------------------------------------------------------------------------------

const fmt = (f: Figures): string =>
  `${Math.round(f.reqPerSec).toLocaleString('en-US').padStart(7)} req/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  ` +
  `errors ${String(f.errors).padStart(4)}  CPU ${Math.round(f.cpuUsPerRequest).toLocaleString('en-US').padStart(5)} µs/req` +
  (f.exhausted ? '  (players ran out)' : '');

export interface HttpBenchResult {
  ok: boolean;
}

/** Hono over @hono/node-server answering constant JSON: the most the project could reach on the GET. */
async function runFloor(): Promise<HttpBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-http-floor-'));
  try {
    const port = await freePort();
    const child = await startProcess(
      ['--import', 'tsx', 'bench/http-hono-floor.ts'],
      { PORT: String(port) },
      port,
      '/api/game/today',
    );
    const none: Player[] = [];
    const floor: Target = {
      name: 'hono floor',
      port,
      origin: `http://127.0.0.1:${port}`,
      pid: child.pid ?? 0,
      players: { readers: none, submitters: none, rushers: none },
      cursor: { submitters: 0, rushers: 0 },
      pace: { ...FIRST_PACE },
      refill: async () => undefined,
      stop: () => stopChild(child),
    };
    const baseline = await startBaseline({ DATABASE_FILE: join(dir, 'baseline.db') }, []);
    try {
      const [hono, base] = await measure('game', [
        { target: floor, accepted: newAccepted() },
        { target: baseline, accepted: newAccepted() },
      ]);
      if (!hono || !base) throw new Error('measure returned fewer figures than runs');
      console.log('GET /api/game/today: Hono + @hono/node-server, one constant-JSON route');
      console.log(`  hono      ${fmt(hono)}`);
      console.log(`  baseline  ${fmt(base)}`);
      console.log(
        `  ratio     ${(hono.reqPerSec / base.reqPerSec).toFixed(2)}× req/s   (CPU per request: baseline/hono ${(base.cpuUsPerRequest / hono.cpuUsPerRequest).toFixed(2)}×)`,
      );
      return { ok: hono.errors === 0 && base.errors === 0 };
    } finally {
      await floor.stop();
      await baseline.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * This checkout's server against AGAINST's, scenario by scenario, each on its own copy of the seeded database: SQLite
 * files, or two databases on one embedded PostgreSQL (HTTP_BENCH_AGAINST_DB=postgres).
 */
async function runAgainst(other: string): Promise<HttpBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-http-against-'));
  const fixture = AGAINST_FULL ? await httpFixture() : null;
  const seeded = readerPlayers();
  const readers: Player[] = fixture ? fixtureReaders() : seeded;
  const server = AGAINST_ON_POSTGRES && !process.env['TEST_DATABASE_URL'] ? await startEmbeddedPostgres() : null;
  const adminUrl = process.env['TEST_DATABASE_URL'] ?? server?.adminUrl ?? '';
  const databases: BenchDatabase[] = [];
  let ok = true;
  try {
    // Each database migrated by its own checkout's store: the other may not know this one's newest migrations.
    const theirs = AGAINST_ON_POSTGRES
      ? (
          (await import(pathToFileURL(join(other, 'adapters', 'postgres', 'store.ts')).href)) as {
            createPostgresStore: OpenStore;
          }
        ).createPostgresStore
      : (
          (await import(pathToFileURL(join(other, 'adapters', 'sqlite', 'store.ts')).href)) as {
            createSqliteStore: OpenStore;
          }
        ).createSqliteStore;
    const database = async (name: string, open?: OpenStore) =>
      fixture
        ? fixtureSqliteDatabase(fixture, join(dir, `${name}.db`))
        : AGAINST_ON_POSTGRES
          ? postgresDatabase(adminUrl, `lowest_http_against_${name}`, seeded, open)
          : sqliteDatabase(join(dir, `${name}.db`), seeded, open);
    const ours = await database('here');
    databases.push(ours);
    const their = await database('there', theirs);
    databases.push(their);
    const here = await startProject('this checkout', ours, readers);
    // The other checkout may fail to start (a database migrated past what it knows): this one must not outlive the bench.
    const there = await startProject(other, their, readers, other).catch(async (error: unknown) => {
      await here.stop();
      throw error;
    });
    const accepted = { here: newAccepted(), there: newAccepted() };
    try {
      console.log(`\n${AGAINST_ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}: this checkout against ${other}`);
      for (const { name, label } of SCENARIOS) {
        const [mine, theirs] = await measure(name, [
          { target: here, accepted: accepted.here },
          { target: there, accepted: accepted.there },
        ]);
        if (!mine || !theirs) throw new Error('measure returned fewer figures than runs');
        console.log(label);
        console.log(`  this      ${fmt(mine)}`);
        console.log(`  other     ${fmt(theirs)}`);
        console.log(
          `  CPU per request: this/other ${(mine.cpuUsPerRequest / theirs.cpuUsPerRequest).toFixed(2)}×, req/s this/other ${(mine.reqPerSec / theirs.reqPerSec).toFixed(2)}×`,
        );
        if (mine.errors > 0 || theirs.errors > 0) ok = false;
      }
    } finally {
      await here.stop();
      await there.stop();
    }
    ok = checkStored('here', accepted.here, await ours.stored()) && ok;
    ok = checkStored('there', accepted.there, await their.stored()) && ok;
  } finally {
    for (const database of databases) await database.drop();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { ok };
}

/** One goal of the run: what it is, what was measured, and whether it holds. */
export interface Goal {
  label: string;
  measured: string;
  goal: string;
  pass: boolean;
}

export const printGoals = (title: string, goals: Goal[]): boolean => {
  console.log(`\n${title}`);
  const width = Math.max(...goals.map((g) => g.label.length));
  const measuredWidth = Math.max(...goals.map((g) => g.measured.length));
  for (const g of goals)
    console.log(
      `  ${g.pass ? 'PASS' : 'FAIL'}  ${g.label.padEnd(width)}  ${g.measured.padEnd(measuredWidth)}  goal ${g.goal}`,
    );
  return goals.every((g) => g.pass);
};

/** A ratio against the baseline in the same run. */
const ratioGoal = (label: string, project: Figures | undefined, base: Figures | undefined, min: number): Goal => {
  const ratio = project && base && base.reqPerSec > 0 ? project.reqPerSec / base.reqPerSec : 0;
  const clean = project !== undefined && project.errors === 0 && !project.exhausted;
  return {
    label,
    measured: `${ratio.toFixed(2)}×${clean ? '' : ' (errors or ran out)'}`,
    goal: `≥ ${min.toFixed(2)}×`,
    pass: clean && ratio >= min,
  };
};

/** No latency goal at saturation, where the latency is the queue (Little's law): the p99 at half pace (ADR 0055). */
const PACED_P99_LIMIT_MS = 25;
const pacedGoal = (label: string, paced: Paced): Goal => ({
  label: `${label}: p99 at half pace`,
  measured: `${paced.p99.toFixed(1)} ms at ${Math.round(paced.reqPerSec).toLocaleString('en-US')} req/s${paced.errors === 0 ? '' : ` (${paced.errors} errors)`}`,
  goal: `≤ ${PACED_P99_LIMIT_MS} ms`,
  pass: paced.errors === 0 && paced.p99 <= PACED_P99_LIMIT_MS,
});

const RSS_LIMIT_MB = 200;
const rssGoal = (rssPeak: number): Goal => ({
  label: 'deadline rush: server RSS',
  measured: `${(rssPeak / 2 ** 20).toFixed(0)} MB`,
  goal: `≤ ${RSS_LIMIT_MB} MB`,
  pass: rssPeak > 0 && rssPeak <= RSS_LIMIT_MB * 2 ** 20,
});

const storedGoal = (ok: boolean, label = 'nothing lost'): Goal => ({
  label,
  measured: ok ? 'every 201 stored once' : 'MISMATCH (above)',
  goal: 'every 201 stored once',
  pass: ok,
});

const printScenario = (label: string, project: Figures, base: Figures | undefined, baseName: string): void => {
  console.log(label);
  console.log(`  project   ${fmt(project)}`);
  if (!base) return;
  console.log(`  ${baseName.padEnd(8)}  ${fmt(base)}`);
  console.log(
    `  ratio     ${(project.reqPerSec / base.reqPerSec).toFixed(2)}× req/s   (CPU per request: ${baseName}/project ${(base.cpuUsPerRequest / project.cpuUsPerRequest).toFixed(2)}×)`,
  );
};

/** A scenario's load on the project at half its saturated pace: what it reached and its latency. */
interface Paced {
  offered: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * The project at half its own saturated pace in this run, paced by http-wrk.lua over the same 100 connections: a 1 s
 * warm-up, then PACED_SECONDS counted. At saturation wrk's latency is its queue (100 in flight over the throughput);
 * at half pace what is left is the stalls: collection pauses, checkpoints, lock waits.
 */
const measurePaced = async (
  scenario: ScenarioName,
  target: Target,
  accepted: Accepted,
  saturated: number,
): Promise<Paced> => {
  const offered = Math.max(1, Math.round(saturated / 2));
  await roundOf(scenario, target, accepted, 1, offered);
  const round = await roundOf(scenario, target, accepted, PACED_SECONDS, offered);
  const histogram = new Map<number, number>();
  for (const [us, count] of round.latencyUs) histogram.set(us, (histogram.get(us) ?? 0) + count);
  const statuses = [...round.statuses].map(([status, n]) => `${n}×${status}`).join(', ');
  if (statuses) console.log(`  ${target.name} ${scenario} at half pace: unexpected responses ${statuses}`);
  return {
    offered,
    reqPerSec: (round.requests / round.elapsedMs) * 1000,
    p50: quantileMs(histogram, round.requests, 0.5),
    p99: quantileMs(histogram, round.requests, 0.99),
    errors: round.errors + (round.exhausted ? 1 : 0),
  };
};

interface StoreRun {
  figures: Map<ScenarioName, { project: Figures; base?: Figures }>;
  paced: Map<ScenarioName, Paced>;
  rssPeak: number;
  stored: boolean;
}

/**
 * The scenarios on one store: the project against its baseline in alternated rounds (the rush against nothing: the
 * bare servers have no sign-in), with `paced` each wrk scenario's p99 at half the project's pace, then the stored
 * entries against the 201s.
 */
const runStore = async (
  project: Target,
  baseline: Target,
  baseName: string,
  database: BenchDatabase,
  scenarios: typeof SCENARIOS,
  paced: boolean,
): Promise<StoreRun> => {
  const accepted = newAccepted();
  let rssPeak = 0;
  const figures = new Map<ScenarioName, { project: Figures; base?: Figures }>();
  const pacedFigures = new Map<ScenarioName, Paced>();
  try {
    for (const { name, label } of scenarios) {
      const onSample = name === 'rush' ? () => (rssPeak = Math.max(rssPeak, treeRssBytes(project.pid))) : undefined;
      const runs: Run[] =
        name === 'rush'
          ? [{ target: project, accepted, onSample }]
          : [
              { target: project, accepted },
              { target: baseline, accepted: newAccepted() },
            ];
      const [mine, base] = await measure(name, runs);
      if (!mine) throw new Error('measure returned fewer figures than runs');
      figures.set(name, { project: mine, base });
      printScenario(label, mine, base, baseName);
      if (paced && name !== 'rush') {
        const half = await measurePaced(name, project, accepted, mine.reqPerSec);
        pacedFigures.set(name, half);
        console.log(
          `  half pace ${half.offered.toLocaleString('en-US')} req/s offered: ${Math.round(half.reqPerSec).toLocaleString('en-US')} req/s  p50 ${half.p50.toFixed(1)} ms  p99 ${half.p99.toFixed(1)} ms  errors ${half.errors}`,
        );
      }
    }
    if (scenarios.some((s) => s.name === 'rush'))
      console.log(`  server RSS peak during the rush: ${(rssPeak / 2 ** 20).toFixed(0)} MB`);
  } finally {
    await project.stop();
    await baseline.stop();
  }
  return {
    figures,
    paced: pacedFigures,
    rssPeak,
    stored: checkStored(project.name, accepted, await database.stored()),
  };
};

/** The goals of DESIGN.md §19 that a store's run can judge (a scenario left out is not judged). */
const storeGoals = (run: StoreRun, postMin: number, reads: boolean): Goal[] => {
  const goals: Goal[] = [];
  const of = (name: ScenarioName) => run.figures.get(name);
  if (of('submit')) goals.push(ratioGoal('POST /api/entry', of('submit')?.project, of('submit')?.base, postMin));
  if (reads && of('game')) goals.push(ratioGoal('GET /api/game/today', of('game')?.project, of('game')?.base, 0.5));
  if (reads && of('mine')) goals.push(ratioGoal('GET /api/entry/mine', of('mine')?.project, of('mine')?.base, 0.4));
  for (const { name, label } of SCENARIOS) {
    const paced = run.paced.get(name);
    if (paced) goals.push(pacedGoal(label, paced));
  }
  if (of('rush')) goals.push(rssGoal(run.rssPeak));
  goals.push(storedGoal(run.stored));
  return goals;
};

/** The picks into an empty game, the second row: what the full game costs beside it. */
const EMPTY_GAME_SCENARIOS = SCENARIOS.filter((s) => s.name === 'submit').map((s) => ({
  ...s,
  label: `${s.label} into an empty game`,
}));

const printFullAgainstEmpty = (full: StoreRun, empty: StoreRun | null): void => {
  const inFull = full.figures.get('submit');
  const inEmpty = empty?.figures.get('submit');
  if (!inFull || !inEmpty) return;
  const ratio = (f: { project: Figures; base?: Figures }) => (f.base ? f.project.reqPerSec / f.base.reqPerSec : 0);
  console.log(
    `POST /api/entry, full game against empty: project ${(inFull.project.reqPerSec / inEmpty.project.reqPerSec).toFixed(2)}× req/s ` +
      `(${ratio(inFull).toFixed(2)}× against ${ratio(inEmpty).toFixed(2)}× of the baseline), CPU per pick ` +
      `${Math.round(inFull.project.cpuUsPerRequest)} against ${Math.round(inEmpty.project.cpuUsPerRequest)} µs`,
  );
};

export async function runHttpBench(): Promise<HttpBenchResult> {
  requireWrk();
  if (FLOOR_ONLY) return runFloor();
  if (AGAINST !== undefined) return runAgainst(AGAINST);
  if (SCENARIOS.length === 0)
    return { ok: WITH_FAIRNESS ? await runFairnessScenario(startFairnessServer, WITH_POSTGRES) : true };
  const fixture = await httpFixture();
  console.log(
    `http bench: today's game (${fixture.gameKey}) already holds ${FIXTURE_PICKS.toLocaleString('en-US')} picks and the ` +
      `database ${FIXTURE_PLAYERS.toLocaleString('en-US')} players with sessions (the baselines' tables the same picks); ` +
      `${CONNECTIONS} keep-alive connections (wrk, one thread; the rush: the Node client), per scenario ` +
      `${WARM_UP_SECONDS} s warm-up then ${SECONDS} rounds of 1 s (project and baseline alternating), then the ` +
      `project paced at half its pace for ${PACED_SECONDS} s; every submission a new player's first pick from a new ` +
      `address on a new /24 (X-Forwarded-For, TRUST_PROXY=1); server as \`npm start\` runs it`,
  );
  let ok = true;
  if (WITH_SQLITE) ok = (await runSqlite(fixture)) && ok;
  if (WITH_POSTGRES) ok = (await runPostgres(fixture)) && ok;
  if (WITH_FAIRNESS) ok = (await runFairnessScenario(startFairnessServer, WITH_POSTGRES)) && ok;
  return { ok };
}

async function runSqlite(fixture: HttpFixture): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-http-bench-'));
  try {
    const file = join(dir, 'bench.db');
    const database = fixtureSqliteDatabase(fixture, file);
    const readers = fixtureReaders();
    console.log(`\nSQLite, the full game (${file}) vs bare node:http + better-sqlite3 (one prepared insert a pick)`);
    const baselineFile = join(dir, 'baseline.db');
    copySqlite(fixture.baselineFile, baselineFile);
    const full = await runStore(
      await startProject('sqlite', database, readers),
      await startBaseline({ DATABASE_FILE: baselineFile }, readers),
      'baseline',
      database,
      SCENARIOS,
      true,
    );
    const empty = await runEmptyGame('sqlite', async (emptyReaders) => {
      const emptyFile = join(dir, 'empty.db');
      const emptyDatabase = await sqliteDatabase(emptyFile, emptyReaders);
      return {
        database: emptyDatabase,
        baseline: { DATABASE_FILE: join(dir, 'empty-baseline.db') },
      };
    });
    printFullAgainstEmpty(full, empty);
    return printGoals('goals (SQLite, the full game, this run: ratios against the bare baseline)', [
      ...storeGoals(full, 0.33, true),
      ...(empty ? [storedGoal(empty.stored, 'nothing lost (empty game)')] : []),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The picks into an empty game on a database `open` makes, against the baseline on an empty table. */
const runEmptyGame = async (
  name: string,
  open: (readers: SeededPlayer[]) => Promise<{
    database: BenchDatabase;
    baseline: { DATABASE_FILE: string } | { DATABASE_URL: string };
    drop?: () => Promise<void>;
  }>,
): Promise<StoreRun | null> => {
  if (EMPTY_GAME_SCENARIOS.length === 0) return null;
  const readers = readerPlayers();
  const { database, baseline, drop } = await open(readers);
  try {
    console.log(`\n${name}, an empty game (today's game with no picks yet), for comparison`);
    return await runStore(
      await startProject(`${name} (empty game)`, database, readers),
      await startBaseline(baseline, readers),
      'baseline',
      database,
      EMPTY_GAME_SCENARIOS,
      false,
    );
  } finally {
    await database.drop();
    await drop?.();
  }
};

/** The project's server as `npm start` runs it, on a database of the fairness scenario. */
const startFairnessServer = async (databaseUrl: string): Promise<FairnessServer> => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    [...startFlagsOf(root), 'scripts/start.mjs'],
    { PORT: String(port), DATABASE_URL: databaseUrl, PUBLIC_URL: origin },
    port,
    '/api/game/today',
  );
  return { origin, port, stop: () => stopChild(child) };
};

async function runPostgres(fixture: HttpFixture): Promise<boolean> {
  const server = await fixturePostgres(fixture, process.env['TEST_DATABASE_URL']);
  const { adminUrl, templates } = server;
  try {
    const database = await fixturePostgresDatabase(adminUrl, templates.game);
    const floorDatabase = await createTestDatabase(adminUrl, 'lowest_http_floor', templates.floor);
    let full: StoreRun;
    try {
      console.log(
        '\nPostgreSQL (embedded, one instance), the full game vs bare node:http + postgres.js (one prepared insert a pick)',
      );
      const readers = fixtureReaders();
      full = await runStore(
        await startProject('postgres', database, readers),
        await startBaseline({ DATABASE_URL: floorDatabase.url }, readers),
        'floor',
        database,
        SCENARIOS,
        true,
      );
    } finally {
      await database.drop();
      await floorDatabase.drop();
    }
    const empty = await runEmptyGame('PostgreSQL', async (readers) => {
      const floor = await createTestDatabase(adminUrl, 'lowest_http_floor_empty');
      return {
        database: await postgresDatabase(adminUrl, 'lowest_http_empty', readers),
        baseline: { DATABASE_URL: floor.url },
        drop: () => floor.drop(),
      };
    });
    printFullAgainstEmpty(full, empty);
    return printGoals('goals (PostgreSQL, the full game, this run: ratios against the one-insert floor)', [
      ...storeGoals(full, 0.25, false),
      ...(empty ? [storedGoal(empty.stored, 'nothing lost (empty game)')] : []),
    ]);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runHttpBench();
  if (!result.ok) process.exitCode = 1;
}
