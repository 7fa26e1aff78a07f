// Fixed-window counters in the `rate_limits` table, so every instance on one database counts
// together. Each hit is one atomic upsert; expired rows are swept now and then.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface RateWindows {
  /** Counts a hit on `key` in the window starting at `windowStart`; returns the window's count after it. */
  hit(key: string, windowStart: string, expiresAt: string): Promise<number>;
  /** Deletes the rows whose window ended before `now`; returns how many. */
  sweep(now: string): Promise<number>;
}

export const sqlRateWindows = (db: Kysely<Database>): RateWindows => ({
  async hit(key, windowStart, expiresAt) {
    // An instance whose clock is a little behind must not restart a window another one already moved
    // on: the newer window start wins and keeps counting.
    const row = await db
      .insertInto('rate_limits')
      .values({ key, window_start: windowStart, count: 1, expires_at: expiresAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.window_start >= excluded.window_start then rate_limits.count + 1 else 1 end`,
          window_start: sql<string>`case when rate_limits.window_start >= excluded.window_start then rate_limits.window_start else excluded.window_start end`,
          expires_at: sql<string>`case when rate_limits.window_start >= excluded.window_start then rate_limits.expires_at else excluded.expires_at end`,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  async sweep(now) {
    const result = await db.deleteFrom('rate_limits').where('expires_at', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
});
