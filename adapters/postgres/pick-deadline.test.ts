// A first pick goes through the pool's queue with an instant to be stored by (store.ts, PICK_STORED_WITHIN_MS): one
// held back, here behind a lock on its game's row, past the moment its request gave up fails as unavailable, and when
// its statement runs afterwards it stores nothing, so a pick answered 503 is not stored behind the player's back.
import { sql } from 'kysely';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { StoreUnavailableError } from '../../core/errors.ts';
import { createTestDatabase, type TestDatabase } from '../../test/support/postgres.ts';
import { entry, game, newUser } from '../../test/contract/fixtures.ts';
import { createPostgresStore, type PostgresStore } from './store.ts';

const DATE = '2026-11-20';

let database: TestDatabase;
let store: PostgresStore;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_pick_deadline');
  store = await createPostgresStore(database.url);
  await store.write(async (w) => {
    await w.games.create(game(DATE));
    await w.users.create(newUser('late'));
    await w.users.create(newUser('on-time'));
  });
});
afterAll(async () => {
  await store.close();
  await database.drop();
});

const pickOf = (userId: string) => ({ gameDate: DATE, entry: entry(DATE, userId, 7), signals: [], day: DATE });

/** Statements of the pick still in the database: waiting for a lock or running. */
const picksRunning = async (): Promise<number> => {
  const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
    where state <> 'idle' and query like 'with g as%'`.execute(store.db);
  return Number(rows[0]?.n ?? 0);
};

it('fails a pick not answered in time as unavailable, and its statement stores nothing when it runs afterwards', async () => {
  const locker = postgres(database.url, { max: 1, onnotice: () => undefined });
  const held = await locker.reserve();
  try {
    await held`begin`;
    await held`select key from games where key = ${DATE} for update`;
    const late = store.submitStandardPick(pickOf('late'));
    await expect(late).rejects.toBeInstanceOf(StoreUnavailableError);
    // The statement still waits for the game's row in the database; the lock goes, and it runs.
    expect(await picksRunning()).toBe(1);
    await held`commit`;
    while ((await picksRunning()) > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(await store.read((r) => r.entries.forPlayer(DATE, 'late'))).toEqual([]);
    // The same pick in time is stored.
    expect(await store.submitStandardPick(pickOf('on-time'))).toBe(true);
    expect(await store.read((r) => r.entries.forPlayer(DATE, 'on-time'))).toHaveLength(1);
  } finally {
    held.release();
    await locker.end();
  }
});
