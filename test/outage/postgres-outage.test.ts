// PostgreSQL stopped as a crash would and started again under a stream of picks (DESIGN.md §20): during the outage
// every request answers within 5 s, with 503 UNAVAILABLE and Retry-After; picks are accepted again soon after the
// database is back, without a restart of the server; every pick answered 201 is stored, once.
import { connect } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../core/errors.ts';
import { createPostgresStore, type PostgresStore } from '../../adapters/postgres/store.ts';
import { sqlRateWindows } from '../../adapters/sql/rate-windows.ts';
import { SharedRateLimiter } from '../../server/security/rate-limit.ts';
import { UNAVAILABLE_MESSAGE } from '../../server/on-error.ts';
import { json, makeHarness, roomyLimits, type Harness } from '../api/harness.ts';
import { createTestDatabase, startRestartablePostgres, type RestartablePostgres } from '../support/postgres.ts';

/** Players picking at once, each a pick then a read of their page, a new player after each accepted pick. */
const PICKERS = 30;
/** Enough for the whole run: each accepted pick takes a player out. */
const PLAYERS = 1_000;
/** Picks of each picker before the stop (then it reads), and enough players for the picks after the start. */
const PICKS_BEFORE = 3;
/** Picks with the database up, before the stop and after the start. */
const BEFORE_MS = 1_500;
const AFTER_MS = 1_500;
/** How long the database stays down before `pg_ctl start` (the start's own recovery comes on top). */
const DOWN_MS = 3_000;
/** DESIGN.md §20: a request that cannot reach the database answers within this. */
const ANSWER_WITHIN_MS = 5_000;

interface Answer {
  path: string;
  status: number;
  ms: number;
  startedAt: number;
  retryAfter: string | null;
  body: unknown;
}

let cluster: RestartablePostgres;

/** Whether the cluster's port refuses a connection (the server is down). */
const refused = (): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(Number(new URL(cluster.adminUrl).port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });
let store: PostgresStore;
let databaseUrl: string;
let h: Harness;

beforeAll(async () => {
  cluster = await startRestartablePostgres();
  const database = await createTestDatabase(cluster.adminUrl);
  databaseUrl = database.url;
  store = await createPostgresStore(databaseUrl);
  h = await makeHarness({
    sqlStore: store,
    // The limits shared through the database, as a PostgreSQL server counts them: on the pick's path.
    overrides: { limiter: new SharedRateLimiter(sqlRateWindows(store.db), roomyLimits) },
  });
});

afterAll(async () => {
  await store?.close();
  await cluster?.stop();
});

