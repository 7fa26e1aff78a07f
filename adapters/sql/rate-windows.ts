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
   * Counts each hit in the window of its key starting at its `windowStart`, in one statement, so one commit: a
   * submission's address and player limits, or the hits of many requests at once. A key may come more than once: its
   * hits count in the order given. Returns each hit's count (the window's count just after that hit), in that order.
   */
  hitAll(hits: readonly RateHit[]): Promise<number[]>;
  /** Each key's count in its window starting at `windowStart` (or a newer one another instance began); 0 if none. */
  countAll(keys: readonly Omit<RateHit, 'expiresAt'>[]): Promise<number[]>;
  /** Deletes the rows whose window ended before `now`; returns how many. */
  sweep(now: string): Promise<number>;
}

export const sqlRateWindows = (db: Kysely<Database>): RateWindows => {
  const hitAll = async (hits: readonly RateHit[]): Promise<number[]> => {
    if (hits.length === 0) return [];
    // One row a key, counting all its hits (an upsert may not change a row twice); the newest window wins.
    const rowsByKey = new Map<string, RateHit & { count: number }>();
    for (const hit of hits) {
      const row = rowsByKey.get(hit.key);
      if (!row) rowsByKey.set(hit.key, { ...hit, count: 1 });
      else {
        row.count += 1;
        if (hit.windowStart > row.windowStart)
          Object.assign(row, { windowStart: hit.windowStart, expiresAt: hit.expiresAt });
      }
    }
    // Rows locked in key order by every caller, so two statements never wait for each other's rows.
    const ordered = [...rowsByKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    // An instance whose clock is a little behind must not restart a window another one already moved
    // on: the newer window start wins and keeps counting.
    const rows = await db
      .insertInto('rate_limits')
      .values(
        ordered.map(({ key, windowStart, expiresAt, count }) => ({
          key,
          window_start: windowStart,
          count,
          expires_at: expiresAt,
        })),
      )
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.window_start >= excluded.window_start then rate_limits.count + excluded.count else excluded.count end`,
          window_start: sql<string>`case when rate_limits.window_start >= excluded.window_start then rate_limits.window_start else excluded.window_start end`,
          expires_at: sql<string>`case when rate_limits.window_start >= excluded.window_start then rate_limits.expires_at else excluded.expires_at end`,
        }),
      )
      .returning(['key', 'count'])
      .execute();
    // Each hit's count: the key's count after the statement, less the hits on it that come later in `hits`.
    const later = new Map(ordered.map(({ key, count }) => [key, count]));
    const counts = new Map(rows.map((row) => [row.key, Number(row.count)]));
    return hits.map(({ key }) => {
      const after = (later.get(key) ?? 1) - 1;
      later.set(key, after);
      return (counts.get(key) ?? 0) - after;
    });
  };
  return {
    hitAll,
    async countAll(keys) {
      if (keys.length === 0) return [];
      const rows = await db
        .selectFrom('rate_limits')
        .select(['key', 'window_start', 'count'])
        .where(
          'key',
          'in',
          keys.map(({ key }) => key),
        )
        .execute();
      const byKey = new Map(rows.map((row) => [row.key, row]));
      return keys.map(({ key, windowStart }) => {
        const row = byKey.get(key);
        return row && row.window_start >= windowStart ? Number(row.count) : 0;
      });
    },
    async sweep(now) {
      const result = await db.deleteFrom('rate_limits').where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
};
