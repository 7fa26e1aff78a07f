// `npm run bench:http`: the request path under a deadline rush. Starts the server the way `npm start`
// does (its own process, a temporary SQLite database, players and sessions created in bulk
// beforehand) and a bare node:http + better-sqlite3 baseline, drives both with the same load at 100 keep-alive
// connections (wrk, and the Node client for the rush), and prints req/s, p50, p99 and errors per scenario with
// the project/baseline ratio. Then the same against embedded PostgreSQL.
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

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 100;
/** Long enough for V8 to compile the hot paths on a busy machine: the first second runs at a fraction of the rest. */
const WARM_UP_SECONDS = 3;
/** Well under the per-address limit of submissions (2,000 a minute). */
const SUBMISSIONS_PER_ADDRESS = 100;
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
/** More node flags for the project's server, e.g. `--heap-prof --heap-prof-dir=/tmp/heap` or a V8 heap option. */
const SERVER_FLAGS = process.env['HTTP_BENCH_SERVER_FLAGS']?.split(' ').filter((flag) => flag !== '') ?? [];
const ONLY = process.env['HTTP_BENCH_SCENARIOS']?.split(',');
/** Prints every counted round's throughput, to see a target's pace change within a scenario. */
const PRINT_ROUNDS = process.env['HTTP_BENCH_ROUNDS'] === '1';
const WITH_POSTGRES = process.env['HTTP_BENCH_POSTGRES'] !== '0';
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

