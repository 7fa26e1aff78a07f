// The daily game over HTTP: today's game, submissions and their limits, results, history, statistics.
import { describe, expect, it } from 'vitest';
import type { MyEntriesResponse, SubmitEntryResponse } from '../../server/routes/entry.schemas.ts';
import type { GameTodayResponse } from '../../server/routes/game.schemas.ts';
import type { HistoryResponse } from '../../server/routes/history.schemas.ts';
import type { ResultResponse } from '../../server/routes/results.schemas.ts';
import type { DailyStatsResponse } from '../../server/routes/stats.schemas.ts';
import { ADMIN_EMAIL, closeToday, json, makeHarness } from './harness.ts';

describe('GET /api/game/today', () => {
  it("answers the open game, its countdown and the spec's number limits with their messages, signed in or not", async () => {
    const { request } = await makeHarness();
    const res = await request('GET', '/api/game/today');
    expect(res.status).toBe(200);
    expect(await json<GameTodayResponse>(res)).toEqual({
      gameDate: '2026-11-20',
      serverNowISO: '2026-11-20T12:00:00.000Z',
      msUntilClose: 12 * 3600_000,
      effectiveStatus: 'open',
      closesAtISO: '2026-11-21T00:00:00.000Z',
      limits: {
        minNumber: 1,
        maxNumber: 2_147_483_647,
        mineMinNumber: 10,
        messages: {
          wholeNumber: 'Enter a whole number greater than zero.',
          peakWholeNumber: 'Enter a whole number greater than zero',
          tooLarge: 'Please enter a number up to 2,147,483,647.',
          mineTooLow: 'Mine can only be used on numbers 10 or greater',
        },
      },
    });
  });
});

describe('POST /api/entry and GET /api/entry/mine', () => {
  it('stores a pick and lists it', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    const res = await request('POST', '/api/entry', { cookie, json: { number: 7 } });
    expect(res.status).toBe(201);
    const body = await json<SubmitEntryResponse>(res);
    expect(body.entry).toMatchObject({ number: 7, entryType: 'standard', submittedAt: '2026-11-20T12:00:00.000Z' });
    expect(typeof body.message).toBe('string');
    const mine = await json<MyEntriesResponse>(await request('GET', '/api/entry/mine', { cookie }));
    expect(mine).toMatchObject({
      gameDate: '2026-11-20',
      entries: [{ number: 7, entryType: 'standard' }],
      status: { canSubmitMore: false, effectiveStatus: 'open' },
      maxSubmissions: 1,
      availableBonusEntries: 0,
      bonusEntriesDetails: [],
    });
  });

  it('is 401 signed out', async () => {
    const { request } = await makeHarness();
    expect((await request('POST', '/api/entry', { json: { number: 1 } })).status).toBe(401);
    expect((await request('GET', '/api/entry/mine')).status).toBe(401);
  });

  it('refuses bad numbers with the spec messages (400)', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    const cases: [unknown, string][] = [
      [0, 'Enter a whole number greater than zero.'],
      [-3, 'Enter a whole number greater than zero.'],
      [1.5, 'Enter a whole number greater than zero.'],
      ['abc', 'Enter a whole number greater than zero.'],
      [2_147_483_648, 'Please enter a number up to 2,147,483,647.'],
    ];
    for (const [number, message] of cases) {
      const res = await request('POST', '/api/entry', { cookie, json: { number } });
      expect(res.status, String(number)).toBe(400);
      expect(await json(res)).toEqual({ error: message, code: 'VALIDATION' });
    }
    expect((await request('POST', '/api/entry', { cookie, json: { number: 2_147_483_647 } })).status).toBe(201);
  });

  it('refuses a second pick without a bonus entry (409) and the same number twice (400)', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    await request('POST', '/api/entry', { cookie, json: { number: 3 } });
    const again = await request('POST', '/api/entry', { cookie, json: { number: 3 } });
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual({ error: 'You already picked 3 in this game.', code: 'DUPLICATE_NUMBER' });
    const second = await request('POST', '/api/entry', { cookie, json: { number: 4 } });
    expect(second.status).toBe(409);
    expect(await json(second)).toEqual({ error: 'No more entries left for this game.', code: 'ENTRY_LIMIT' });
  });

  it('refuses picks once the game is closed (409); after the deadline picks go to the next game', async () => {
    const { request, signIn, clock } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    const admin = await signIn(ADMIN_EMAIL);
    // No game exists until someone looks at it.
    expect((await request('POST', '/admin/compute/2026-11-20', { cookie: admin })).status).toBe(404);
    await request('GET', '/api/game/today');
    expect((await request('POST', '/admin/compute/2026-11-20', { cookie: admin })).status).toBe(200);
    const res = await request('POST', '/api/entry', { cookie, json: { number: 3 } });
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({ error: 'This game has closed.', code: 'GAME_CLOSED' });
    clock.set('2026-11-21T00:00:00.000Z');
    expect((await request('POST', '/api/entry', { cookie, json: { number: 3 } })).status).toBe(201);
    expect((await json<MyEntriesResponse>(await request('GET', '/api/entry/mine', { cookie }))).gameDate).toBe(
      '2026-11-21',
    );
  });

  it('never stores more than the limit under parallel submissions', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request('POST', '/api/entry', { cookie, json: { number: i + 1 } }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect((await json<MyEntriesResponse>(await request('GET', '/api/entry/mine', { cookie }))).entries).toHaveLength(
      1,
    );
  });
});

