// SIGTERM under load: `npm start` of the checkout at --dir on a fresh SQLite database, --connections
// keep-alive clients requesting GET /api/game/today in a loop; after --before seconds the server gets
// SIGTERM; the load goes on until the process has exited. Counts what the clients saw: answers,
// resets and hang-ups (requests lost in flight) and refused connections (never accepted: a proxy
// sends those elsewhere).
// Usage: node scripts/measure/sigterm-under-load.mjs --dir <repo> [--connections 16] [--before 4]
/* global setTimeout, performance */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '.' },
    connections: { type: 'string', default: '16' },
    before: { type: 'string', default: '4' },
  },
});
const dir = resolve(values.dir);
const port = await new Promise((done) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => done(free));
  });
});
const work = mkdtempSync(join(tmpdir(), 'lowest-sigterm-'));
const child = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: dir,
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(work, 'lowest.db')}`,
    LOG_LEVEL: 'warn',
    SHUTDOWN_GRACE_SECONDS: '10',
  },
  stdio: 'ignore',
});
let exited = false;
const exit = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
void exit.then(() => (exited = true));

const agent = new Agent({ keepAlive: true, maxSockets: Number(values.connections) });
const get = () =>
  new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/game/today', agent }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode }));
      res.on('error', (error) => done({ error: error.code ?? error.message }));
    });
    req.on('error', (error) => done({ error: error.code ?? error.message }));
    req.end();
  });

// Waits until the server serves (polling), then loads it.
for (;;) {
  const { status } = await get();
  if (status === 200) break;
  await new Promise((r) => setTimeout(r, 50));
}
const counts = { sent: 0, ok: 0, otherStatus: 0, reset: 0, hangUp: 0, refused: 0, otherError: 0, afterSigterm: 0 };
let sigtermAt = null;
const worker = async () => {
  while (!exited) {
    counts.sent += 1;
    if (sigtermAt !== null) counts.afterSigterm += 1;
    const result = await get();
    if (result.status === 200) counts.ok += 1;
    else if (result.status !== undefined) counts.otherStatus += 1;
    else if (result.error === 'ECONNRESET') counts.reset += 1;
    else if (result.error === 'socket hang up') counts.hangUp += 1;
    else if (result.error === 'ECONNREFUSED') {
      counts.refused += 1;
      await new Promise((r) => setTimeout(r, 5));
    } else counts.otherError += 1;
  }
};
const workers = Array.from({ length: Number(values.connections) }, worker);
setTimeout(
  () => {
    sigtermAt = performance.now();
    child.kill('SIGTERM');
  },
  Number(values.before) * 1000,
);
const { code, signal } = await exit;
const stopMs = Math.round(performance.now() - (sigtermAt ?? 0));
await Promise.all(workers);
agent.destroy();
rmSync(work, { recursive: true, force: true });
const lost = counts.reset + counts.hangUp + counts.otherError;
console.log(JSON.stringify(counts));
console.log(
  `${lost} lost (reset ${counts.reset}, hang-up ${counts.hangUp}, other ${counts.otherError}) of ${counts.sent} requests; ` +
    `${counts.refused} refused after the listener closed; exit ${code ?? signal} ${stopMs} ms after SIGTERM (${dir})`,
);
