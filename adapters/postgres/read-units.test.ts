// A read unit on PostgreSQL is a read-only repeatable-read transaction: it keeps one snapshot from its first
// statement to its last, and cannot write.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/postgres.ts';
import { newUser } from '../../test/contract/fixtures.ts';
import { createPostgresStore, type PostgresStore } from './store.ts';

let database: TestDatabase;
let store: PostgresStore;
/** Another instance: its commits land while one of this store's read units is open. */
let other: PostgresStore;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_reads');
  store = await createPostgresStore(database.url, { maxConnections: 3 });
  other = await createPostgresStore(database.url, { maxConnections: 1 });
});
afterAll(async () => {
  await store.close();
  await other.close();
  await database.drop();
});

describe('read units on PostgreSQL', () => {
  it('see one snapshot from the first statement on, whatever commits in between', async () => {
    await store.write((r) => r.users.create(newUser('before')));
    const [first, second] = await store.read(async (r) => {
      const counted = (await r.users.count()).users;
      await other.write((w) => w.users.create(newUser('during')));
      return [counted, (await r.users.count()).users];
    });
    expect(second).toBe(first);
    expect((await store.read((r) => r.users.count())).users).toBe(first + 1);
  });

  it('cannot write', async () => {
    await expect(store.read((r) => r.users.create(newUser('sneaky')))).rejects.toThrow(/read-only/);
    expect(await store.read((r) => r.users.byId('sneaky'))).toBeNull();
  });

  it('answer many at once on a small pool', async () => {
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.read((r) => r.users.count())));
    expect(new Set(counts.map((c) => c.users)).size).toBe(1);
  });
});
