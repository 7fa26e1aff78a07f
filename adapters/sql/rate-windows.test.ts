// The shared windows' statements on SQLite, and what PostgreSQL's upsert commits with (server/security/rate-limit.test.ts
// runs the counting on PostgreSQL).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import postgres from 'postgres';
import { createPostgresStore } from '../postgres/store.ts';
import { createSqliteStore } from '../sqlite/store.ts';
import { createTestDatabase, type TestDatabase } from '../../test/support/postgres.ts';
import { POSTGRES_HIT, sqlRateWindows } from './rate-windows.ts';

describe('sqlRateWindows [sqlite]', async () => {
  const store = await createSqliteStore(':memory:');
  afterAll(() => store.close());
  const windows = sqlRateWindows(store.db);
  const at = (key: string, windowStart: string, expiresAt: string) => ({ key, windowStart, expiresAt });
  const minute = (key: string) => at(key, '2026-02-01T00:00:00.000Z', '2026-02-01T00:01:00.000Z');

  it('counts repeated keys in one statement in the order given, and the newer window wins', async () => {
    expect(await windows.hitAll([minute('a'), minute('a'), minute('b'), minute('a')])).toEqual([1, 2, 1, 3]);
    expect(await windows.hitAll([minute('b'), minute('a')])).toEqual([2, 4]);
    const next = at('a', '2026-02-01T00:01:00.000Z', '2026-02-01T00:02:00.000Z');
    expect(await windows.hitAll([next, minute('a')])).toEqual([1, 2]);
    expect(await windows.countAll([minute('a'), minute('b'), minute('c')])).toEqual([2, 2, 0]);
    expect(await windows.countAll([{ key: 'b', windowStart: '2026-02-01T00:01:00.000Z' }])).toEqual([0]);
  });

  it('sweeps the windows that ended', async () => {
    expect(await windows.sweep('2026-02-01T00:01:30.000Z')).toBe(1);
    expect(await windows.countAll([minute('a'), minute('b')])).toEqual([2, 0]);
  });
});

describe('the upsert on PostgreSQL', () => {
  let database: TestDatabase;
  let sql: postgres.Sql;
  beforeAll(async () => {
    database = await createTestDatabase(inject('postgresAdminUrl'));
    await (await createPostgresStore(database.url)).close();
    sql = postgres(database.url, { max: 1, onnotice: () => undefined });
  });
  afterAll(async () => {
    await sql.end();
    await database.drop();
  });

  it('commits its own transaction without waiting for the disk, and leaves the connection as it found it', async () => {
    const hit = [['k:60000'], ['2026-02-01T00:00:00.000Z'], [1], ['2026-02-01T00:01:00.000Z']];
    const [before] = await sql<{ synchronous_commit: string }[]>`show synchronous_commit`;
    expect(before?.synchronous_commit).toBe('on');
    const within = await sql.begin(async (transaction) => {
      const rows = await transaction.unsafe(POSTGRES_HIT, hit);
      const [setting] = await transaction<{ synchronous_commit: string }[]>`show synchronous_commit`;
      return { rows: [...rows], setting: setting?.synchronous_commit };
    });
    expect(within).toEqual({ rows: [{ key: 'k:60000', count: 1 }], setting: 'off' });
    const [after] = await sql<{ synchronous_commit: string }[]>`show synchronous_commit`;
    expect(after?.synchronous_commit).toBe('on');
  });
});
