// SQLite-only behaviour: pragmas, re-opening (migrations run once), online backup, reads on their own
// connection beside a write in flight, and a second store on the same file (another process, e.g.
// `lowest close`) seeing the close.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGame } from '../../core/game/close.ts';
import { currentGame } from '../../core/game/current-game.ts';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import { makeDeps } from '../../test/support/fakes.ts';
import { newUser } from '../../test/contract/fixtures.ts';
import { migrations as registered } from '../sql/migrations/index.ts';
import { createSqliteStore } from './store.ts';

const dirs: string[] = [];
const tempFile = (name: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-sqlite-'));
  dirs.push(dir);
  return join(dir, name);
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('createSqliteStore', () => {
  it('opens with WAL, synchronous=NORMAL, a busy timeout and foreign keys', async () => {
    const store = await createSqliteStore(tempFile('p.db'));
    const pragma = async (name: string) => (await sql.raw(`pragma ${name}`).execute(store.db)).rows[0];
    expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(await pragma('synchronous')).toEqual({ synchronous: 1 });
    expect(await pragma('busy_timeout')).toEqual({ timeout: 5000 });
    expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
    await store.close();
  });

  it('keeps data across re-opening, migrating once, and works in memory', async () => {
    const file = tempFile('reopen.db');
    const first = await createSqliteStore(file);
    await first.write((r) => r.users.create(newUser('u1')));
    await first.close();
    const again = await createSqliteStore(file);
    expect((await again.read((r) => r.users.byId('u1')))?.id).toBe('u1');
    const migrations = await sql<{ n: number }>`select count(*) as n from schema_migrations`.execute(again.db);
    // Each registered migration ran once, not once per opening.
    expect(migrations.rows[0]?.n).toBe(Object.keys(registered).length);
    await again.close();

    const memory = await createSqliteStore(':memory:');
    await memory.write((r) => r.users.create(newUser('u2')));
    expect(await memory.read((r) => r.users.count())).toEqual({ users: 1, bots: 0 });
    await memory.close();
  });

  it('backs up the live database to a file that opens as a store', async () => {
    const store = await createSqliteStore(tempFile('live.db'));
    await store.write((r) => r.users.create(newUser('u1')));
    const copy = tempFile('copy.db');
    await store.backup(copy);
    await store.close();
    const restored = await createSqliteStore(copy);
    expect((await restored.read((r) => r.users.byId('u1')))?.email).toBe('u1@example.test');
    await restored.close();
  });

  // better-sqlite3 waits for a lock synchronously, so a race between two connections of ONE process
  // would block its own event loop; across processes BEGIN IMMEDIATE + busy_timeout serialise them.
  it('closes a game once across two connections to one file', async () => {
    const file = tempFile('shared.db');
    const a = await createSqliteStore(file);
    const b = await createSqliteStore(file);
    const depsA = { ...makeDeps(), store: a };
    const depsB = { ...depsA, store: b };
    const { game } = await currentGame(depsA);
    await a.write(async (r) => {
      await r.users.create(newUser('u1'));
      await r.users.create(newUser('u2'));
    });
    await submitEntry(depsA, { userId: 'u1', number: 2 });
    await submitEntry(depsB, { userId: 'u2', number: 5 });
    depsA.clock.set(game.closesAt);
    expect((await closeGame(depsA, game.key)).closedNow).toBe(true);
    expect((await closeGame(depsB, game.key)).closedNow).toBe(false);
    expect(await a.read((r) => r.playerStats.byUser('u1'))).toMatchObject({ wins: 1, entries: 1 });
    await a.close();
    await b.close();
  });

  it('answers a read while a write is in flight, from the last commit: never half of the write', async () => {
    const store = await createSqliteStore(tempFile('beside.db'));
    await store.write((r) => r.users.create(newUser('u0')));
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let halfway = (): void => undefined;
    const firstWritten = new Promise<void>((resolve) => (halfway = resolve));
    const writing = store.write(async (r) => {
      await r.users.create(newUser('u1'));
      halfway();
      await gate;
      await r.users.create(newUser('u2'));
    });
    await firstWritten;
    // Were reads queued behind the write, this would wait for the gate that opens only after it.
    expect(await store.read((r) => r.users.count())).toEqual({ users: 1, bots: 0 });
    release();
    await writing;
    expect(await store.read((r) => r.users.count())).toEqual({ users: 3, bots: 0 });
    await store.close();
  });

  it('keeps one snapshot for the whole read unit although a write commits in its middle', async () => {
    const store = await createSqliteStore(tempFile('snapshot.db'));
    await store.write((r) => r.users.create(newUser('u0')));
    let firstCounted!: () => void;
    const counted = new Promise<void>((resolve) => (firstCounted = resolve));
    let written!: () => void;
    const committed = new Promise<void>((resolve) => (written = resolve));
    const reading = store.read(async (r) => {
      const first = await r.users.count();
      firstCounted();
      await committed;
      return [first, await r.users.count()] as const;
    });
    // Another caller (not a unit nested in the read, which the store refuses) writes meanwhile.
    await counted;
    await store.write((w) => w.users.create(newUser('u1')));
    written();
    const [before, after] = await reading;
    expect(before).toEqual({ users: 1, bots: 0 });
    expect(after).toEqual(before);
    expect(await store.read((r) => r.users.count())).toEqual({ users: 2, bots: 0 });
    await store.close();
  });

  it('gives a read started after a write was answered that write, while an older read keeps its snapshot', async () => {
    const store = await createSqliteStore(tempFile('shared.db'));
    await store.write((r) => r.users.create(newUser('u0')));
    let gateOpen!: () => void;
    const gate = new Promise<void>((resolve) => (gateOpen = resolve));
    let firstCounted!: () => void;
    const counted = new Promise<void>((resolve) => (firstCounted = resolve));
    const older = store.read(async (r) => {
      const first = await r.users.count();
      firstCounted();
      await gate;
      return [first.users, (await r.users.count()).users];
    });
    await counted;
    await store.write((w) => w.users.create(newUser('u1')));
    // Started after the write was answered, while the older read is open: it must see the write.
    const newer = store.read((r) => r.users.count());
    gateOpen();
    expect(await older).toEqual([1, 1]);
    expect((await newer).users).toBe(2);
    await store.close();
  });

  it('gives every read the writes answered before it started, under reads and writes interleaved', async () => {
    const store = await createSqliteStore(tempFile('interleaved.db'));
    let answered = 0;
    const reads: Promise<void>[] = [];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 60; i += 1) {
      writes.push(
        store.write((w) => w.users.create(newUser(`p${i}`))).then(() => {
          answered += 1;
        }),
      );
      for (let j = 0; j < 3; j += 1) {
        const atLeast = answered;
        reads.push(
          store.read(async (r) => {
            const first = (await r.users.count()).users;
            await new Promise(setImmediate);
            const second = (await r.users.count()).users;
            expect(first).toBeGreaterThanOrEqual(atLeast);
            expect(second).toBe(first);
          }),
        );
      }
      if (i % 7 === 0) await new Promise(setImmediate);
    }
    await Promise.all([...writes, ...reads]);
    expect((await store.read((r) => r.users.count())).users).toBe(60);
    await store.close();
  });

  it('commits the writes queued behind a running one together, keeping none of a unit that failed', async () => {
    const file = tempFile('group.db');
    const store = await createSqliteStore(file);
    const other = await createSqliteStore(file);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = store.write(async (r) => {
      await r.users.create(newUser('u1'));
      await gate;
      return 'first';
    });
    const second = store.write((r) => r.users.create(newUser('u2')).then(() => 'second'));
    const failing = store
      .write(async (r) => {
        await r.users.create(newUser('u3'));
        throw new Error('changed its mind');
      })
      .then(
        () => 'kept',
        (error: Error) => error.message,
      );
    const fourth = store.write((r) => r.users.create(newUser('u4')).then(() => 'fourth'));
    release();
    // The first unit is answered only once its transaction committed, and that commit holds the units queued
    // behind it: another connection (another process's view) sees them all at that moment.
    expect(await first).toBe('first');
    expect(await other.read((r) => Promise.all(['u1', 'u2', 'u3', 'u4'].map((id) => r.users.byId(id).then((u) => u?.id ?? null))))).toEqual([
      'u1',
      'u2',
      null,
      'u4',
    ]);
    expect([await second, await failing, await fourth]).toEqual(['second', 'changed its mind', 'fourth']);
    await other.close();
    await store.close();
  });

  it('refuses a write inside a read unit and keeps nothing of it', async () => {
    const store = await createSqliteStore(tempFile('read-only.db'));
    await expect(store.read((r) => r.users.create(newUser('u1')))).rejects.toThrow(/readonly|read-only/i);
    expect(await store.read((r) => r.users.byId('u1'))).toBeNull();
    // The read connection is still usable afterwards.
    await store.write((r) => r.users.create(newUser('u2')));
    expect((await store.read((r) => r.users.byId('u2')))?.id).toBe('u2');
    await store.close();
  });
});
