// Fixed-window rate limits per user and per IP. In-process: each server instance counts on its
// own, so N instances allow up to N times the limit (acceptable for abuse damping; the entry
// limits that matter for correctness live in the database).
import { createMiddleware } from 'hono/factory';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { DomainError } from '../../core/errors.ts';
import type { AppEnv } from '../app-env.ts';

export interface RateRule {
  limit: number;
  windowMs: number;
}

export type RateBucket = 'signIn' | 'entry' | 'referralValidate' | 'guildJoin' | 'guildCreate' | 'reward';

export type RateLimits = Record<RateBucket, { perUser: RateRule; perIp: RateRule }>;

const minute = 60_000;

export const defaultRateLimits: RateLimits = {
  signIn: { perUser: { limit: 10, windowMs: minute }, perIp: { limit: 20, windowMs: minute } },
  entry: { perUser: { limit: 20, windowMs: minute }, perIp: { limit: 120, windowMs: minute } },
  referralValidate: { perUser: { limit: 30, windowMs: minute }, perIp: { limit: 30, windowMs: minute } },
  // Guild passwords are short: keep guessing slow.
  guildJoin: { perUser: { limit: 10, windowMs: 10 * minute }, perIp: { limit: 30, windowMs: 10 * minute } },
  // Each creation runs a deliberately slow scrypt hash: a player needs a handful, never dozens.
  guildCreate: { perUser: { limit: 5, windowMs: 10 * minute }, perIp: { limit: 60, windowMs: 10 * minute } },
  reward: { perUser: { limit: 30, windowMs: minute }, perIp: { limit: 120, windowMs: minute } },
};

export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limits: RateLimits = defaultRateLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit; false when the key is over its limit in the current window. */
  hit(key: string, rule: RateRule): boolean {
    const now = this.now();
    if (this.#windows.size > 50_000) this.#sweep(now);
    const window = this.#windows.get(key);
    if (!window || now - window.start >= rule.windowMs) {
      this.#windows.set(key, { start: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= rule.limit;
  }

  #sweep(now: number): void {
    const longest = Math.max(...Object.values(this.limits).flatMap((l) => [l.perUser.windowMs, l.perIp.windowMs]));
    for (const [key, window] of this.#windows) if (now - window.start >= longest) this.#windows.delete(key);
  }
}

/** The peer address; app.request() in tests has no socket, so those share one 'local' key. */
export const clientIp = (c: Context): string => {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
};

export const rateLimit = (limiter: RateLimiter, bucket: RateBucket) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const rules = limiter.limits[bucket];
    const user = c.get('user');
    const ipOk = limiter.hit(`${bucket}:ip:${clientIp(c)}`, rules.perIp);
    const userOk = user === null || limiter.hit(`${bucket}:user:${user.id}`, rules.perUser);
    if (!ipOk || !userOk) throw new DomainError('RATE_LIMITED', 'Too many requests. Please wait a minute and try again.');
    return next();
  });
