// Prepared queries (prepared.ts): built and compiled once per dialect, run with each call's values.
import type { CompiledQuery } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/contract/fixtures.ts';
import { createSqliteStore } from '../sqlite/store.ts';
import { sqliteDialect, type SqlDialect } from './dialect.ts';
import { prepare, prepareLocking } from './prepared.ts';

const store = await createSqliteStore(':memory:');
afterAll(() => store.close());
const ctx = { db: store.db, dialect: sqliteDialect };

describe('prepare', () => {
  it('builds the query once and runs it with each call’s values, keeping the values of its own', async () => {
    for (const id of ['u1', 'u2', 'u3'])
      await store.write((r) => r.users.create({ ...newUser(id), displayName: `Name ${id}` }));
    let builds = 0;
    const named = prepare(2, (db, first: string, second: string) => {
      builds += 1;
      return db.selectFrom('users').select('id').where('id', 'in', [first, second]).orderBy('id').limit(1);
    });
    expect((await named.run(ctx, 'u3', 'u2')).rows).toEqual([{ id: 'u2' }]);
    expect((await named.run(ctx, 'u1', 'u3')).rows).toEqual([{ id: 'u1' }]);
    expect((await named.run(ctx, 'nobody', 'u3')).rows).toEqual([{ id: 'u3' }]);
    expect(builds).toBe(1);
  });

  it('reports how many rows a write changed', async () => {
    const rename = prepare(2, (db, id: string, name: string) =>
      db.updateTable('users').set({ display_name: name }).where('id', '=', id),
    );
    expect(Number((await rename.run(ctx, 'u1', 'Ann')).numAffectedRows)).toBe(1);
    expect(Number((await rename.run(ctx, 'nobody', 'Ann')).numAffectedRows)).toBe(0);
    expect((await store.read((r) => r.users.byId('u1')))?.displayName).toBe('Ann');
  });

  it('runs through the context’s own executor where it has one', async () => {
    const ran: string[] = [];
    const direct = {
      ...ctx,
      execute: <Row>(query: CompiledQuery<Row>) => {
        ran.push(query.sql);
        return store.db.executeQuery(query);
      },
    };
    const byId = prepare(1, (db, id: string) => db.selectFrom('users').select('id').where('id', '=', id));
    expect((await byId.run(direct, 'u2')).rows).toEqual([{ id: 'u2' }]);
    expect(ran).toEqual(['select "id" from "users" where "id" = ?']);
  });

  it('takes a row lock only where the dialect has row locks', async () => {
    const byId = prepareLocking(1, (db, id: string) => db.selectFrom('users').select('id').where('id', '=', id));
    const ran: string[] = [];
    const recording = (dialect: SqlDialect) => ({
      db: store.db,
      dialect,
      execute: <Row>(query: CompiledQuery<Row>) => {
        ran.push(query.sql);
        return Promise.resolve({ rows: [] as Row[] });
      },
    });
    const withRowLocks = recording({ ...sqliteDialect, rowLocks: true });
    await byId.run(withRowLocks, 'share', 'u1');
    await byId.run(withRowLocks, 'update', 'u1');
    await byId.run(withRowLocks, undefined, 'u1');
    await byId.run(recording(sqliteDialect), 'update', 'u1');
    expect(ran).toEqual([
      'select "id" from "users" where "id" = ? for share',
      'select "id" from "users" where "id" = ? for update',
      'select "id" from "users" where "id" = ?',
      'select "id" from "users" where "id" = ?',
    ]);
  });

  it('refuses a query that does not use one of its arguments as a value', async () => {
    const careless = prepare(2, (db, id: string, _unused: string) =>
      db.selectFrom('users').select('id').where('id', '=', id),
    );
    await expect(async () => careless.run(ctx, 'u1', 'u2')).rejects.toThrow(/argument 1 is missing/);
  });
});
