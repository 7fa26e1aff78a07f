// Fixed-window rate limits per user (the main control) and per client address (DESIGN.md §12, §14).
// In memory for SQLite and the memory store (one instance); in the database with PostgreSQL, so N
// instances behind a proxy share one count, except the submission's (`entry`) bucket, which every
// instance counts on its own on every store: the store's constraints bound a player's picks on any
// number of instances, and a scaled-out deployment's per-address flood control is the proxy's
// (`limit_req` in deploy/nginx.conf). Windows are aligned to the clock (start = now rounded
// down to the window length), so every instance agrees which window a hit falls in.
import { createMiddleware } from 'hono/factory';
import type { RateWindows } from '../../core/rate-limits/ports.ts';
import type { RequestVariables } from '../request-variables.ts';
import { apiError } from '../error-status.ts';

export interface RateRule {
  limit: number;
  windowMs: number;
}

/** A key to count a hit on, and the rule it is counted against. */
export interface KeyedRule {
  key: string;
  rule: RateRule;
}

export type RateBucket = 'signIn' | 'entry' | 'referralValidate' | 'guildJoin' | 'guildCreate' | 'reward' | 'export';

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
  // The data export reads every day a player ever played (ten years: 3,650 days): a player needs one now and then.
  export: { perUser: { limit: 5, windowMs: 10 * minute }, perIp: { limit: 120, windowMs: 10 * minute } },
};

/** One key's count after a hit: whether it is within its limit, what is left, and when its window ends. */
export interface RateVerdict {
  within: boolean;
  remaining: number;
  resetMs: number;
}

/** The buckets each instance counts in its own memory, whatever the store (DESIGN.md §14). */
export const PER_INSTANCE_BUCKETS: ReadonlySet<RateBucket> = new Set(['entry']);

export interface RateLimiter {
  readonly limits: RateLimits;
  /** This instance's own counters, for PER_INSTANCE_BUCKETS: the limiter itself when it is in memory. */
  readonly perInstance: RateLimiter;
  /** Counts a hit on each (distinct) key; for each, its verdict in the current window. */
  hitAll(hits: readonly KeyedRule[]): Promise<RateVerdict[]>;
  /** For each key, the verdict its next hit would get, without counting one (a check before costly work). */
  peekAll(keys: readonly KeyedRule[]): Promise<RateVerdict[]>;
}

const windowStartOf = (now: number, rule: RateRule): number => now - (now % rule.windowMs);

const verdictOf = (count: number, rule: RateRule, windowEnd: number, now: number): RateVerdict => ({
  within: count <= rule.limit,
  remaining: Math.max(0, rule.limit - count),
  resetMs: windowEnd - now,
});

/**
 * One process's counters: right for SQLite and the memory store, which run as one instance. Windows are aligned to
 * the clock, so the keys whose window ends at the same instant share one map, and only a few such maps exist at a
 * time; a map is dropped whole once its instant has passed. A hit costs the same whether the limiter holds a hundred
 * keys or a million, and no key outlives its window.
 */
export class MemoryRateLimiter implements RateLimiter {
  /** Window end → the count of each key whose window ends then. */
  readonly #windowsEndingAt = new Map<number, Map<string, number>>();

