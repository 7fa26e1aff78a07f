// How the PostgreSQL store talks to the database (store.ts): every statement prepared (one round trip, not a type
// lookup and then the statement), and a unit whose transaction PostgreSQL aborted never reports success, which rests
// on postgres.js's `sql.begin` rolling back when any statement of the transaction failed: pinned here.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/postgres.ts';
import { entry, game, newUser } from '../../test/contract/fixtures.ts';
import { createPostgresStore, type PostgresStore } from './store.ts';

let database: TestDatabase;
/** One connection: the statements it prepared are the ones this test's units ran. */
let store: PostgresStore;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_units');
  store = await createPostgresStore(database.url, { maxConnections: 1 });
});
afterAll(async () => {
  await store.close();
  await database.drop();
});

const preparedStatements = async (): Promise<string[]> =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(store.db)).rows.map(
    (r) => r.statement,
  );

describe('units of work on PostgreSQL', () => {
  it('prepare their statements on the connection, from a read unit, a write unit and the query builder alike', async () => {
    await store.write((w) => w.users.create(newUser('prepared')));
    expect(await store.write((w) => w.users.lock('prepared'))).toMatchObject({ id: 'prepared' });
    expect(await store.read((r) => r.sessions.withUser('no such token'))).toBeNull();
    const statements = await preparedStatements();
    // The player's lock and the session's lookup (prepared queries of the request path), the user's insert (the builder).
    expect(statements.some((s) => /from "users" where "id" = \$1 for update$/.test(s))).toBe(true);
    expect(statements.some((s) => /from "sessions" as "s"/.test(s))).toBe(true);
    expect(statements.some((s) => /^insert into "users"/.test(s))).toBe(true);
  });

  it('fail when a statement failed, even if the work caught its error and went on', async () => {
    await store.write(async (w) => {
      await w.users.create(newUser('player'));
      await w.games.create(game('2026-11-01'));
    });
    await expect(
      store.write(async (w) => {
        await w.entries.add(entry('2026-11-01', 'player', 7));
        // No such game: the foreign key fails the statement and PostgreSQL aborts the transaction. A unit that
        // swallows the error must not be told its first insert is stored.
        await w.entries.add(entry('2026-11-02', 'player', 8)).catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '23503' });
    expect(await store.read((r) => r.entries.forPlayer('2026-11-01', 'player'))).toEqual([]);
    // The connection went back clean: the next unit commits.
    await store.write((w) => w.entries.add(entry('2026-11-01', 'player', 9)));
    expect((await store.read((r) => r.entries.forPlayer('2026-11-01', 'player'))).map((e) => e.number)).toEqual([9]);
  });

  it('refuse to commit a query builder transaction that PostgreSQL aborted', async () => {
    await expect(
      store.db.transaction().execute(async (trx) => {
        await sql`insert into users (id) values (null)`.execute(trx).catch(() => undefined);
      }),
    ).rejects.toThrow(/rolled back/);
  });
});
