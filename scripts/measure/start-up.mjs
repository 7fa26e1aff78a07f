// Measures `npm start` (node scripts/start.mjs) of the checkout at --dir: time until the port
// answers at all, until /api/game/today answers 200 (the database is open), and the RSS once serving.
// With --db-template FILE each run starts on a fresh copy of that SQLite file (e.g. a big due game).
// Usage: node scripts/measure/start-up.mjs --dir <repo> [--runs 3] [--db-template file.db]
/* global setTimeout, performance */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '.' },
    runs: { type: 'string', default: '3' },
    'db-template': { type: 'string' },
  },
});
const dir = resolve(values.dir);

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** The status of GET path, or null when nothing answers (refused, reset, timeout). */
const statusOf = (port, path) =>
  new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, timeout: 60_000 }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode));
    });
    req.on('error', () => done(null));
    req.on('timeout', () => req.destroy());
    req.end();
  });

/** Whether a TCP connection to the port succeeds (the process listens, busy or not). */
const accepts = (port) =>
  new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      done(true);
    });
    socket.on('error', () => done(false));
  });

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
};

const once = async () => {
  const work = mkdtempSync(join(tmpdir(), 'lowest-start-'));
  const db = join(work, 'lowest.db');
  if (values['db-template']) copyFileSync(resolve(values['db-template']), db);
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: dir,
    env: { PATH: process.env.PATH, PORT: String(port), DATABASE_URL: `sqlite:${db}`, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  let listenMs = null;
  while (listenMs === null && performance.now() - started < 120_000) {
    if (await accepts(port)) listenMs = performance.now() - started;
    else await new Promise((r) => setTimeout(r, 10));
  }
  let answeredMs = null;
  let servingMs = null;
  while (servingMs === null && performance.now() - started < 120_000) {
    // Probes in turn: a probe blocked by a busy event loop counts when it is finally answered.
    const status = await statusOf(port, '/api/game/today');
    if (status !== null) answeredMs ??= performance.now() - started;
    if (status === 200) servingMs = performance.now() - started;
    else if (status === null) await new Promise((r) => setTimeout(r, 10));
  }
  // Readiness (after the catch-up close); a server without /readyz answers 404: not measured.
  let readyMs = null;
  while (readyMs === null && performance.now() - started < 120_000) {
    const status = await statusOf(port, '/readyz');
    if (status === 404) break;
    if (status === 200) readyMs = performance.now() - started;
    else await new Promise((r) => setTimeout(r, 10));
  }
  const rss = rssMb(child.pid);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(work, { recursive: true, force: true });
  return {
    listenMs: Math.round(listenMs ?? NaN),
    readyMs: readyMs === null ? 'n/a' : Math.round(readyMs),
    answeredMs: Math.round(answeredMs ?? NaN),
    servingMs: Math.round(servingMs ?? NaN),
    rss,
  };
};

const results = [];
for (let i = 0; i < Number(values.runs); i += 1) results.push(await once());
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const r of results)
  console.log(
    `run: listening ${r.listenMs} ms, first answer ${r.answeredMs} ms, serving (200) ${r.servingMs} ms, /readyz 200 ${r.readyMs} ms, RSS ${r.rss} MB`,
  );
console.log(
  `median of ${results.length}: listening ${median(results.map((r) => r.listenMs))} ms, first answer ${median(results.map((r) => r.answeredMs))} ms, serving ${median(results.map((r) => r.servingMs))} ms, RSS ${median(results.map((r) => r.rss))} MB (${dir})`,
);
