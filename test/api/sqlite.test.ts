// A representative slice of the API over the real SQLite adapter (a file in a temp folder):
// sign-in and sessions, submissions and their limits, the close and its statistics, money, guilds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import type { MyEntriesResponse } from '../../server/routes/entry.schemas.ts';
import type { GuildDto } from '../../server/routes/guilds.schemas.ts';
import type { DailyStatsResponse } from '../../server/routes/stats.schemas.ts';
import type { WinningsResponse } from '../../server/routes/winnings.schemas.ts';
import { ADMIN_EMAIL, closeToday, json, makeHarness } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'lowest-api-sqlite-'));
const stores: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const sqliteHarness = async (name: string) => {
  const store = await createSqliteStore(join(dir, `${name}.db`));
  stores.push(store);
  return makeHarness({ store });
};

describe('the API over SQLite', () => {
  it('signs in, plays a day, closes it and publishes the statistics and the winning', async () => {
    const h = await sqliteHarness('day');
    const ann = await h.signIn('ann@example.com', 'Ann');
    const bob = await h.signIn('bob@example.com', 'Bob');
    expect((await h.request('GET', '/api/me', { cookie: ann })).status).toBe(200);
    expect((await h.request('POST', '/api/entry', { cookie: ann, json: { number: 2 } })).status).toBe(201);
    expect((await h.request('POST', '/api/entry', { cookie: bob, json: { number: 2 } })).status).toBe(201);
    expect((await h.request('POST', '/api/entry', { cookie: bob, json: { number: 2 } })).status).toBe(400);
    expect((await h.request('POST', '/api/entry', { cookie: bob, json: { number: 3 } })).status).toBe(409);
    expect((await h.request('GET', '/api/stats/daily/2026-11-20')).status).toBe(404);

    const cat = await h.signIn('cat@example.com', 'Cat');
    await h.request('POST', '/api/entry', { cookie: cat, json: { number: 9 } });
    await closeToday(h);
    const stats = await json<DailyStatsResponse>(
      await h.request('GET', '/api/stats/daily/2026-11-20', { cookie: cat }),
    );
    expect(stats.snapshot).toMatchObject({ entriesTotal: 3, uniquesTotal: 1, winningNumber: 9, missedWinNumber: 1 });
    expect(stats.userSubmissions.map((e) => e.number)).toEqual([9]);
    const winnings = await json<WinningsResponse>(await h.request('GET', '/api/winnings', { cookie: cat }));
    expect(winnings.winnings).toEqual([
      expect.objectContaining({ gameId: '2026-11-20', amountCents: 5000, canClaim: true }),
    ]);
    const claim = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: cat,
      json: { gameId: '2026-11-20', paypalEmail: 'cat@paypal.test', preferredName: 'Cat' },
    });
    expect(claim.status).toBe(200);
    expect(
      (await h.request('POST', '/api/prizes/winner-payout', { cookie: cat, json: { gameId: '2026-11-20' } })).status,
    ).toBe(409);
    const admin = await h.signIn(ADMIN_EMAIL);
    expect((await h.request('GET', '/api/prizes/admin/payouts', { cookie: admin })).status).toBe(200);
    expect((await h.request('GET', '/api/prizes/admin/payouts', { cookie: cat })).status).toBe(403);
  });

  it('keeps the entry limit under parallel submissions', async () => {
    const h = await sqliteHarness('parallel');
    const ann = await h.signIn('ann@example.com');
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        h.request('POST', '/api/entry', { cookie: ann, json: { number: i + 1 } }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(
      (await json<MyEntriesResponse>(await h.request('GET', '/api/entry/mine', { cookie: ann }))).entries,
    ).toHaveLength(1);
  });

  it('guilds, profile conflicts and logout', async () => {
    const h = await sqliteHarness('guilds');
    const ann = await h.signIn('ann@example.com', 'Ann');
    const bob = await h.signIn('bob@example.com', 'Bob');
    const created = await h.request('POST', '/api/guilds', { cookie: ann, json: { name: 'Squad', password: 'pass1' } });
    expect(created.status).toBe(201);
    const { guild } = await json<{ guild: GuildDto }>(created);
    expect(
      (await h.request('POST', '/api/guilds/join', { cookie: bob, json: { guildId: guild.id, password: 'bad1' } }))
        .status,
    ).toBe(403);
    expect(
      (await h.request('POST', '/api/guilds/join', { cookie: bob, json: { guildId: guild.id, password: 'pass1' } }))
        .status,
    ).toBe(200);
    expect((await h.request('POST', '/api/guilds/leave', { cookie: ann })).status).toBe(409);
    const taken = await h.request('PUT', '/api/profile', {
      cookie: bob,
      json: { email: 'ANN@example.com', displayName: 'Bob' },
    });
    expect(taken.status).toBe(409);
    expect((await h.request('POST', '/auth/logout', { cookie: bob })).status).toBe(303);
    expect((await h.request('GET', '/api/me', { cookie: bob })).status).toBe(401);
  });
});
