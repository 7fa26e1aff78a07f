import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresStore, type PostgresStore } from '../../adapters/postgres/store.ts';
import { sqlRateWindows } from '../../adapters/sql/rate-windows.ts';
import { createTestDatabase, type TestDatabase } from '../../test/support/postgres.ts';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { errorHandler } from '../on-error.ts';
import {
  defaultRateLimits,
  MemoryRateLimiter,
  rateLimit,
  SharedRateLimiter,
  type RateBucket,
  type RateLimiter,
  type RateRule,
} from './rate-limit.ts';

const rule = { limit: 3, windowMs: 1_000 };
/** One key's hit, as the middleware counts it among others. */
const hit = async (limiter: RateLimiter, key: string, keyRule: RateRule): Promise<boolean> =>
  (await limiter.hitAll([{ key, rule: keyRule }]))[0]?.within ?? false;

describe('MemoryRateLimiter (fixed window)', () => {
  it('allows `limit` hits per window per key, then refuses until the next window', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(undefined, () => now);
    const hits = async (n: number, key = 'a') => Promise.all(Array.from({ length: n }, () => hit(limiter, key, rule)));
    expect(await hits(4)).toEqual([true, true, true, false]);
    expect(await hit(limiter, 'b', rule)).toBe(true);
    now = 999;
    expect(await hit(limiter, 'a', rule)).toBe(false);
    now = 1_000;
    expect(await hit(limiter, 'a', rule)).toBe(true);
  });

  it('says what is left of the window and when it ends', async () => {
    let now = 60_250;
    const limiter = new MemoryRateLimiter(undefined, () => now);
    const minute = { limit: 2, windowMs: 60_000 };
    expect(await limiter.hitAll([{ key: 'k', rule: minute }])).toEqual([
      { within: true, remaining: 1, resetMs: 59_750 },
    ]);
    now = 90_000;
    await limiter.hitAll([{ key: 'k', rule: minute }]);
    expect(await limiter.hitAll([{ key: 'k', rule: minute }])).toEqual([
      { within: false, remaining: 0, resetMs: 30_000 },
    ]);
  });

  it('peeks at the verdict a key’s next hit would get, without counting it', async () => {
    let now = 60_000;
    const limiter = new MemoryRateLimiter(undefined, () => now);
    const two = { limit: 2, windowMs: 60_000 };
    expect(await limiter.peekAll([{ key: 'k', rule: two }])).toEqual([{ within: true, remaining: 1, resetMs: 60_000 }]);
    await limiter.hitAll([{ key: 'k', rule: two }]);
    now = 90_000;
    expect(
      await limiter.peekAll([
        { key: 'k', rule: two },
        { key: 'k', rule: two },
      ]),
    ).toEqual([
      { within: true, remaining: 0, resetMs: 30_000 },
      { within: true, remaining: 0, resetMs: 30_000 },
    ]);
    await limiter.hitAll([{ key: 'k', rule: two }]);
    expect(await limiter.peekAll([{ key: 'k', rule: two }])).toEqual([
      { within: false, remaining: 0, resetMs: 30_000 },
    ]);
    expect(await limiter.peekAll([{ key: 'other', rule: two }])).toEqual([
      { within: true, remaining: 1, resetMs: 30_000 },
    ]);
    now = 120_000;
    expect(await limiter.peekAll([{ key: 'k', rule: two }])).toEqual([{ within: true, remaining: 1, resetMs: 60_000 }]);
  });

  it('forgets every key as soon as its window ends', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(undefined, () => now);
    const minute = { limit: 5, windowMs: 60_000 };
    const tenMinutes = { limit: 5, windowMs: 600_000 };
    await limiter.hitAll(Array.from({ length: 60_000 }, (_, i) => ({ key: `ip:${i}`, rule: minute })));
    await limiter.hitAll([{ key: 'user:1', rule: tenMinutes }]);
    expect(limiter.size).toBe(60_001);
    now = 60_000;
    await limiter.hitAll([{ key: 'ip:new', rule: minute }]);
    expect(limiter.size).toBe(2);
    now = 600_000;
    await limiter.hitAll([]);
    expect(limiter.size).toBe(0);
  });
});