describe('PostgreSQL stopped and started under a stream of picks', () => {
  it(
    'answers 503 UNAVAILABLE with Retry-After within 5 s while it is down, accepts picks again once it is back, and stores every 201 once',
    { timeout: 180_000 },
    async () => {
      const answers: Answer[] = [];
      const acknowledged: string[] = [];
      const storedEarlier: unknown[] = [];
      const timed = async (path: string, send: () => Promise<Response>): Promise<Response> => {
        const startedAt = performance.now();
        const response = await send();
        const body: unknown = await response.clone().json();
        answers.push({
          path,
          status: response.status,
          ms: performance.now() - startedAt,
          startedAt,
          retryAfter: response.headers.get('retry-after'),
          body,
        });
        return response;
      };

      // Players signed in beforehand: the picks meet the outage, each refused one is tried again later.
      const waiting: { cookie: string; number: number }[] = [];
      for (let batch = 0; batch < PLAYERS / PICKERS; batch++) {
        await Promise.all(
          Array.from({ length: PICKERS }, async (_, i) => {
            const player = batch * PICKERS + i;
            const cookie = await h.signIn(`outage-${player}@lowest.test`, `Outage ${player}`);
            waiting.push({ cookie, number: 1 + (player % 50) });
          }),
        );
      }

      let running = true;
      // Before the stop each picker picks a few times, then reads: players are kept for the picks after the start.
      let beforeStop = true;
      const picker = async (): Promise<void> => {
        let picksBefore = 0;
        for (let player = waiting.shift(); running && player; player = waiting.shift()) {
          const { cookie, number } = player;
          if (beforeStop && picksBefore++ >= PICKS_BEFORE) {
            waiting.unshift(player);
            await timed('/api/me', () => h.request('GET', '/api/me', { cookie }));
            continue;
          }
          const picked = await timed('/api/entry', () =>
            h.request('POST', '/api/entry', { cookie, json: { number, gameDate: '2026-11-20' } }),
          );
          if (picked.status === 201) {
            const { entry } = await json<{ entry: { id: string } }>(picked);
            acknowledged.push(entry.id);
          } else if (picked.status === 503) waiting.push(player);
          // Its pick answered 503 was stored after all (its COMMIT reached the server, the answer did not come back).
          else storedEarlier.push(await json(picked));
          // A read beside each pick: the player's own page.
          await timed('/api/me', () => h.request('GET', '/api/me', { cookie }));
        }
      };
      const pickers = Array.from({ length: PICKERS }, () => picker());
      const between = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

      let stoppedAt = Number.NaN;
      let backAt = Number.NaN;
      try {
        await between(BEFORE_MS);
        stoppedAt = performance.now();
        beforeStop = false;
        await cluster.crash();
        await between(DOWN_MS);
        await cluster.start();
        backAt = performance.now();
        // Picks go on until one is accepted after the start (at most 15 s), then a little longer.
        while (!answers.some((a) => a.path === '/api/entry' && a.status === 201 && a.startedAt > backAt)) {
          if (performance.now() - backAt > 15_000) break;
          await between(50);
        }
        await between(AFTER_MS);
      } finally {
        running = false;
        await Promise.all(pickers);
      }
      const firstAcceptedAfter = answers.find(
        (a) => a.path === '/api/entry' && a.status === 201 && a.startedAt > backAt,
      );

      const during = answers.filter((a) => a.startedAt >= stoppedAt && a.startedAt < backAt);
      const unavailable = answers.filter((a) => a.status === 503);
      console.info(
        `outage: ${answers.length} answers, ${during.length} during the outage, ${unavailable.length} 503s, ` +
          `slowest ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms; down ${Math.round(backAt - stoppedAt)} ms; ` +
          `first pick accepted ${firstAcceptedAfter ? Math.round(firstAcceptedAfter.startedAt + firstAcceptedAfter.ms - backAt) : '—'} ms after the start`,
      );

      // Only successes and the outage's answer: no 500, no other failure.
      // Only successes and the outage's answer (and, trying again a pick that was stored though answered 503, its
      // refusal as a duplicate): no 500, no other failure.
      const statuses = new Set(
        answers.map((a) => `${a.path} ${a.status}`).filter((status) => status !== '/api/entry 400'),
      );
      expect([...statuses].sort()).toEqual(['/api/entry 201', '/api/entry 503', '/api/me 200', '/api/me 503']);
      for (const duplicate of storedEarlier) expect(duplicate).toMatchObject({ code: 'DUPLICATE_NUMBER' });
      expect(unavailable.length).toBeGreaterThan(0);
      for (const answer of unavailable) {
        expect(answer.retryAfter).toBe('5');
        expect(answer.body).toEqual({ error: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
      }
      // Nothing waits past the bound, down or up.
      expect(answers.filter((a) => a.ms > ANSWER_WITHIN_MS)).toEqual([]);
      expect(during.length).toBeGreaterThan(PICKERS);

      // Back by itself: a pick accepted within 15 s of the start.
      expect(firstAcceptedAfter).toBeDefined();
      expect(firstAcceptedAfter!.startedAt + firstAcceptedAfter!.ms - backAt).toBeLessThan(15_000);
      expect(acknowledged.length).toBeGreaterThan(PICKERS);

      // Every acknowledged pick is stored, once, as its player's one standard entry.
      const stored = await store.db.selectFrom('entries').select(['id', 'user_id as userId']).execute();
      const storedIds = stored.map((e) => e.id);
      expect(new Set(storedIds).size).toBe(storedIds.length);
      expect(stored.length).toBeGreaterThanOrEqual(acknowledged.length + storedEarlier.length);
      expect(new Set(stored.map((e) => e.userId)).size).toBe(stored.length);
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
      const storedSet = new Set(storedIds);
      expect(acknowledged.filter((id) => !storedSet.has(id))).toEqual([]);
    },
  );

  it(
    'fails every read of a transaction as unavailable when its connection breaks, those queued behind another too',
    { timeout: 30_000 },
    async () => {
      // A fresh pool: each statement's first use on a connection waits for its description, and postgres.js queues the
      // transaction's next statements behind it. The crash must settle those as well as the one the server was running.
      const fresh = await createPostgresStore(databaseUrl);
      // The table locked elsewhere: the first read waits for it, the others behind it, when the server goes down.
      let unlock = () => undefined as void;
      const locked = store.db.transaction().execute(async (trx) => {
        await sql`lock table users in access exclusive mode`.execute(trx);
        await new Promise<void>((resolve) => (unlock = resolve));
      });
      locked.catch(() => undefined);
      const locks = (granted: boolean) =>
        sql<{
          n: number;
        }>`select count(*)::int as n from pg_locks where relation = 'users'::regclass and granted = ${granted}`
          .execute(store.db)
          .then(({ rows }) => rows[0]!.n);
      await expect.poll(() => locks(true), { timeout: 10_000 }).toBeGreaterThan(0);
      const reads = ['a', 'b', 'c'].map((id) =>
        fresh
          .read((repos) => repos.users.byId(id))
          .then(
            () => 'answered',
            (error: unknown) => error,
          ),
      );
      await expect.poll(() => locks(false), { timeout: 10_000 }).toBeGreaterThan(0);
      await cluster.crash();
      try {
        const outcomes = await Promise.all(reads);
        expect(outcomes.map((outcome) => outcome instanceof StoreUnavailableError)).toEqual([true, true, true]);
      } finally {
        unlock();
        await cluster.start();
        await fresh.close().catch(() => undefined);
      }
    },
  );

  it('fails a unit that was between two statements when the server went down, without writing to the closed connection', async () => {
    // postgres.js throws out of the process when a statement goes to a reserved connection that closed (#1208).
    let crashed = () => undefined as void;
    const afterCrash = new Promise<void>((resolve) => (crashed = resolve));
    let firstRead = () => undefined as void;
    const readOnce = new Promise<void>((resolve) => (firstRead = resolve));
    const unit = store
      .write(async (repos) => {
        await repos.users.byId('before');
        firstRead();
        await afterCrash;
        return repos.users.byId('after');
      })
      .then(
        () => 'committed',
        (error: unknown) => error,
      );
    await readOnce;
    await cluster.crash();
    try {
      // The server refuses connections before the unit goes on: its own connection closed.
      await expect.poll(refused, { timeout: 10_000 }).toBe(true);
      crashed();
      expect(await unit).toBeInstanceOf(StoreUnavailableError);
    } finally {
      await cluster.start();
    }
    // Back by itself.
    await expect
      .poll(() => store.read((repos) => repos.users.byId('probe')).catch((e: unknown) => e), { timeout: 15_000 })
      .toBeNull();
  });
});
