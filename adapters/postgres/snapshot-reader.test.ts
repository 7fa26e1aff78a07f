// The close's fold reads the leaves on a second connection in the close's snapshot (store.ts, snapshotReaderOf; rootBeside):
// what commits after the snapshot is not seen, the connection goes back to the pool, and closes keep working on a
// pool of two connections.
import { Kysely } from 'kysely';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeGame } from '../../core/game/close.ts';
import { rootByLevels, rootOfSortedStream } from '../../core/fairness/root.ts';
import { makeDeps } from '../../test/support/fakes.ts';
import { createTestDatabase, type TestDatabase } from '../../test/support/postgres.ts';
import { entry, game, newUser } from '../../test/contract/fixtures.ts';
import { nodeDigest } from '../crypto/node-digest.ts';
import type { Database } from '../sql/schema.ts';
import { PostgresJsDriver } from './driver.ts';
import { createPostgresStore, postgresJsDialect, snapshotReaderOf, type PostgresStore } from './store.ts';

let database: TestDatabase;
let store: PostgresStore;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_snapshot');
  // Two connections: a reader that were not given back would stall the second close for good.
  store = await createPostgresStore(database.url, { maxConnections: 2 });
});
afterAll(async () => {
  await store.close();
  await database.drop();
});

const seedGame = async (key: string, players: string[]): Promise<string[]> => {
  const entries = players.map((p, i) => entry(key, p, i + 1));
  await store.write(async (r) => {
    for (const p of players) if (!(await r.users.byId(p))) await r.users.create(newUser(p));
    await r.games.create(game(key));
    for (const e of entries) await r.entries.add(e);
  });
  return entries.map((e) => e.leaf).sort();
};

describe('the snapshot reader', () => {
  it('reads the leaves as they were when it opened, not what commits later', async () => {
    const leaves = await seedGame('2026-11-10', ['a', 'b', 'c', 'd']);
    const client = postgres(database.url, { max: 2, onnotice: () => undefined });
    const db = new Kysely<Database>({ dialect: postgresJsDialect(() => new PostgresJsDriver(client)) });
    try {
      const seen = await db.transaction().execute(async (trx) => {
        const reader = await snapshotReaderOf(() => client, trx)();
        try {
          await store.write(async (r) => {
            await r.users.create(newUser('late'));
            await r.entries.add(entry('2026-11-10', 'late', 99));
          });
          const rows = await reader.rows(trx.selectFrom('entries').select('leaf').where('game_key', '=', '2026-11-10'));
          return rows.map((r) => r.leaf).sort();
        } finally {
          await reader.release();
        }
      });
      expect(seen).toEqual(leaves);
      // The late entry is there for everyone else.
      const now = await store.read((r) => rootOfSortedStream(nodeDigest, '2026-11-10', r.fairness.sortedLeaves('2026-11-10')));
      expect(now.leaves).toBe(leaves.length + 1);
    } finally {
      await db.destroy();
    }
  });

  it('gives the close the root of the leaves, folded from the second connection', async () => {
    const leaves = await seedGame('2026-11-16', ['a', 'b', 'c']);
    const folded = await store.write((r) => r.fairness.rootBeside('2026-11-16', leaves.length));
    expect(folded).toEqual({ root: rootByLevels(nodeDigest, '2026-11-16', leaves), leaves: leaves.length });
  });

  it('closes game after game, and two closes of one game at once, on a pool of two', async () => {
    const deps = { ...makeDeps(), store, digest: nodeDigest };
    for (const key of ['2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14']) {
      const leaves = await seedGame(key, ['a', 'b', 'c']);
      expect((await closeGame(deps, key)).closedNow).toBe(true);
      const expected = await rootOfSortedStream(nodeDigest, key, (async function* () { yield leaves; })());
      expect(await store.read((r) => r.fairness.storedRoot(key))).toEqual({ root: expected.root, reason: null });
    }
    // The second waits for the game the first holds, on the pool's other connection: the first's reader must not
    // need that connection too.
    await seedGame('2026-11-15', ['a', 'b']);
    const both = await Promise.all([closeGame(deps, '2026-11-15'), closeGame(deps, '2026-11-15')]);
    expect(both.map((o) => o.closedNow).sort()).toEqual([false, true]);
  });
});
