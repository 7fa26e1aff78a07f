// Fixed-window rate limits per user (the main control) and per client address (DESIGN.md §12, §14).
// In memory for SQLite and the memory store (one instance); in the database with PostgreSQL, so N
// instances behind a proxy share one count. Windows are aligned to the clock (start = now rounded
// down to the window length), so every instance agrees which window a hit falls in.
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../core/errors.ts';
import type { RateWindows } from '../../adapters/sql/rate-windows.ts';
import type { AppEnv } from '../app-env.ts';

export interface RateRule {
  limit: number;
  windowMs: number;
}

/** A key to count a hit on, and the rule it is counted against. */
export interface KeyedRule {
  key: string;
  rule: RateRule;
}

export type RateBucket = 'signIn' | 'entry' | 'referralValidate' | 'guildJoin' | 'guildCreate' | 'reward';

export type RateLimits = Record<RateBucket, { perUser: RateRule; perIp: RateRule }>;

const minute = 60_000;

// Per-IP figures are sized for a few hundred players behind one NAT or proxy on a busy minute (a
// class signing in together, everyone entering just before the deadline); the per-user figures
// are what stops one account. See README "Running in production".
export const defaultRateLimits: RateLimits = {
  signIn: { perUser: { limit: 10, windowMs: minute }, perIp: { limit: 600, windowMs: minute } },
  entry: { perUser: { limit: 20, windowMs: minute }, perIp: { limit: 2_000, windowMs: minute } },
  referralValidate: { perUser: { limit: 30, windowMs: minute }, perIp: { limit: 600, windowMs: minute } },
  // Guild passwords are short: keep guessing slow per account; the address limit only stops a flood.
  guildJoin: { perUser: { limit: 10, windowMs: 10 * minute }, perIp: { limit: 600, windowMs: 10 * minute } },
  // Each creation runs a deliberately slow scrypt hash: a player needs a handful, never dozens.
  guildCreate: { perUser: { limit: 5, windowMs: 10 * minute }, perIp: { limit: 60, windowMs: 10 * minute } },
  reward: { perUser: { limit: 30, windowMs: minute }, perIp: { limit: 2_000, windowMs: minute } },
};

export interface RateLimiter {
  readonly limits: RateLimits;
  /** Counts a hit on each (distinct) key; for each, whether it is within its limit in the current window. */
  hitAll(hits: readonly KeyedRule[]): Promise<boolean[]>;
}

const windowStartOf = (now: number, rule: RateRule): number => now - (now % rule.windowMs);

/** One process's counters: right for SQLite and the memory store, which run as one instance. */
export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limits: RateLimits = defaultRateLimits,
    private readonly now: () => number = Date.now,
  ) {}

  hitAll(hits: readonly KeyedRule[]): Promise<boolean[]> {
    const now = this.now();
    if (this.#windows.size > 50_000) this.#sweep(now);
    return Promise.resolve(hits.map(({ key, rule }) => this.#hit(now, key, rule)));
  }

  #hit(now: number, key: string, rule: RateRule): boolean {
    const start = windowStartOf(now, rule);
    const window = this.#windows.get(key);
    if (!window || window.start !== start) {
      this.#windows.set(key, { start, count: 1 });
      return rule.limit >= 1;
    }
    window.count += 1;
    return window.count <= rule.limit;
  }

  #sweep(now: number): void {
    const longest = Math.max(...Object.values(this.limits).flatMap((l) => [l.perUser.windowMs, l.perIp.windowMs]));
    for (const [key, window] of this.#windows) if (now - window.start >= longest) this.#windows.delete(key);
  }
}

const SWEEP_EVERY_MS = minute;

interface PendingHits {
  hits: readonly KeyedRule[];
  resolve: (within: boolean[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Counters in the database (`rate_limits`), shared by every instance on it. The hits of the requests that arrive in
 * one turn of the event loop are counted together, in one statement when the turn ends: under a rush one statement
 * counts the address and player windows of many submissions (docs/performance.md, issue 13 fifth round).
 */
export class SharedRateLimiter implements RateLimiter {
  #lastSweep = 0;
  #pending: PendingHits[] | null = null;

  constructor(
    private readonly windows: RateWindows,
    readonly limits: RateLimits = defaultRateLimits,
    private readonly now: () => number = Date.now,
  ) {}

  hitAll(hits: readonly KeyedRule[]): Promise<boolean[]> {
    return new Promise((resolve, reject) => {
      if (!this.#pending) {
        this.#pending = [];
        setImmediate(() => void this.#count());
      }
      this.#pending.push({ hits, resolve, reject });
    });
  }

  async #count(): Promise<void> {
    const batch = this.#pending ?? [];
    this.#pending = null;
    const now = this.now();
    if (now - this.#lastSweep >= SWEEP_EVERY_MS) {
      this.#lastSweep = now;
      // In the background: a failed sweep only leaves expired rows for the next one.
      void this.windows.sweep(new Date(now).toISOString()).catch(() => undefined);
    }
    const keyed = batch.flatMap(({ hits }) => hits);
    try {
      const counts = await this.windows.hitAll(
        keyed.map(({ key, rule }) => {
          const start = windowStartOf(now, rule);
          return { key: `${key}:${rule.windowMs}`, windowStart: new Date(start).toISOString(), expiresAt: new Date(start + rule.windowMs).toISOString() };
        }),
      );
      let at = 0;
      for (const { hits, resolve } of batch) {
        resolve(hits.map(({ rule }) => (counts[at++] ?? 0) <= rule.limit));
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}

export const rateLimit = (limiter: RateLimiter, bucket: RateBucket) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const rules = limiter.limits[bucket];
    const user = c.get('user');
    const hits = [{ key: `${bucket}:ip:${c.get('clientIp')}`, rule: rules.perIp }];
    if (user !== null) hits.push({ key: `${bucket}:user:${user.id}`, rule: rules.perUser });
    const within = await limiter.hitAll(hits);
    if (within.includes(false)) throw new DomainError('RATE_LIMITED', 'Too many requests. Please wait a minute and try again.');
    return next();
  });