describe('results, history and daily statistics', () => {
  const playDay = async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    const bob = await h.signIn('bob@example.com', 'Bob');
    const cat = await h.signIn('cat@example.com', 'Cat');
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 1 } });
    await h.request('POST', '/api/entry', { cookie: bob, json: { number: 1 } });
    await h.request('POST', '/api/entry', { cookie: cat, json: { number: 2 } });
    return { h, ann, bob, cat };
  };

  it('an open game shows no picks: results say open, statistics are 404', async () => {
    const { h, ann } = await playDay();
    expect(await json<ResultResponse>(await h.request('GET', '/api/results/today'))).toEqual({
      gameDate: '2026-11-20',
      status: 'open',
    });
    expect(await json(await h.request('GET', '/api/results/2026-11-20'))).toEqual({
      gameDate: '2026-11-20',
      status: 'open',
    });
    const stats = await h.request('GET', '/api/stats/daily/2026-11-20', { cookie: ann });
    expect(stats.status).toBe(404);
    expect(await json(stats)).toEqual({ error: 'No statistics for 2026-11-20 yet.', code: 'NOT_FOUND' });
  });

  it('after the close: the winner, the statistics with the caller’s picks, the history', async () => {
    const { h, cat } = await playDay();
    await closeToday(h);
    const result = await json<ResultResponse>(await h.request('GET', '/api/results/2026-11-20'));
    expect(result).toEqual({
      gameDate: '2026-11-20',
      status: 'closed',
      winnerName: 'Cat',
      winningNumber: 2,
      prize: { prizeType: 'cash', amountCents: 5000, currency: 'USD', description: 'Friday Cash Prize' },
      entriesTotal: 3,
    });
    // "today" is now the next game.
    expect(await json(await h.request('GET', '/api/results/today'))).toEqual({
      gameDate: '2026-11-21',
      status: 'open',
    });

    const stats = await json<DailyStatsResponse>(
      await h.request('GET', '/api/stats/daily/2026-11-20', { cookie: cat }),
    );
    expect(stats.snapshot).toMatchObject({
      entriesTotal: 3,
      uniquesTotal: 1,
      winningNumber: 2,
      highestNumber: 2,
      mostFrequentNumbers: [1],
    });
    expect(stats.histogram).toEqual([
      { number: 1, count: 2, unique: false },
      { number: 2, count: 1, unique: true },
    ]);
    expect(stats.userSubmissions.map((e) => e.number)).toEqual([2]);
    const anonymous = await json<DailyStatsResponse>(await h.request('GET', '/api/stats/daily/2026-11-20'));
    expect(anonymous.userSubmissions).toEqual([]);

    const history = await json<HistoryResponse>(await h.request('GET', '/api/history?limit=5'));
    expect(history.items).toEqual([
      { gameDate: '2026-11-21', status: 'open' },
      { gameDate: '2026-11-20', status: 'closed' },
    ]);
    expect((await json<HistoryResponse>(await h.request('GET', '/api/history?limit=1'))).items).toHaveLength(1);
  });

  it('bad dates and limits are 400, unknown games 404', async () => {
    const { request } = await makeHarness();
    const bad = await request('GET', '/api/results/yesterday');
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ error: 'The date must look like YYYY-MM-DD.', code: 'VALIDATION' });
    expect((await request('GET', '/api/stats/daily/20261120')).status).toBe(400);
    expect((await request('GET', '/api/history?limit=ten')).status).toBe(400);
    expect((await request('GET', '/api/results/2020-01-01')).status).toBe(404);
    expect((await request('GET', '/api/stats/daily/2020-01-01')).status).toBe(404);
  });
});
