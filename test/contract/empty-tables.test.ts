// The contract harness starts every test from empty tables, all of them: read from the catalogue, not from a list.
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPostgresStore } from '../../adapters/postgres/store.ts';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import { sqlRateWindows } from '../../adapters/sql/rate-windows.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { createUser, makeDeps } from '../support/fakes.ts';
import { emptyTables } from './empty-tables.ts';

const stores = {
  sqlite: async () => ({ store: await createSqliteStore(':memory:'), drop: async () => undefined }),
  postgres: async () => {
    const database = await createTestDatabase(inject('postgresAdminUrl'));
    return { store: await createPostgresStore(database.url, { maxConnections: 2 }), drop: () => database.drop() };
  },
};

for (const [dialect, open] of Object.entries(stores) as [keyof typeof stores, (typeof stores)[keyof typeof stores]][]) {
  describe(`emptyTables [${dialect}]`, () => {
    const opened: { close(): Promise<void> }[] = [];
    afterAll(async () => {
      for (const o of opened) await o.close();
    });

    it('empties every table the migrations made, the ones no test names too, and keeps the migrations', async () => {
      const { store, drop } = await open();
      opened.push({ close: async () => (await store.close(), await drop()) });
      const deps = { ...makeDeps(), store };
      await createUser(deps, { id: 'u1' });
      await store.write((repos) => repos.signingKeys.ensure('unsubscribe', 'k'.repeat(64), '2026-11-20T12:00:00.000Z'));
      await sqlRateWindows(store.db).hitAll([
        { key: 'entry-user:u1', windowStart: '2026-11-20T12:00:00.000Z', expiresAt: '2026-11-20T12:01:00.000Z' },
      ]);

      await emptyTables(store.db, dialect);

      const tables =
        dialect === 'postgres'
          ? (
              await sql<{
                name: string;
              }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(store.db)
            ).rows
          : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(store.db)).rows;
      const counts = new Map<string, number>();
      for (const { name } of tables) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(
          store.db,
        );
        counts.set(name, Number(rows[0]?.n));
      }
      expect(counts.get('signing_keys')).toBe(0);
      expect(counts.get('rate_limits')).toBe(0);
      expect(counts.get('users')).toBe(0);
      const migrations = [...counts].filter(
        ([name]) => name.startsWith('kysely_migration') && name !== 'kysely_migration_lock',
      );
      expect(migrations.every(([, n]) => n > 0)).toBe(true);
      expect([...counts].filter(([name, n]) => !name.startsWith('kysely_') && n > 0)).toEqual([]);
    });
  });
}
