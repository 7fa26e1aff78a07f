// The statements each request of a deadline rush runs, on SQLite and PostgreSQL (docs/performance.md): the session
// read, today's game, the player's entries and a first pick, one request at a time; and the morning after the close,
// the player's latest result (one statement, whatever the size of the game). Concurrent requests share a
// read unit's BEGIN and COMMIT (each store batches the units of one turn), so these are the most a request costs.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPostgresStore } from '../../adapters/postgres/store.ts';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import type { Store } from '../../core/ports.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { closeToday, makeHarness } from './harness.ts';
import { signingKey } from '../../core/fairness/receipt-keys.ts';

/** Each statement's first word (its verb, or `with` for the pick's CTEs). */
const verb = (sql: string): string => sql.trimStart().split(/\s/, 1)[0]!.toLowerCase();

const stores: Record<string, (onStatement: (sql: string) => void) => Promise<{ store: Store; drop(): Promise<void> }>> =
  {
    sqlite: async (onStatement) => ({
      store: await createSqliteStore(':memory:', { onStatement }),
      drop: async () => undefined,
    }),
    postgres: async (onStatement) => {
      const database = await createTestDatabase(inject('postgresAdminUrl'));
      return {
        store: await createPostgresStore(database.url, { maxConnections: 2, onStatement }),
        drop: () => database.drop(),
      };
    },
  };

/** What each request runs, by store: the statements' verbs in order. */
const expected = {
  sqlite: {
    today: ['begin', 'select', 'commit'],
    mine: ['begin', 'select', 'commit', 'begin', 'select', 'select', 'select', 'commit'],
    me: ['begin', 'select', 'commit'],
    pick: ['begin', 'select', 'commit', 'begin', 'savepoint', 'insert', 'insert', 'release', 'commit'],
    latest: ['begin', 'select', 'commit', 'begin', 'with', 'commit'],
  },
  postgres: {
    today: ['begin', 'select', 'commit'],
    mine: ['begin', 'select', 'commit', 'begin', 'select', 'select', 'select', 'commit'],
    me: ['begin', 'select', 'commit'],
    pick: ['begin', 'select', 'commit', 'with'],
    latest: ['begin', 'select', 'commit', 'begin', 'with', 'commit'],
  },
};

for (const [name, open] of Object.entries(stores)) {
  describe(`statements per request [${name}]`, () => {
    const opened: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const close of opened) await close();
    });

    it('runs as few as each answer needs', async () => {
      let statements: string[] = [];
      const { store, drop } = await open((sql) => statements.push(sql));
      opened.push(async () => (await store.close(), await drop()));
      const h = await makeHarness({ store, env: { INTEGRITY_KEY: 'k'.repeat(64) } });
      const player = await h.signIn('pat@example.com', 'Pat');
      // The day's game exists before the rush: its first read creates it. The key that signs receipts is read at
      // start (server/main.ts), not by a pick.
      expect((await h.request('GET', '/api/game/today')).status).toBe(200);
      await signingKey(h.deps);
      const run = async (method: string, path: string, opts: Parameters<typeof h.request>[2] = {}) => {
        statements = [];
        const res = await h.request(method, path, opts);
        expect(res.status, await res.clone().text()).toBeLessThan(300);
        return statements.map(verb);
      };
      const today = await run('GET', '/api/game/today');
      const mine = await run('GET', '/api/entry/mine', { cookie: player });
      const me = await run('GET', '/api/me', { cookie: player });
      const pick = await run('POST', '/api/entry', { cookie: player, json: { number: 7, gameDate: '2026-11-20' } });
      await closeToday(h);
      // The morning after: the session slides forward once a day (a write of its own) on its first request.
      expect((await h.request('GET', '/api/me', { cookie: player })).status).toBe(200);
      const latest = await run('GET', '/api/results/me/latest', { cookie: player });
      const counts = expected[name as keyof typeof expected];
      expect({ today, mine, me, pick, latest }).toEqual({
        today: counts.today,
        mine: counts.mine,
        me: counts.me,
        pick: counts.pick,
        latest: counts.latest,
      });
    });
  });
}
