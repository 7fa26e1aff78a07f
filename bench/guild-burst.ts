// `npx tsx bench/guild-burst.ts`: another player's GET /api/me while one player fires 40 parallel
// POST /api/guilds (issue 11 finding 7). A real server on 127.0.0.1 (SQLite in memory, real scrypt);
// prints the burst's statuses and Bob's latencies during it. BENCH_NO_LIMITS=1 lifts the rate limits
// to show the hash limit alone.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '../server/app.ts';
import { composeServer } from '../server/composition-root.ts';
import { loadConfig } from '../server/config.ts';
import { defaultRateLimits, MemoryRateLimiter, type RateLimits } from '../server/security/rate-limit.ts';

const BURST = 40;

const noLimits = process.env.BENCH_NO_LIMITS === '1';
const lifted = Object.fromEntries(
  Object.keys(defaultRateLimits).map((bucket) => [
    bucket,
    { perUser: { limit: 1e6, windowMs: 60_000 }, perIp: { limit: 1e6, windowMs: 60_000 } },
  ]),
) as RateLimits;
const services = await composeServer(loadConfig({ DATABASE_URL: 'sqlite::memory:', PUBLIC_URL: 'http://127.0.0.1' }), {
  logger: {
    request: () => {},
    debug: () => {},
    warn: () => {},
    info: () => {},
    error: (message) => console.error(message),
  },
  ...(noLimits && { limiter: new MemoryRateLimiter(lifted) }),
});
const app = createApp(services);
const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
});
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const signIn = async (email: string): Promise<string> => {
  const res = await fetch(`${base}/auth/dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, displayName: email.split('@')[0] }),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`sign-in failed: ${res.status}`);
  return sid.split(';')[0] ?? '';
};

const timedMe = async (cookie: string): Promise<number> => {
  const started = performance.now();
  const res = await fetch(`${base}/api/me`, { headers: { cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET /api/me: ${res.status}`);
  return performance.now() - started;
};

const summary = (ms: number[]): string => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `n=${sorted.length} p50=${at(0.5).toFixed(1)} ms p95=${at(0.95).toFixed(1)} ms max=${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
};

const ann = await signIn('ann@example.com');
const bob = await signIn('bob@example.com');
const idle: number[] = [];
for (let i = 0; i < 20; i += 1) idle.push(await timedMe(bob));

let done = false;
const burstStarted = performance.now();
const burst = Promise.all(
  Array.from({ length: BURST }, async (_, i) => {
    const res = await fetch(`${base}/api/guilds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: ann },
      body: JSON.stringify({ name: `Burst ${i}`, password: 'secret1' }),
    });
    await res.arrayBuffer();
    return res.status;
  }),
).finally(() => (done = true));
const during: number[] = [];
while (!done) during.push(await timedMe(bob));
const statuses = await burst;
const burstMs = performance.now() - burstStarted;

const counts = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
console.log(`rate limits: ${noLimits ? 'lifted (BENCH_NO_LIMITS=1)' : 'default'}`);
console.log(
  `burst: ${BURST} parallel POST /api/guilds by one player -> ${JSON.stringify(counts)} in ${burstMs.toFixed(0)} ms`,
);
console.log(`GET /api/me by another player, idle:         ${summary(idle)}`);
console.log(`GET /api/me by another player, during burst: ${summary(during)}`);
server.close();
await services.store.close();
process.exit(0);
