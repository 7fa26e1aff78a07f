// SQLite-only behaviour: pragmas, re-opening (migrations run once), online backup, what another connection (another
// process, e.g. `lowest close`) sees while units run, units that may not wait, and group commit.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGame } from '../../core/game/close.ts';
import { currentGame } from '../../core/game/current-game.ts';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import { makeDeps } from '../../test/support/fakes.ts';
import { newUser } from '../../test/contract/fixtures.ts';
import { migrations as registered } from '../sql/migrations/index.ts';
import { BACKSTOP_PAGES } from './checkpointer.ts';
import { createSqliteStore } from './store.ts';

const dirs: string[] = [];
const tempFile = (name: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-sqlite-'));
  dirs.push(dir);
  return join(dir, name);
};
/** Another connection to the file, as another process would have: it answers at once, inside a unit too. */
const rawConnection = (file: string): BetterSqlite3.Database => {
  const raw = new BetterSqlite3(file);
  raw.pragma('busy_timeout = 5000');
  return raw;
};
const usersIn = (raw: BetterSqlite3.Database): number =>
  raw.prepare('select count(*) from users').pluck().get() as number;
const insertUser = (raw: BetterSqlite3.Database, id: string): void => {
  raw
    .prepare(
      "insert into users (id, email, display_name, role, referral_code, is_bot, created_at) values (?, ?, ?, 'player', ?, 0, ?)",
    )
    .run(id, `${id}@example.test`, `Player ${id}`, id.toUpperCase().padEnd(12, 'X'), new Date(0).toISOString());
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

  it("copies the WAL back into the file from the checkpoint thread, while the writer's own waits for its backstop", async () => {
    const file = tempFile('c.db');
    const store = await createSqliteStore(file);
    const pragma = async (name: string) => (await sql.raw(`pragma ${name}`).execute(store.db)).rows[0];
    expect(await pragma('wal_autocheckpoint')).toEqual({ wal_autocheckpoint: BACKSTOP_PAGES });
    const pageSize = Number(Object.values((await pragma('page_size')) ?? {})[0]);
    const before = statSync(file).size;
    // About 500 pages of users in the WAL: below the writer's backstop, so only the thread copies them back.
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 4000)
      insert into users (id, email, display_name, role, referral_code, is_bot, created_at)
      select 'c' || i, 'c' || i || '@example.test', printf('%.400c', 'x'), 'player', 'C' || i, 0, '2026-01-01'
      from n`.execute(store.db);
    const deadline = Date.now() + 10_000;
    while (statSync(file).size < before + 400 * pageSize && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(statSync(file).size).toBeGreaterThanOrEqual(before + 400 * pageSize);
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

  it('shows another connection the last commit while a write unit runs: never half of the write', async () => {
    const file = tempFile('beside.db');
    const store = await createSqliteStore(file);
    await store.write((r) => r.users.create(newUser('u0')));
    const other = rawConnection(file);
    const seenMidway = await store.write(async (r) => {
      await r.users.create(newUser('u1'));
      const seen = usersIn(other);
      await r.users.create(newUser('u2'));
      return seen;
    });
    expect(seenMidway).toBe(1);
    expect(usersIn(other)).toBe(3);
    other.close();
    await store.close();
  });

  it('keeps one snapshot for the whole read unit although another connection commits in its middle', async () => {
    const file = tempFile('snapshot.db');
    const store = await createSqliteStore(file);
    await store.write((r) => r.users.create(newUser('u0')));
    const other = rawConnection(file);
    const [before, after] = await store.read(async (r) => {
      const first = await r.users.count();
      insertUser(other, 'u1');
      return [first, await r.users.count()] as const;
    });
    expect(before).toEqual({ users: 1, bots: 0 });
    expect(after).toEqual(before);
    // A read started after that commit sees it.
    expect(await store.read((r) => r.users.count())).toEqual({ users: 2, bots: 0 });
    other.close();
    await store.close();
  });

  it('fails a unit that waits for something other than its repositories, keeping none of it', async () => {
    const store = await createSqliteStore(tempFile('waits.db'));
    const waiting = store.write(async (r) => {
      await r.users.create(newUser('u1'));
      await new Promise(setImmediate);
    });
    await expect(waiting).rejects.toThrow(/waited for something other than its repositories/);
    expect(await store.read((r) => r.users.byId('u1'))).toBeNull();
    await store.write((r) => r.users.create(newUser('u2')));
    expect(await store.read((r) => r.users.count())).toEqual({ users: 1, bots: 0 });
    await store.close();
  });

  it('gives every read the writes answered before it started, under reads and writes interleaved', async () => {
    const store = await createSqliteStore(tempFile('interleaved.db'));
    let answered = 0;
    const reads: Promise<void>[] = [];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 60; i += 1) {
      writes.push(
        store
          .write((w) => w.users.create(newUser(`p${i}`)))
          .then(() => {
            answered += 1;
          }),
      );
      for (let j = 0; j < 3; j += 1) {
        const atLeast = answered;
        reads.push(
          store.read(async (r) => {
            const first = (await r.users.count()).users;
            expect(first).toBeGreaterThanOrEqual(atLeast);
          }),
        );
      }
      if (i % 7 === 0) await new Promise(setImmediate);
    }
    await Promise.all([...writes, ...reads]);
    expect((await store.read((r) => r.users.count())).users).toBe(60);
    await store.close();
  });

  it('takes a unit started right after another was answered as a unit of its own, under many concurrent callers', async () => {
    const store = await createSqliteStore(tempFile('callers.db'));
    // Each caller reads, passes a few promise hops as a request handler does, then writes: never refused as nested.
    const hops = async (n: number): Promise<void> => {
      for (let i = 0; i < n; i += 1) await Promise.resolve();
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 300 }, async (_, i) => {
        await store.read((r) => r.users.count());
        await hops(i % 9);
        await store.write((r) => r.users.create(newUser(`c${i}`)));
        await hops(i % 5);
        return store.read((r) => r.users.byId(`c${i}`));
      }),
    );
    expect(
      outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)),
    ).toEqual([]);
    expect((await store.read((r) => r.users.count())).users).toBe(300);
    await store.close();
  });

  it('commits the writes queued in one turn together, keeping none of a unit that failed', async () => {
    const file = tempFile('group.db');
    const store = await createSqliteStore(file);
    const other = rawConnection(file);
    const seenAtAnswers: number[] = [];
    const answer = <T>(value: T): T => {
      seenAtAnswers.push(usersIn(other));
      return value;
    };
    const outcomes = await Promise.all([
      store.write((r) => r.users.create(newUser('u1'))).then(() => answer('first')),
      store.write((r) => r.users.create(newUser('u2'))).then(() => answer('second')),
      store
        .write(async (r) => {
          await r.users.create(newUser('u3'));
          throw new Error('changed its mind');
        })
        .then(
          () => answer('kept'),
          (error: Error) => answer(error.message),
        ),
      store.write((r) => r.users.create(newUser('u4'))).then(() => answer('fourth')),
    ]);
    expect(outcomes).toEqual(['first', 'second', 'changed its mind', 'fourth']);
    // One COMMIT holds them all: another connection sees the three kept units from the first answer on.
    expect(seenAtAnswers).toEqual([3, 3, 3, 3]);
    expect(other.prepare('select id from users order by id').pluck().all()).toEqual(['u1', 'u2', 'u4']);
    other.close();
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
