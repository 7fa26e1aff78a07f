// A read unit on PostgreSQL is a read-only repeatable-read transaction: it keeps one snapshot from its first
// statement to its last, and cannot write; its connection goes back to the pool clean, after a failure too.
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

  it('hand their connection on clean, after a failure too (one connection, reads and writes in turn)', async () => {
    const single = await createPostgresStore(database.url, { maxConnections: 1 });
    try {
      expect(await single.read((r) => r.users.byId('nobody'))).toBeNull();
      // On the connection the read just handed back: a write, outside the read's transaction.
      await single.write((w) => w.users.create(newUser('after-read')));
      await expect(
        single.read(async (r) => {
          await r.users.byId('after-read');
          throw new Error('the unit fails half-way');
        }),
      ).rejects.toThrow('half-way');
      await expect(single.read((r) => r.users.create(newUser('in-a-read')))).rejects.toThrow(/read-only/);
      await single.write((w) => w.users.create(newUser('after-failures')));
      const [afterRead, inRead, afterFailures] = await single.read((r) =>
        Promise.all(['after-read', 'in-a-read', 'after-failures'].map((id) => r.users.byId(id))),
      );
      expect([afterRead?.id, inRead, afterFailures?.id]).toEqual(['after-read', null, 'after-failures']);
    } finally {
      await single.close();
    }
  });

  it('started in one turn, share a transaction whose snapshot is taken after each of them started', async () => {
    await other.write((w) => w.users.create(newUser('answered-before')));
    let gateOpen!: () => void;
    const gate = new Promise<void>((resolve) => (gateOpen = resolve));
    let firstRead!: () => void;
    const read = new Promise<void>((resolve) => (firstRead = resolve));
    // Two units of one turn: both see the commit answered before they started, and one snapshot between them.
    const [held, beside] = [
      store.read(async (r) => {
        const first = await r.users.byId('answered-during');
        firstRead();
        await gate;
        return [first, await r.users.byId('answered-during')];
      }),
      store.read((r) => r.users.byId('answered-before')),
    ];
    await read;
    await other.write((w) => w.users.create(newUser('answered-during')));
    // Started after that commit was answered, while the older units' transaction is still open: it sees the commit.
    const later = store.read((r) => r.users.byId('answered-during'));
    expect((await later)?.id).toBe('answered-during');
    gateOpen();
    expect(await held).toEqual([null, null]);
    expect((await beside)?.id).toBe('answered-before');
  });

  it('started in one turn, leave each other unharmed when one statement fails', async () => {
    await store.write((w) => w.users.create(newUser('unharmed')));
    // A NUL byte is no text PostgreSQL takes: the statement fails and aborts the shared transaction.
    const [failing, after] = [
      store.read((r) => r.users.byId('bad\u0000id')),
      store.read((r) => r.users.byId('unharmed')),
    ];
    await expect(failing).rejects.toThrow();
    expect((await after)?.id).toBe('unharmed');
  });

  it('answer many at once on a small pool', async () => {
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.read((r) => r.users.count())));
    expect(new Set(counts.map((c) => c.users)).size).toBe(1);
  });
});
