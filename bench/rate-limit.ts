// `npm run bench:rate-limit`: what a rate-limited request costs with 100 keys in the in-process limiter and with
// 100,000 distinct keys alive in one window (a deadline rush, or one client rotating IPv6 addresses): a referral
// check from a new X-Forwarded-For address each time through the client-address and rate-limit middlewares (no
// database), and the limiter's own hit alone. Exit 1 when a request with the large map costs more than 1.5× one with
// the small map: the limiter's work must not grow with the number of keys it holds.
import { Hono } from 'hono';
import type { AppEnv } from '../server/app-env.ts';
import { clientAddress } from '../server/security/client-address.ts';
import { defaultRateLimits, MemoryRateLimiter, rateLimit } from '../server/security/rate-limit.ts';

const SMALL = 100;
const LARGE = 100_000;
const REQUESTS = 40_000;
const HITS = 200_000;
const ROUNDS = 5;
const MAX_RATIO = 1.5;
const rule = defaultRateLimits.referralValidate.perIp;
const NOW = 30_000;

const addressesOf = (keys: number): string[] => Array.from({ length: keys }, (_, i) => `2001:db8::${i.toString(16)}`);

/** One hit from each address, in one call (the keys the middleware counts). */
const fill = (limiter: MemoryRateLimiter, addresses: readonly string[]) =>
  limiter.hitAll(addresses.map((address) => ({ key: `referralValidate:ip:${address}`, rule })));

/** CPU nanoseconds per call of `work(i)`: CPU time, so waiting for a core on a shared machine does not count. */
const cpuNanosPer = async (calls: number, work: (i: number) => unknown): Promise<number> => {
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i++) await work(i);
  const { user, system } = process.cpuUsage(started);
  return ((user + system) * 1e3) / calls;
};

/** A request through the middlewares a rate-limited route runs, each from one of `keys` addresses. */
const requestCost = async (keys: number): Promise<number> => {
  const limiter = new MemoryRateLimiter(undefined, () => NOW);
  const app = new Hono<AppEnv>()
    .use((c, next) => {
      c.set('user', null);
      return next();
    })
    .use(clientAddress(1))
    .get('/api/referrals/validate/:code', rateLimit(limiter, 'referralValidate'), (c) => c.json({ valid: false }));
  const addresses = addressesOf(keys);
  await fill(limiter, addresses);
  const request = (i: number) =>
    app.request('/api/referrals/validate/ABC', { headers: { 'x-forwarded-for': addresses[i % keys]! } });
  return cpuNanosPer(REQUESTS, request);
};

/** The limiter's hit alone, its key built afresh each time as the middleware builds it. */
const hitCost = async (keys: number): Promise<number> => {
  const limiter = new MemoryRateLimiter(undefined, () => NOW);
  const addresses = addressesOf(keys);
  await fill(limiter, addresses);
  const hit = (i: number) => limiter.hitAll([{ key: `referralValidate:ip:${addresses[i % keys]!}`, rule }]);
  return cpuNanosPer(HITS, hit);
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Interleaved rounds, so a busy neighbour on the machine slows both sizes alike. */
const compare = async (cost: (keys: number) => Promise<number>) => {
  const small: number[] = [];
  const large: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    small.push(await cost(SMALL));
    large.push(await cost(LARGE));
  }
  return { small: median(small), large: median(large), ratio: median(large) / median(small) };
};

export const runRateLimitBench = async () => {
  const request = await compare(requestCost);
  const hit = await compare(hitCost);
  return { request, hit, ok: request.ratio <= MAX_RATIO };
};

export const printRateLimitBench = ({ request, hit, ok }: Awaited<ReturnType<typeof runRateLimitBench>>): void => {
  const line = (name: string, r: { small: number; large: number; ratio: number }) =>
    `${name}: ${SMALL} keys ${(r.small / 1000).toFixed(2)} µs · ${LARGE.toLocaleString('en-US')} keys ${(r.large / 1000).toFixed(2)} µs · ratio ${r.ratio.toFixed(2)}`;
  console.log(`rate limiter, CPU per call (median of ${ROUNDS})`);
  console.log(`${line('  request (client address + limit)', request)} (goal ≤ ${MAX_RATIO}) ${ok ? 'PASS' : 'FAIL'}`);
  console.log(line('  limiter hit alone', hit));
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runRateLimitBench();
  printRateLimitBench(result);
  if (!result.ok) process.exitCode = 1;
}
