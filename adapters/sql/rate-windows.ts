// Fixed-window counters in the `rate_limits` table, so every instance on one database counts
// together. Each hit is one atomic upsert; expired rows are swept now and then.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface RateHit {
  key: string;
  windowStart: string;
  expiresAt: string;
}

export interface RateWindows {
  /**
   * Counts a hit on each (distinct) key in the window starting at its `windowStart`, in one statement, so one commit:
   * a submission's address and player limits. Returns each window's count after it, in the order given.
   */
  hitAll(hits: readonly RateHit[]): Promise<number[]>;
  /** Deletes the rows whose window ended before `now`; returns how many. */
  sweep(now: string): Promise<number>;
}

export const sqlRateWindows = (db: Kysely<Database>): RateWindows => {
  const hitAll = async (hits: readonly RateHit[]): Promise<number[]> => {
    if (hits.length === 0) return [];
    // Rows locked in key order by every caller, so two statements never wait for each other's rows.
    const ordered = [...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    // An instance whose clock is a little behind must not restart a window another one already moved
    // on: the newer window start wins and keeps counting.
    const rows = await db
      .insertInto('rate_limits')
      .values(ordered.map(({ key, windowStart, expiresAt }) => ({ key, window_start: windowStart, count: 1, expires_at: expiresAt })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.window_start >= excluded.window_start then rate_limits.count + 1 else 1 end`,
          window_start: sql<string>`case when rate_limits.window_start >= excluded.window_start then rate_limits.window_start else excluded.window_start end`,
          expires_at: sql<string>`case when rate_limits.window_start >= excluded.window_start then rate_limits.expires_at else excluded.expires_at end`,
        }),
      )
      .returning(['key', 'count'])
      .execute();
    const counts = new Map(rows.map((row) => [row.key, Number(row.count)]));
    return hits.map(({ key }) => counts.get(key) ?? 0);
  };
  return {
    hitAll,
    async sweep(now) {
      const result = await db.deleteFrom('rate_limits').where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
};
