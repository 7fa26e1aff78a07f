import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter (fixed window)', () => {
  it('allows `limit` hits per window per key, then refuses until the window ends', () => {
    let now = 0;
    const limiter = new RateLimiter(undefined, () => now);
    const rule = { limit: 3, windowMs: 1_000 };
    expect([1, 2, 3, 4].map(() => limiter.hit('a', rule))).toEqual([true, true, true, false]);
    expect(limiter.hit('b', rule)).toBe(true);
    now = 999;
    expect(limiter.hit('a', rule)).toBe(false);
    now = 1_000;
    expect(limiter.hit('a', rule)).toBe(true);
  });
});
