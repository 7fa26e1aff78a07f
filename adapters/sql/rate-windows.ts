// Fixed-window counters in the `rate_limits` table, so every instance on one database counts
// together. Each hit is one atomic upsert; expired rows are swept now and then. The upsert and the count have one SQL
// text per dialect whatever the number of keys (the rows travel as arrays on PostgreSQL, as JSON on SQLite): written
// once, never built per call, and each connection prepares it once whatever the batch's size.
import { CompiledQuery, PostgresAdapter, type Kysely } from 'kysely';
import type { RateHit, RateWindows } from '../../core/rate-limits/ports.ts';
import type { Database } from './schema.ts';

// An instance whose clock is a little behind must not restart a window another one already moved on: the newer window
// start wins and keeps counting.
const ON_CONFLICT = `on conflict (key) do update set
  count = case when rate_limits.window_start >= excluded.window_start then rate_limits.count + excluded.count else excluded.count end,
  window_start = case when rate_limits.window_start >= excluded.window_start then rate_limits.window_start else excluded.window_start end,
  expires_at = case when rate_limits.window_start >= excluded.window_start then rate_limits.expires_at else excluded.expires_at end
returning key, count`;

interface Statements {
  /** The upsert of rows [key, window_start, count, expires_at], in the order given. */
  hit(rows: readonly (readonly [string, string, number, string])[]): CompiledQuery<{ key: string; count: number }>;
  /** The rows of these keys. */
  count(keys: readonly string[]): CompiledQuery<{ key: string; window_start: string; count: number }>;
}

const POSTGRES_HIT = `insert into rate_limits (key, window_start, count, expires_at)
select * from unnest($1::text[], $2::text[], $3::int[], $4::text[])
${ON_CONFLICT}`;
const POSTGRES_COUNT = 'select key, window_start, count from rate_limits where key = any($1::text[])';

const postgresStatements: Statements = {
  hit: (rows) =>
    CompiledQuery.raw(POSTGRES_HIT, [
      rows.map((row) => row[0]),
      rows.map((row) => row[1]),
      rows.map((row) => row[2]),
      rows.map((row) => row[3]),
    ]),
  count: (keys) => CompiledQuery.raw(POSTGRES_COUNT, [keys]),
};

// `where true`: SQLite reads an ON after a bare table-valued function as a join's.
const SQLITE_HIT = `insert into rate_limits (key, window_start, count, expires_at)
select value ->> 0, value ->> 1, value ->> 2, value ->> 3 from json_each(?) where true
${ON_CONFLICT}`;
const SQLITE_COUNT = 'select key, window_start, count from rate_limits where key in (select value from json_each(?))';

const sqliteStatements: Statements = {
  hit: (rows) => CompiledQuery.raw(SQLITE_HIT, [JSON.stringify(rows)]),
  count: (keys) => CompiledQuery.raw(SQLITE_COUNT, [JSON.stringify(keys)]),
};

export const sqlRateWindows = (db: Kysely<Database>): RateWindows => {
  const statements = db.getExecutor().adapter instanceof PostgresAdapter ? postgresStatements : sqliteStatements;
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
    const { rows } = await db.executeQuery(
      statements.hit(ordered.map(({ key, windowStart, count, expiresAt }) => [key, windowStart, count, expiresAt])),
    );
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
      const { rows } = await db.executeQuery(statements.count(keys.map(({ key }) => key)));
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
