// Migration 0005 on a database that has lived under 0001: every entry and mine gets a salt and its
// leaf (mines an id), closed games say why they have no root, and the open game is committed in full
// at its close.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDeps } from '../../../test/support/fakes.ts';
import { closeGame } from '../../../core/game/close.ts';
import { entryLeaf, mineLeaf } from '../../../core/fairness/hashes.ts';
import { fairnessRecord, verifyStoredGame } from '../../../core/fairness/fairness.ts';
import { NO_ROOT_REASON } from '../../../core/fairness/record.ts';
import { nodeDigest } from '../../crypto/node-digest.ts';
import { createSqliteStore } from '../../sqlite/store.ts';
import { initial } from './0001-initial.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database file migrated to 0001 only, with two games (one closed), three entries and two mines. */
const databaseUnder0001 = async (): Promise<string> => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-0005-'));
  dirs.push(dir);
  const file = join(dir, 'old.db');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new BetterSqlite3(file) }) });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ '0001-initial': initial }) },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  await sql`insert into users (id, email, display_name, role, referral_code, is_bot, created_at) values
    ('u1', 'u1@x.test', 'U1', 'player', 'U1XXXXXXXXXX', 0, '2026-11-18T00:00:00.000Z'),
    ('u2', 'u2@x.test', 'U2', 'player', 'U2XXXXXXXXXX', 0, '2026-11-18T00:00:00.000Z')`.execute(db);
  await sql`insert into games (key, date, number, status, opens_at, closes_at, closed_at) values
    ('2026-11-19', '2026-11-19', 1, 'closed', '2026-11-18T00:00:00.000Z', '2026-11-19T00:00:00.000Z', '2026-11-19T00:00:00.000Z'),
    ('2026-11-20', '2026-11-20', 1, 'open', '2026-11-19T00:00:00.000Z', '2026-11-20T00:00:00.000Z', null)`.execute(db);
  await sql`insert into entries (id, game_key, user_id, number, entry_type, submitted_at) values
    ('old-1', '2026-11-19', 'u1', 4, 'standard', '2026-11-18T01:00:00.000Z'),
    ('new-1', '2026-11-20', 'u1', 7, 'standard', '2026-11-19T01:00:00.000Z'),
    ('new-2', '2026-11-20', 'u2', 12, 'standard', '2026-11-19T02:00:00.000Z')`.execute(db);
  await sql`insert into mines (game_key, user_id, number, placed_at) values
    ('2026-11-19', 'u2', 30, '2026-11-18T03:00:00.000Z'),
    ('2026-11-20', 'u2', 12, '2026-11-19T03:00:00.000Z')`.execute(db);
  await db.destroy();
  return file;
};

describe('migration 0005-fairness', () => {
  it('seals existing rows, marks old closed games, and the open game closes with a full root', async () => {
    const store = await createSqliteStore(await databaseUnder0001());
    try {
      const entries = (
        await sql<{
          id: string;
          game_key: string;
          number: number;
          salt: string;
          leaf: string;
        }>`select id, game_key, number, salt, leaf from entries`.execute(store.db)
      ).rows;
      expect(entries).toHaveLength(3);
      for (const e of entries) {
        expect(e.salt).toMatch(/^[0-9a-f]{32}$/);
        expect(e.leaf).toBe(entryLeaf(nodeDigest, e.game_key, e.id, e.number, e.salt));
      }
      expect(new Set(entries.map((e) => e.salt)).size).toBe(3);
      const mines = (
        await sql<{
          id: string;
          game_key: string;
          user_id: string;
          number: number;
          salt: string;
          leaf: string;
        }>`select * from mines`.execute(store.db)
      ).rows;
      expect(mines.map((m) => [m.game_key, m.user_id, m.number])).toEqual(
        expect.arrayContaining([
          ['2026-11-19', 'u2', 30],
          ['2026-11-20', 'u2', 12],
        ]),
      );
      for (const m of mines) expect(m.leaf).toBe(mineLeaf(nodeDigest, m.game_key, m.id, m.number, m.salt));

      const deps = { ...makeDeps(), store };
      deps.clock.set('2026-11-20T00:00:01.000Z');
      expect(await fairnessRecord(deps, '2026-11-19')).toMatchObject({
        status: 'closed',
        root: null,
        reason: NO_ROOT_REASON,
      });
      expect(await verifyStoredGame(deps, '2026-11-19', null)).toMatchObject({ ok: false, problem: NO_ROOT_REASON });

      await closeGame(deps, '2026-11-20');
      // The open game closes with a tree over both entries and the mine.
      expect(await fairnessRecord(deps, '2026-11-20')).toMatchObject({
        status: 'closed',
        treeVersion: 2,
        size: 3,
        entriesTotal: 2,
        minesTotal: 1,
        winningNumber: 7,
        secondPlaceNumber: null,
        root: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(await verifyStoredGame(deps, '2026-11-20', null)).toMatchObject({ ok: true, leaves: 3 });
    } finally {
      await store.close();
    }
  });
});