describe('SharedRateLimiter (PostgreSQL rate_limits table)', () => {
  let database: TestDatabase;
  let store: PostgresStore;
  beforeAll(async () => {
    database = await createTestDatabase(inject('postgresAdminUrl'));
    store = await createPostgresStore(database.url, { maxConnections: 6 });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('counts concurrent hits of two instances together, exactly up to the limit', async () => {
    let now = 5_000_000;
    const instances: RateLimiter[] = [1, 2].map(
      () => new SharedRateLimiter(sqlRateWindows(store.db), undefined, () => now),
    );
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => hit(instances[i % 2]!, 'entry:user:u1', { limit: 7, windowMs: 60_000 })),
    );
    expect(hits.filter(Boolean)).toHaveLength(7);
    // Another key is counted apart; the next window starts afresh.
    expect(await hit(instances[0]!, 'entry:user:u2', { limit: 7, windowMs: 60_000 })).toBe(true);
    now += 60_000;
    expect(await hit(instances[1]!, 'entry:user:u1', { limit: 7, windowMs: 60_000 })).toBe(true);
  });

  it('counts an address and its players in one statement each, every key against its own limit, in any order', async () => {
    const now = 7_000_000;
    const instances: RateLimiter[] = [1, 2].map(
      () => new SharedRateLimiter(sqlRateWindows(store.db), undefined, () => now),
    );
    const address = { limit: 15, windowMs: 60_000 };
    const player = { limit: 2, windowMs: 60_000 };
    // 24 submissions from one address by 8 players (3 each), a third listing the keys the other way round (the
    // statement locks its rows in key order whatever the caller's, so two of them never wait for each other).
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const hits = [
          { key: 'entry:ip:10.0.0.1', rule: address },
          { key: `entry:user:p${i % 8}`, rule: player },
        ];
        return instances[i % 2]!.hitAll(i % 3 === 0 ? [...hits].reverse() : hits).then((within) => ({ i, within }));
      }),
    );
    const addressWithin = results.filter(({ i, within }) => within[i % 3 === 0 ? 1 : 0]?.within).length;
    const playerWithin = results.filter(({ i, within }) => within[i % 3 === 0 ? 0 : 1]?.within).length;
    expect(addressWithin).toBe(15);
    expect(playerWithin).toBe(16);
  });

  it('keeps counting in the newer window when an instance with a slower clock hits', async () => {
    let fast = 9_060_000;
    const ahead = new SharedRateLimiter(sqlRateWindows(store.db), undefined, () => fast);
    const behind = new SharedRateLimiter(sqlRateWindows(store.db), undefined, () => fast - 2_000);
    const twoPerMinute = { limit: 2, windowMs: 60_000 };
    expect(await hit(ahead, 'skew', twoPerMinute)).toBe(true);
    expect(await hit(behind, 'skew', twoPerMinute)).toBe(true);
    expect(await hit(ahead, 'skew', twoPerMinute)).toBe(false);
    fast += 60_000;
    expect(await hit(ahead, 'skew', twoPerMinute)).toBe(true);
  });

  it('peeks at the count every instance made in the current window, without counting', async () => {
    let now = 11_000_000;
    const one = new SharedRateLimiter(sqlRateWindows(store.db), undefined, () => now);
    const two = new SharedRateLimiter(sqlRateWindows(store.db), undefined, () => now);
    const three = { limit: 3, windowMs: 60_000 };
    const peek = async (limiter: RateLimiter, key: string) => (await limiter.peekAll([{ key, rule: three }]))[0];
    expect(await peek(two, 'guess')).toEqual({ within: true, remaining: 2, resetMs: 40_000 });
    await one.hitAll([{ key: 'guess', rule: three }]);
    await one.hitAll([{ key: 'guess', rule: three }]);
    expect(await peek(two, 'guess')).toEqual({ within: true, remaining: 0, resetMs: 40_000 });
    expect(await peek(two, 'guess')).toEqual({ within: true, remaining: 0, resetMs: 40_000 });
    await two.hitAll([{ key: 'guess', rule: three }]);
    expect(await peek(one, 'guess')).toMatchObject({ within: false });
    // The same key under another window length is another count.
    expect(await one.peekAll([{ key: 'guess', rule: { limit: 3, windowMs: 600_000 } }])).toMatchObject([
      { within: true, remaining: 2 },
    ]);
    now += 60_000;
    expect(await peek(two, 'guess')).toEqual({ within: true, remaining: 2, resetMs: 40_000 });
  });

  it('counts repeated keys in one statement in the order given, each hit with its own count', async () => {
    const windows = sqlRateWindows(store.db);
    const window = (key: string) => ({
      key,
      windowStart: '2026-02-01T00:00:00.000Z',
      expiresAt: '2026-02-01T00:01:00.000Z',
    });
    expect(await windows.hitAll([window('a'), window('a'), window('b'), window('a')])).toEqual([1, 2, 1, 3]);
    expect(await windows.hitAll([window('b'), window('a')])).toEqual([2, 4]);
  });

  it('sweeps the windows that ended', async () => {
    const windows = sqlRateWindows(store.db);
    await windows.hitAll([
      { key: 'old', windowStart: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-01T00:01:00.000Z' },
      { key: 'current', windowStart: '2026-01-01T00:05:00.000Z', expiresAt: '2026-01-01T00:06:00.000Z' },
    ]);
    expect(await windows.sweep('2026-01-01T00:05:30.000Z')).toBeGreaterThanOrEqual(1);
    const keys = (await store.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toContain('current');
    expect(keys).not.toContain('old');
  });

  it("counts the submissions' bucket per instance and the other buckets across instances", async () => {
    const now = 13_000_000;
    const three = { limit: 3, windowMs: 60_000 };
    const limits = {
      ...defaultRateLimits,
      entry: { perUser: three, perIp: three },
      signIn: { perUser: three, perIp: three },
    };
    // Two instances on one database, each answering through the middleware from one client address.
    const instances = [1, 2].map(() => {
      const limiter = new SharedRateLimiter(sqlRateWindows(store.db), limits, () => now);
      const app = new Hono<AppEnv>();
      const quiet = () => undefined;
      app.onError(errorHandler({ request: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet }));
      app.use(async (c, next) => {
        c.set('user', null);
        c.set('clientIp', '10.9.9.9');
        await next();
      });
      for (const bucket of ['entry', 'signIn'] satisfies RateBucket[])
        app.post(`/${bucket}`, rateLimit(limiter, bucket), (c) => c.text('ok'));
      return app;
    });
    const statuses = async (bucket: RateBucket, order: number[]) => {
      const seen: number[] = [];
      for (const i of order) seen.push((await instances[i]!.request(`/${bucket}`, { method: 'POST' })).status);
      return seen;
    };
    // Three each on both instances are within: each counts its own; the fourth on one is refused.
    expect(await statuses('entry', [0, 1, 0, 1, 0, 1, 0])).toEqual([200, 200, 200, 200, 200, 200, 429]);
    // Sign-ins are counted together: the fourth of the two is refused, whichever answers it.
    expect(await statuses('signIn', [0, 1, 0, 1])).toEqual([200, 200, 200, 429]);
    const keys = (await store.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys.some((key) => key.startsWith('signIn:ip:10.9.9.9'))).toBe(true);
    expect(keys.filter((key) => key.startsWith('entry:ip:10.9.9.9'))).toEqual([]);
  });
});
