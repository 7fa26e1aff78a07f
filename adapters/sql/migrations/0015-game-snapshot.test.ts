// Migration 0015 on a database that has lived under 0014: every closed game gets its snapshot from its stats, the
// stats' own JSON of it, on SQLite and PostgreSQL; an open game has none until its close.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { GameStats } from '../../../core/model.ts';
import type { Store } from '../../../core/ports.ts';
import { createPostgresStore } from '../../postgres/store.ts';
import { createSqliteStore } from '../../sqlite/store.ts';
import { createTestDatabase } from '../../../test/support/postgres.ts';
import { entry, seedUsers } from '../../../test/contract/fixtures.ts';
import { gameSnapshot } from './0015-game-snapshot.ts';
import type { Database } from '../schema.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A closed day's stats as the close stores them: a float average, a mined number, a histogram. */
const stats: GameStats = {
  gameKey: '2026-11-19',
  snapshot: {
    entriesTotal: 3,
    uniquesTotal: 1,
    winningNumber: 2,
    secondPlaceNumber: null,
    missedWinNumber: 1,
    highestNumber: 4,
    mostFrequentNumbers: [1],
    mostFrequentCount: 2,
    median: 1,
    average: 7 / 3,
    minedNumbers: [4],
  },
  histogram: [
    { number: 1, count: 2 },
    { number: 2, count: 1 },
  ],
  histogramTruncated: false,
};

/**
 * Takes a freshly migrated store back to 0014 and stores there, as the code of 0014 did, a closed game (stats only)
 * with ann's entry and an open game.
 */
const livedUnder0014 = async (store: Store & { db: Kysely<Database> }): Promise<void> => {
  const db = store.db as unknown as Kysely<unknown>;
  await gameSnapshot.down?.(db);
  await sql`delete from schema_migrations where name = '0015-game-snapshot'`.execute(db);
  await sql`insert into games (key, date, number, status, opens_at, closes_at, closed_at, winning_number, stats) values
    ('2026-11-19', '2026-11-19', 1, 'closed', '2026-11-19T00:00:00.000Z', '2026-11-19T23:00:00.000Z',
     '2026-11-19T23:00:01.000Z', 2, ${JSON.stringify(stats)}),
    ('2026-11-20', '2026-11-20', 1, 'open', '2026-11-20T00:00:00.000Z', '2026-11-20T23:00:00.000Z', null, null, null)
  `.execute(db);
  await store.write(async (r) => {
    await seedUsers(r, 'ann');
    await r.entries.add(entry('2026-11-19', 'ann', 2));
    await r.entries.add(entry('2026-11-20', 'ann', 5));
  });
};

const expectSnapshots = async (store: Store & { db: Kysely<Database> }): Promise<void> => {
  const rows = await store.db.selectFrom('games').select(['key', 'snapshot']).orderBy('key').execute();
  // The text the close writes for the snapshot, to the character.
  expect(rows).toEqual([
    { key: '2026-11-19', snapshot: JSON.stringify(stats.snapshot) },
    { key: '2026-11-20', snapshot: null },
  ]);
  expect(await store.read((r) => r.results.latestClosedGameOf('ann'))).toMatchObject({
    gameKey: '2026-11-19',
    snapshot: stats.snapshot,
    entries: [{ number: 2, tally: null }],
  });
};

describe('migration 0015-game-snapshot', () => {
  it('on SQLite: a closed game stored before it gets its snapshot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lowest-0015-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'old.db');
    const before = await createSqliteStore(file);
    await livedUnder0014(before);
    await before.close();
    const store = await createSqliteStore(file);
    cleanups.push(() => store.close());
    await expectSnapshots(store);
  });

  it('on PostgreSQL: a closed game stored before it gets its snapshot', async () => {
    const database = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_0015');
    cleanups.push(() => database.drop());
    const before = await createPostgresStore(database.url, { maxConnections: 2 });
    await livedUnder0014(before);
    await before.close();
    const store = await createPostgresStore(database.url, { maxConnections: 2 });
    cleanups.push(() => store.close());
    await expectSnapshots(store);
  });
});
