// Hostile input over the real PostgreSQL adapter, the strictest store: it refuses NUL characters in
// text and whole numbers beyond 32 bits, so such input must be stopped with a 400 before it gets
// there (never a 500), and must change nothing.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createPostgresStore, type PostgresStore } from '../../adapters/postgres/store.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { ADMIN_EMAIL, json, makeHarness, type Harness } from './harness.ts';

let database: TestDatabase;
let store: PostgresStore;
let h: Harness;
let admin: string;
let player: string;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresAdminUrl'));
  store = await createPostgresStore(database.url, { maxConnections: 4 });
  h = await makeHarness({ store });
  admin = await h.signIn(ADMIN_EMAIL, 'Admin');
  player = await h.signIn('pat@example.com', 'Pat');
});

afterAll(async () => {
  await store.close();
  await database.drop();
});

const expect400 = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(400);
  expect((await json(res)).code).toBe('VALIDATION');
};

describe('NUL characters', () => {
  it('are refused in JSON bodies, and the profile stays as it was', async () => {
    await expect400(
      await h.request('PUT', '/api/profile', {
        cookie: player,
        json: { email: 'pat@example.com', displayName: 'Pa\u0000t' },
      }),
    );
    await expect400(
      await h.request('POST', '/api/guilds', {
        cookie: player,
        json: { name: 'Low Ones', description: 'x\u0000', password: 'secret' },
      }),
    );
    await expect400(
      await h.request('POST', '/api/guilds/join', { cookie: player, json: { guildId: '\u0000', password: 'secret' } }),
    );
    await expect400(
      await h.request('POST', '/api/prizes/winner-payout', { cookie: player, json: { gameId: '2026-11-20\u0000' } }),
    );
    await expect400(
      await h.request('POST', '/api/referrals/process', { cookie: player, json: { referralCode: '\u0000' } }),
    );
    await expect400(
      await h.request('POST', '/api/prizes/config/weekly', {
        cookie: admin,
        json: { dayOfWeek: 1, prizeType: 'cash', amountCents: 5, description: 'a\u0000' },
      }),
    );
    const me = await json(await h.request('GET', '/api/me', { cookie: player }));
    expect(me).toMatchObject({ displayName: 'Pat' });
    expect(h.errors).toEqual([]);
  });

  it('are refused at dev sign-in, as JSON and as a form', async () => {
    await expect400(
      await h.request('POST', '/auth/dev', { json: { email: 'n\u0000l@example.com', displayName: 'Nul' } }),
    );
    const form = await h.request('POST', '/auth/dev', {
      body: 'email=nul%40example.com&displayName=N%00l',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    expect(h.errors).toEqual([]);
  });

  it('are refused in path parameters and query strings', async () => {
    for (const [method, path] of [
      ['GET', '/api/guilds/%00'],
      ['GET', '/api/guilds/%00/submissions'],
      ['DELETE', '/api/guilds/%00'],
      ['PATCH', '/api/prizes/config/%00/toggle'],
      ['GET', '/api/rewards/type/%00'],
      ['GET', '/api/leaderboard?kind=%00'],
    ] as const) {
      await expect400(await h.request(method, path, { cookie: admin }));
    }
    const review = await h.request('POST', '/api/prizes/admin/payouts/%00', {
      cookie: admin,
      json: { status: 'approved' },
    });
    await expect400(review);
    expect(h.errors).toEqual([]);
  });
});

describe('prize amounts', () => {
  it('beyond what the database holds are a 400 that changes nothing', async () => {
    await expect400(
      await h.request('POST', '/api/prizes/config/weekly', {
        cookie: admin,
        json: { dayOfWeek: 1, prizeType: 'cash', amountCents: 1e12 },
      }),
    );
    await expect400(
      await h.request('POST', '/api/prizes/config/date', {
        cookie: admin,
        json: { date: '2026-11-23', prizeType: 'cash', amountCents: 3_000_000_000, description: 'Big day' },
      }),
    );
    const { prizes } = await json<{ prizes: { isDefault: boolean; date: string | null }[] }>(
      await h.request('GET', '/api/prizes/config', { cookie: admin }),
    );
    expect(prizes.every((p) => p.isDefault && p.date === null)).toBe(true);
    expect(h.errors).toEqual([]);
  });
});
