// Migration 0007 on a database that has lived under 0006: the rankings are written from the counters already there,
// and the four leaderboard indexes are gone (the close no longer pays for them); PostgreSQL's counters pages keep room.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createSqliteStore } from '../../sqlite/store.ts';
import { createPostgresStore } from '../../postgres/store.ts';
import { createTestDatabase } from '../../../test/support/postgres.ts';
import { migrations } from './index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database file migrated to 0006, with four players' counters. */
const databaseUnder0006 = async (): Promise<string> => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-0007-'));
  dirs.push(dir);
  const file = join(dir, 'old.db');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new BetterSqlite3(file) }) });
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0007'));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  await sql`insert into users (id, email, display_name, role, referral_code, is_bot, created_at) values
    ('u1', 'u1@x.test', 'One', 'player', 'U1XXXXXXXXXX', 0, '2026-11-18T00:00:00.000Z'),
    ('u2', 'u2@x.test', 'Two', 'player', 'U2XXXXXXXXXX', 0, '2026-11-18T00:00:00.000Z'),
    ('u3', 'u3@x.test', 'Three', 'player', 'U3XXXXXXXXXX', 0, '2026-11-18T00:00:00.000Z'),
    ('u4', 'u4@x.test', 'Four', 'player', 'U4XXXXXXXXXX', 0, '2026-11-18T00:00:00.000Z')`.execute(db);
  await sql`insert into player_stats (user_id, wins, entries, current_streak, best_streak, last_played_date, last_played_at) values
    ('u1', 0, 3, 0, 2, '2026-11-17', '2026-11-17T10:00:00.000Z'),
    ('u2', 2, 5, 1, 1, '2026-11-19', '2026-11-19T10:00:00.000Z'),
    ('u3', 2, 3, 2, 4, '2026-11-19', '2026-11-19T11:00:00.000Z'),
    ('u4', 0, 0, 0, 0, null, null)`.execute(db);
  await db.destroy();
  return file;
};

describe('migration 0007-leaderboard-ranks', () => {
  it('ranks the existing counters and drops the leaderboard indexes', async () => {
    const store = await createSqliteStore(await databaseUnder0006());
    try {
      const ranking = async (metric: 'wins' | 'entries' | 'streak' | 'bestStreak') =>
        (await store.read((r) => r.leaderboards.topPlayers(metric, 10))).map((p) => p.userId);
      expect(await ranking('wins')).toEqual(['u2', 'u3']);
      expect(await ranking('entries')).toEqual(['u2', 'u1', 'u3']);
      expect(await ranking('streak')).toEqual(['u3', 'u2']);
      expect(await ranking('bestStreak')).toEqual(['u3', 'u1', 'u2']);
      const indexes = (
        await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'player_stats'`.execute(store.db)
      ).rows;
      expect(indexes.map((i) => i.name).filter((name) => !name.startsWith('sqlite_autoindex'))).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('migration 0007-leaderboard-ranks on PostgreSQL', () => {
  it('leaves half of each counters page free for the close and drops the leaderboard indexes', async () => {
    const database = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_0007');
    const store = await createPostgresStore(database.url);
    try {
      const table = await sql<{
        reloptions: string[] | null;
      }>`select reloptions from pg_class where relname = 'player_stats'`.execute(store.db);
      expect(table.rows[0]?.reloptions).toEqual(['fillfactor=50']);
      const indexes = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where tablename = 'player_stats'`.execute(store.db);
      expect(indexes.rows.map((i) => i.indexname)).toEqual(['player_stats_pkey']);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