  constructor(
    readonly limits: RateLimits = defaultRateLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get perInstance(): RateLimiter {
    return this;
  }

  /** Keys counted in windows that have not ended (for tests). */
  get size(): number {
    let keys = 0;
    for (const counts of this.#windowsEndingAt.values()) keys += counts.size;
    return keys;
  }

  hitAll(hits: readonly KeyedRule[]): Promise<RateVerdict[]> {
    const now = this.now();
    for (const end of this.#windowsEndingAt.keys()) if (end <= now) this.#windowsEndingAt.delete(end);
    return Promise.resolve(hits.map(({ key, rule }) => this.#hit(now, key, rule)));
  }

  peekAll(keys: readonly KeyedRule[]): Promise<RateVerdict[]> {
    const now = this.now();
    return Promise.resolve(
      keys.map(({ key, rule }) => {
        const end = windowStartOf(now, rule) + rule.windowMs;
        return verdictOf((this.#windowsEndingAt.get(end)?.get(key) ?? 0) + 1, rule, end, now);
      }),
    );
  }

  #hit(now: number, key: string, rule: RateRule): RateVerdict {
    const end = windowStartOf(now, rule) + rule.windowMs;
    let counts = this.#windowsEndingAt.get(end);
    if (!counts) this.#windowsEndingAt.set(end, (counts = new Map()));
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return verdictOf(count, rule, end, now);
  }
}

const SWEEP_EVERY_MS = minute;

/** A key's row in the table: one per window length, so two rules never share a count. */
const storedKeyOf = (key: string, rule: RateRule): string => `${key}:${rule.windowMs}`;

interface PendingHits {
  hits: readonly KeyedRule[];
  resolve: (verdicts: RateVerdict[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Counters in the database (`rate_limits`), shared by every instance on it. The hits of the requests that arrive in
 * one turn of the event loop are counted together, in one statement when the turn ends: under a rush one statement
 * counts the address and player windows of many submissions (docs/performance.md).
 */
export class SharedRateLimiter implements RateLimiter {
  #lastSweep = 0;
  #pending: PendingHits[] | null = null;
  readonly perInstance: RateLimiter;

  constructor(
    private readonly windows: RateWindows,
    readonly limits: RateLimits = defaultRateLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.perInstance = new MemoryRateLimiter(limits, now);
  }

  hitAll(hits: readonly KeyedRule[]): Promise<RateVerdict[]> {
    return new Promise((resolve, reject) => {
      if (!this.#pending) {
        this.#pending = [];
        setImmediate(() => void this.#count());
      }
      this.#pending.push({ hits, resolve, reject });
    });
  }

  async peekAll(keys: readonly KeyedRule[]): Promise<RateVerdict[]> {
    const now = this.now();
    const counts = await this.windows.countAll(
      keys.map(({ key, rule }) => ({
        key: storedKeyOf(key, rule),
        windowStart: new Date(windowStartOf(now, rule)).toISOString(),
      })),
    );
    return keys.map(({ rule }, i) =>
      verdictOf((counts[i] ?? 0) + 1, rule, windowStartOf(now, rule) + rule.windowMs, now),
    );
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
          return {
            key: storedKeyOf(key, rule),
            windowStart: new Date(start).toISOString(),
            expiresAt: new Date(start + rule.windowMs).toISOString(),
          };
        }),
      );
      let at = 0;
      for (const { hits, resolve } of batch) {
        resolve(
          hits.map(({ rule }) => verdictOf(counts[at++] ?? 0, rule, windowStartOf(now, rule) + rule.windowMs, now)),
        );
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}

/** A 429 with `Retry-After` and the IETF `RateLimit-Policy` / `RateLimit` fields (draft-ietf-httpapi-ratelimit-headers). */
export const rateLimited = (
  policy: string,
  rule: RateRule,
  verdict: RateVerdict,
  message = 'Too many requests. Please wait a minute and try again.',
) => {
  const resetSeconds = Math.max(1, Math.ceil(verdict.resetMs / 1000));
  return apiError('RATE_LIMITED', message, {
    'Retry-After': String(resetSeconds),
    'RateLimit-Policy': `"${policy}";q=${rule.limit};w=${Math.ceil(rule.windowMs / 1000)}`,
    RateLimit: `"${policy}";r=${verdict.remaining};t=${resetSeconds}`,
  });
};

export const rateLimit = (limiter: RateLimiter, bucket: RateBucket) => {
  const counter = PER_INSTANCE_BUCKETS.has(bucket) ? limiter.perInstance : limiter;
  return createMiddleware<{ Variables: RequestVariables }>(async (c, next) => {
    const rules = counter.limits[bucket];
    const user = c.get('user');
    const hits: PolicyHit[] = [{ key: `${bucket}:ip:${c.get('clientIp')}`, rule: rules.perIp, policy: `${bucket}-ip` }];
    if (user !== null) hits.push({ key: `${bucket}:user:${user.id}`, rule: rules.perUser, policy: `${bucket}-user` });
    await enforce(counter, hits);
    return next();
  });
};

/** A hit named for the `RateLimit` fields. */
export type PolicyHit = KeyedRule & { policy: string };

/** The refused hit whose window ends last (waiting that long satisfies every key), or null when all are within. */
export const lastRefusal = (
  hits: readonly PolicyHit[],
  verdicts: readonly RateVerdict[],
): [PolicyHit, RateVerdict] | null => {
  let refused: [PolicyHit, RateVerdict] | null = null;
  for (const [i, hit] of hits.entries()) {
    const verdict = verdicts[i];
    if (verdict && !verdict.within && (refused === null || verdict.resetMs > refused[1].resetMs))
      refused = [hit, verdict];
  }
  return refused;
};

/** Counts the hits; refuses with the last refusal. */
export const enforce = async (limiter: RateLimiter, hits: readonly PolicyHit[]): Promise<void> => {
  const refused = lastRefusal(hits, await limiter.hitAll(hits));
  if (refused !== null) throw rateLimited(refused[0].policy, refused[0].rule, refused[1]);
};