const makePlayers = (prefix: string, count: number): SeededPlayer[] =>
  Array.from({ length: count }, (_, i) => {
    const token = randomBytes(32).toString('hex');
    return {
      id: `${prefix}${String(i).padStart(6, '0')}`,
      cookie: `sid=${token}`,
      tokenHash: nodeDigest.sha256Hex(token),
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

/**
 * The client address of the `i`-th submission, told by X-Forwarded-For (the server trusts one proxy): a new one every
 * SUBMISSIONS_PER_ADDRESS, so the per-address limit of submissions never sees one client.
 */
const addressFor = (i: number): string => {
  const n = Math.floor(i / SUBMISSIONS_PER_ADDRESS) + 1;
  return `10.${(n >> 16) & 0xff}.${(n >> 8) & 0xff}.${n & 0xff}`;
};

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
            'X-Forwarded-For': addressFor(index),
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

/** Submissions through wrk: each line a player's valid first pick, sent once. */
const submitRound = async (target: Target, accepted: Accepted, seconds: number): Promise<Round> => {
  const wanted = Math.ceil(2 * target.pace.submit * seconds);
  await ensurePlayers(target, 'submitters', wanted);
  const from = target.cursor.submitters;
  const players = target.players.submitters.slice(from, from + wanted);
  const byNumber = new Map(players.map((player, i) => [numberFor(from + i), player]));
  const lines = players.map((player, i) => `${player.cookie} ${numberFor(from + i)} ${addressFor(from + i)}`);
  const round = await runWrk({
    port: target.port,
    path: '/api/entry',
    connections: CONNECTIONS,
    seconds,
    lines,
    origin: target.origin,
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
  target.pace.submit = Math.max(target.pace.submit, round.sent / seconds);
  return { ...round, errors: round.socketErrors + answered - round.accepted.length, statuses, exhausted };
};

const roundOf = (scenario: ScenarioName, target: Target, accepted: Accepted, seconds: number): Promise<Round> => {
  switch (scenario) {
    case 'game':
    case 'mine': {
      const lines = scenario === 'mine' ? target.players.readers.map((player) => player.cookie) : undefined;
      const path = scenario === 'mine' ? '/api/entry/mine' : '/api/game/today';
      return runWrk({ port: target.port, path, connections: CONNECTIONS, seconds, lines }).then((round) => ({
        ...round,
        errors: round.socketErrors + round.statusErrors,
        statuses: new Map(),
        exhausted: false,
      }));
    }
    case 'submit':
      return submitRound(target, accepted, seconds);
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
      const added = newPlayers(pool, count);
      await database.addPlayers(added);
      for (const player of added) target.players[pool].push(player);
    },
    ...(database.settle ? { settle: database.settle } : {}),
    stop: () => stopChild(child),
  };
  return target;
};

/** The bare baseline on a SQLite file, or with `{ DATABASE_URL }` the PostgreSQL floor (http-postgres-floor.ts). */
const startBaseline = async (database: { DATABASE_FILE: string } | { DATABASE_URL: string }): Promise<Target> => {
  const port = await freePort();
  const child = await startProcess(
    ['--import', 'tsx', 'bench/http-baseline.ts'],
    { PORT: String(port), ...database },
    port,
    '/api/game/today',
  );
  // The baseline's cookie names the player: a refill only makes cookies.
  const synthetic = (players: Player[]): Player[] => players.map(({ id }) => ({ id, cookie: `sid=${id}` }));
  const target: Target = {
    name: 'baseline',
    port,
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    players: { readers: synthetic(makePlayers('r', READERS)), submitters: [], rushers: [] },
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
    const baseline = await startBaseline({ DATABASE_FILE: join(dir, 'baseline.db') });
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
  const readers = readerPlayers();
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
    const database = (name: string, open?: OpenStore) =>
      AGAINST_ON_POSTGRES
        ? postgresDatabase(adminUrl, `lowest_http_against_${name}`, readers, open)
        : sqliteDatabase(join(dir, `${name}.db`), readers, open);
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

/** A ratio against the baseline in the same run, with the p99 where a goal bounds it. */
const ratioGoal = (
  label: string,
  project: Figures | undefined,
  base: Figures | undefined,
  min: number,
  p99Max?: number,
): Goal => {
  const ratio = project && base && base.reqPerSec > 0 ? project.reqPerSec / base.reqPerSec : 0;
  const p99 = project?.p99 ?? Infinity;
  const clean = project !== undefined && project.errors === 0 && !project.exhausted;
  return {
    label,
    measured: `${ratio.toFixed(2)}×${p99Max === undefined ? '' : `, p99 ${p99.toFixed(1)} ms`}${clean ? '' : ' (errors or ran out)'}`,
    goal: `≥ ${min.toFixed(2)}×${p99Max === undefined ? '' : `, p99 ≤ ${p99Max} ms`}`,
    pass: clean && ratio >= min && (p99Max === undefined || p99 <= p99Max),
  };
};

const RSS_LIMIT_MB = 200;
const rssGoal = (rssPeak: number): Goal => ({
  label: 'deadline rush: server RSS',
  measured: `${(rssPeak / 2 ** 20).toFixed(0)} MB`,
  goal: `≤ ${RSS_LIMIT_MB} MB`,
  pass: rssPeak > 0 && rssPeak <= RSS_LIMIT_MB * 2 ** 20,
});

const storedGoal = (ok: boolean): Goal => ({
  label: 'nothing lost',
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

/**
 * Every scenario on one store: the project against its baseline in alternated rounds (the rush against nothing: the
 * bare servers have no sign-in), then the stored entries against the 201s. Returns the figures by scenario.
 */
const runStore = async (
  project: Target,
  baseline: Target,
  baseName: string,
  database: BenchDatabase,
): Promise<{ figures: Map<ScenarioName, { project: Figures; base?: Figures }>; rssPeak: number; stored: boolean }> => {
  const accepted = newAccepted();
  let rssPeak = 0;
  const figures = new Map<ScenarioName, { project: Figures; base?: Figures }>();
  try {
    for (const { name, label } of SCENARIOS) {
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
    }
    if (SCENARIOS.some((s) => s.name === 'rush'))
      console.log(`  server RSS peak during the rush: ${(rssPeak / 2 ** 20).toFixed(0)} MB`);
  } finally {
    await project.stop();
    await baseline.stop();
  }
  return { figures, rssPeak, stored: checkStored(project.name, accepted, await database.stored()) };
};

/** The goals of DESIGN.md §19 that a store's run can judge (a scenario left out is not judged). */
const storeGoals = (run: Awaited<ReturnType<typeof runStore>>, reads: boolean): Goal[] => {
  const goals: Goal[] = [];
  const of = (name: ScenarioName) => run.figures.get(name);
  if (of('submit')) goals.push(ratioGoal('POST /api/entry', of('submit')?.project, of('submit')?.base, 0.33, 50));
  if (reads && of('game')) goals.push(ratioGoal('GET /api/game/today', of('game')?.project, of('game')?.base, 0.5));
  if (reads && of('mine')) goals.push(ratioGoal('GET /api/entry/mine', of('mine')?.project, of('mine')?.base, 0.4));
  if (of('rush')) goals.push(rssGoal(run.rssPeak));
  goals.push(storedGoal(run.stored));
  return goals;
};

export async function runHttpBench(): Promise<HttpBenchResult> {
  requireWrk();
  if (FLOOR_ONLY) return runFloor();
  if (AGAINST !== undefined) return runAgainst(AGAINST);
  if (SCENARIOS.length === 0)
    return { ok: WITH_FAIRNESS ? await runFairnessScenario(startFairnessServer, WITH_POSTGRES) : true };
  console.log(
    `http bench: ${CONNECTIONS} keep-alive connections (wrk, one thread; the rush: the Node client), per scenario ` +
      `${WARM_UP_SECONDS} s warm-up then ${SECONDS} rounds of 1 s (project and baseline alternating), a new ` +
      `X-Forwarded-For address every ${SUBMISSIONS_PER_ADDRESS} submissions, every submission a new player's first pick ` +
      `(pools refilled from the pace each target shows); server as \`npm start\` runs it`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'lowest-http-bench-'));
  const readers = readerPlayers();
  let ok = true;
  try {
    const dbFile = join(dir, 'bench.db');
    const database = await sqliteDatabase(dbFile, readers);
    console.log(`\nSQLite (${dbFile}) vs bare node:http + better-sqlite3 (one prepared insert a pick)`);
    const project = await startProject('sqlite', database, readers);
    const baseline = await startBaseline({ DATABASE_FILE: join(dir, 'baseline.db') });
    const run = await runStore(project, baseline, 'baseline', database);
    ok = printGoals('goals (SQLite, this run: ratios against the bare baseline)', storeGoals(run, true)) && ok;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (WITH_POSTGRES) ok = (await runPostgres(readers)) && ok;
  if (WITH_FAIRNESS) ok = (await runFairnessScenario(startFairnessServer, WITH_POSTGRES)) && ok;
  return { ok };
}

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

async function runPostgres(readers: SeededPlayer[]): Promise<boolean> {
  const given = process.env['TEST_DATABASE_URL'];
  const server = given ? null : await startEmbeddedPostgres();
  const adminUrl = given ?? server?.adminUrl ?? '';
  try {
    const database = await postgresDatabase(adminUrl, 'lowest_http_bench', readers);
    const floorDatabase = await createTestDatabase(adminUrl, 'lowest_http_floor');
    try {
      console.log('\nPostgreSQL (embedded, one instance) vs bare node:http + postgres.js (one prepared insert a pick)');
      const project = await startProject('postgres', database, readers);
      const floor = await startBaseline({ DATABASE_URL: floorDatabase.url });
      const run = await runStore(project, floor, 'floor', database);
      return printGoals('goals (PostgreSQL, this run: ratios against the one-insert floor)', storeGoals(run, false));
    } finally {
      await database.drop();
      await floorDatabase.drop();
    }
  } finally {
    await server?.stop();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runHttpBench();
  if (!result.ok) process.exitCode = 1;
}
