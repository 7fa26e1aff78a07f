// A SQLite database that really fills under picks through the real app (DESIGN.md §20): its size capped with
// `PRAGMA max_page_count`, and a disk that lets no file grow (the process's RLIMIT_FSIZE, which Node turns into EFBIG
// rather than a signal). The writes it cannot store answer 503 UNAVAILABLE, /readyz says database-not-writable while it
// is full, the checkpoint thread's failures are logged and counted in /metrics, and once there is room again a write
// succeeds and /readyz is ready.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../../adapters/sqlite/store.ts';
import { UNAVAILABLE_MESSAGE } from '../../server/on-error.ts';
import { json, makeHarness, type Harness } from '../api/harness.ts';

const PLAYERS = 120;

let dir = '';
let store: SqliteStore;
let h: Harness;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lowest-full-'));
  store = await createSqliteStore(join(dir, 'lowest.db'));
  h = await makeHarness({ sqlStore: store });
});

afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const pageCount = async (): Promise<number> =>
  (await sql<{ page_count: number }>`pragma page_count`.execute(store.db)).rows[0]?.page_count ?? 0;

describe('a SQLite database that fills', () => {
  it('answers the picks it cannot store with 503, says not writable on /readyz, and is ready again once there is room', async () => {
    const cookies: string[] = [];
    for (let player = 0; player < PLAYERS; player++) cookies.push(await h.signIn(`full-${player}@lowest.test`));
    const ready = await h.request('GET', '/readyz');
    expect([ready.status, await json(ready)]).toEqual([200, { status: 'ready' }]);

    // The file may grow by two pages more: the picks fill them, then SQLite refuses the next page (SQLITE_FULL).
    await sql.raw(`pragma max_page_count = ${(await pageCount()) + 2}`).execute(store.db);
    const answers: Response[] = [];
    let next = 0;
    while (next < PLAYERS && !answers.some((a) => a.status === 503)) {
      answers.push(
        await h.request('POST', '/api/entry', {
          cookie: cookies[next++] ?? '',
          json: { number: next, gameDate: '2026-11-20' },
        }),
      );
    }
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBe(1);
    expect(answers.every((a) => a.status === 201 || a.status === 503)).toBe(true);
    const [full] = refused;
    expect(full?.headers.get('retry-after')).toBe('5');
    expect(await full?.json()).toEqual({ error: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    // The refused pick is not stored: its player has no entry.
    const refusedPlayerPicks = await h.request('GET', '/api/entry/mine', { cookie: cookies[next - 1] ?? '' });
    expect(await json(refusedPlayerPicks)).toMatchObject({ entries: [] });

    // Full: not ready, and it stays so (each probe tries a write of its own, which the full file refuses too).
    for (let probe = 0; probe < 2; probe++) {
      const notWritable = await h.request('GET', '/readyz');
      expect([notWritable.status, await json(notWritable)]).toEqual([503, { status: 'database-not-writable' }]);
    }
    // Reads still answer.
    expect((await h.request('GET', '/api/game/today')).status).toBe(200);

    // Room again: the probe's write succeeds, the server is ready, and the refused player's pick is accepted.
    await sql.raw('pragma max_page_count = 1073741823').execute(store.db);
    const again = await h.request('GET', '/readyz');
    expect([again.status, await json(again)]).toEqual([200, { status: 'ready' }]);
    const accepted = await h.request('POST', '/api/entry', {
      cookie: cookies[next - 1] ?? '',
      json: { number: next, gameDate: '2026-11-20' },
    });
    expect(accepted.status).toBe(201);
  });

  it('answers a sign-in it cannot store with 503 too, and takes the next write once there is room', async () => {
    const cookie = await h.signIn('after-full@lowest.test');
    await sql.raw(`pragma max_page_count = ${await pageCount()}`).execute(store.db);
    // Sign-ins write a session each: one is refused once the file is at its cap.
    let refused: Response | null = null;
    for (let player = 0; player < PLAYERS && refused === null; player++) {
      const res = await h.request('POST', '/auth/dev', {
        json: { email: `second-${player}@lowest.test`, displayName: `Second ${player}` },
      });
      if (res.status === 503) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.status).toBe(503);
    await sql.raw('pragma max_page_count = 1073741823').execute(store.db);
    expect(
      (await h.request('POST', '/api/entry', { cookie, json: { number: 77, gameDate: '2026-11-20' } })).status,
    ).toBe(201);
    const ready = await h.request('GET', '/readyz');
    expect([ready.status, await json(ready)]).toEqual([200, { status: 'ready' }]);
  });

  it(
    'on a disk that lets no file grow, fails writes with 503, logs and counts the failed checkpoints, and recovers once it may',
    { timeout: 90_000 },
    async () => {
      const file = join(dir, 'disk.db');
      const own = await createSqliteStore(file);
      const errors: unknown[] = [];
      const app = await makeHarness({
        sqlStore: own,
        overrides: {
          logger: { request() {}, debug() {}, info() {}, warn() {}, error: (_message, error) => errors.push(error) },
        },
      });
      const cookie = await app.signIn('disk@lowest.test');
      const checkpointFailures = async (): Promise<number> => {
        const text = await (await app.request('GET', '/metrics')).text();
        return Number(/^lowest_sqlite_checkpoint_failures_total (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
      };
      expect(await checkpointFailures()).toBe(0);
      // The thread has copied the migrations' pages into the file: what it copies from now on lies past its end.
      const started = Date.now();
      while (statSync(file).size <= 4096 && Date.now() - started < 30_000) await new Promise(setImmediate);
      expect(statSync(file).size).toBeGreaterThan(4096);

      // A reader of its own holds a snapshot, so the thread cannot copy what is written after it: 256 KiB in the WAL
      // that the file has no room for yet.
      const reader = new Database(file);
      reader.prepare('begin').run();
      reader.prepare('select count(*) from users').get();
      await sql`create table filler (x)`.execute(own.db);
      await sql`insert into filler values (zeroblob(262144))`.execute(own.db);

      // No file of this process may grow past the database file's size now: once the reader is done the checkpoint
      // cannot copy those pages into the file, so the WAL grows with every sign-in until it cannot grow either.
      const limit = (bytes: string) => execFileSync('prlimit', ['--pid', String(process.pid), `--fsize=${bytes}`]);
      limit(`${statSync(file).size}:unlimited`);
      reader.prepare('commit').run();
      reader.close();
      try {
        let refused: Response | null = null;
        for (let player = 0; player < 5_000 && refused === null; player++) {
          const res = await app.request('POST', '/auth/dev', {
            json: { email: `disk-${player}@lowest.test`, displayName: `Disk ${player}` },
          });
          if (res.status === 503) refused = res;
          else expect(res.status).toBe(200);
        }
        expect([refused?.status, refused?.headers.get('retry-after'), refused && (await json(refused))]).toEqual([
          503,
          '5',
          { error: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' },
        ]);
        const pick = await app.request('POST', '/api/entry', { cookie, json: { number: 5, gameDate: '2026-11-20' } });
        expect(pick.status).toBe(503);
        const notWritable = await app.request('GET', '/readyz');
        expect([notWritable.status, await json(notWritable)]).toEqual([503, { status: 'database-not-writable' }]);
        // The thread checkpoints every 250 ms: its failures show on /metrics and in the log.
        const deadline = Date.now() + 30_000;
        while (!((await checkpointFailures()) > 0) && Date.now() < deadline) await new Promise(setImmediate);
        expect(await checkpointFailures()).toBeGreaterThan(0);
        expect(errors).toContainEqual(expect.objectContaining({ name: 'CheckpointError', code: 'SQLITE_IOERR_WRITE' }));
      } finally {
        limit('unlimited:unlimited');
      }

      const ready = await app.request('GET', '/readyz');
      expect([ready.status, await json(ready)]).toEqual([200, { status: 'ready' }]);
      const accepted = await app.request('POST', '/api/entry', { cookie, json: { number: 5, gameDate: '2026-11-20' } });
      expect(accepted.status).toBe(201);
      await own.close();
    },
  );
});
