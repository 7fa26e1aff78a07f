// A SQLite migration run is one transaction (DESIGN.md §20): a migration that fails half-way leaves the database as
// the run found it, pending migrations before it included, and the next start runs them again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations as registered } from '../sql/migrations/index.ts';
import { createSqliteStore } from './store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempFile = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-migration-run-'));
  dirs.push(dir);
  return join(dir, 'lowest.db');
};

/** Everything the file holds that a migration can change: the schema's SQL and the migrations recorded. */
const snapshot = (file: string) => {
  const raw = new BetterSqlite3(file, { readonly: true });
  try {
    return {
      schema: raw
        .prepare("select type, name, sql from sqlite_master where name not like 'sqlite_%' order by name")
        .all(),
      applied: raw.prepare('select name from schema_migrations order by name').pluck().all(),
    };
  } finally {
    raw.close();
  }
};

const names = Object.keys(registered).sort();
const firstFive = Object.fromEntries(names.slice(0, 5).map((name) => [name, registered[name] as Migration]));

/** Its first statement succeeds, its second fails: a migration that stops half-way. */
const failingHalfWay: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('half_made')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .execute();
    await sql`insert into no_such_table (id) values ('x')`.execute(db);
  },
};

describe('a SQLite migration run', () => {
  it('that fails half-way leaves the database unchanged, the pending migrations before it included', async () => {
    const file = tempFile();
    await (await createSqliteStore(file, { migrations: firstFive })).close();
    const before = snapshot(file);
    expect(before.applied).toEqual(names.slice(0, 5));

    await expect(
      createSqliteStore(file, { migrations: { ...registered, '9999-fails-half-way': failingHalfWay } }),
    ).rejects.toThrow(/^Migration 9999-fails-half-way failed: no such table: no_such_table/);

    const after = snapshot(file);
    expect(after).toEqual(before);
    expect(after.schema.map((row) => (row as { name: string }).name)).not.toContain('half_made');

    // Nothing half-applied stands in the way of the next start: the real migrations run whole.
    await (await createSqliteStore(file)).close();
    expect(snapshot(file).applied).toEqual(names);
  });
});
