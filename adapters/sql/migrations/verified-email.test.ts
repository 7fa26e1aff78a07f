// 0002-verified-email on a database that already has users (SQLite): Google-signed users get their
// e-mail as verified e-mail, dev-signed users and bots none; the CLI's promote then finds only them.
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate.ts';
import type { Database as Schema } from '../schema.ts';
import { migrations } from './index.ts';

describe('migration 0002-verified-email', () => {
  it('backfills the verified e-mail of Google-signed users only', async () => {
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: 'schema_migrations',
      migrationLockTableName: 'schema_migrations_lock',
    });
    expect((await migrator.migrateTo('0001-initial')).error).toBeUndefined();
    const row = (id: string, email: string, googleSub: string | null, isBot = 0) => ({
      id,
      email,
      display_name: id,
      role: 'player',
      google_sub: googleSub,
      referral_code: id.toUpperCase().padEnd(12, 'X'),
      is_bot: isBot,
      created_at: '2026-11-20T00:00:00.000Z',
    });
    // The 0001 table has no verified_email yet: insert through an untyped view of it.
    const legacy = db as unknown as Kysely<{ users: ReturnType<typeof row> }>;
    await legacy
      .insertInto('users')
      .values([
        row('g', 'Gina@Example.com', 'sub-g'),
        row('d', 'dev@example.com', null),
        row('b', 'bot@bots.invalid', null, 1),
      ])
      .execute();

    await migrate(db);
    const users = await db.selectFrom('users').select(['id', 'verified_email']).orderBy('id').execute();
    expect(users).toEqual([
      { id: 'b', verified_email: null },
      { id: 'd', verified_email: null },
      { id: 'g', verified_email: 'Gina@Example.com' },
    ]);
    await db.destroy();
  });
});
