// GET /api/stats/trends?days=7|30|90: the payload of DESIGN.md §17 over real closes, and a 400 naming
// the field for anything else.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../server/routes/shared.schemas.ts';
import type { TrendsResponse } from '../../server/routes/stats.schemas.ts';
import { closeToday, json, makeHarness } from './harness.ts';

describe('GET /api/stats/trends', () => {
  it('answers the window of closed games, and a new close shows at once', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    const bob = await h.signIn('bob@example.com', 'Bob');
    const empty = await h.request('GET', '/api/stats/trends?days=7');
    expect(empty.status).toBe(200);
    expect(await json<TrendsResponse>(empty)).toEqual({
      days: 7,
      gamesCount: 0,
      entriesTotal: 0,
      winningNumbers: [],
      mostPicked: [],
      rising: [],
      falling: [],
      neverPicked: [],
      averageWinningNumber: null,
    } satisfies TrendsResponse);

    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 3 } });
    await h.request('POST', '/api/entry', { cookie: bob, json: { number: 5 } });
    await closeToday(h);
    const trends = await json<TrendsResponse>(await h.request('GET', '/api/stats/trends?days=30'));
    expect(trends).toEqual({
      days: 30,
      gamesCount: 1,
      entriesTotal: 2,
      winningNumbers: [{ gameDate: '2026-11-20', winningNumber: 3, entriesTotal: 2 }],
      mostPicked: [
        { number: 3, count: 1 },
        { number: 5, count: 1 },
      ],
      rising: [],
      falling: [],
      neverPicked: [1, 2],
      averageWinningNumber: 3,
    } satisfies TrendsResponse);
    // The 7-day answer was cached before the close; the close invalidates it.
    expect((await json<TrendsResponse>(await h.request('GET', '/api/stats/trends?days=7'))).gamesCount).toBe(1);
  });

  it.each(['', '?days=', '?days=8', '?days=7.0', '?days=abc', '?days=30x'])('400 naming days for %j', async (query) => {
    const { request } = await makeHarness();
    const res = await request('GET', `/api/stats/trends${query}`);
    expect(res.status).toBe(400);
    expect(await json<ApiError>(res)).toEqual({ error: 'days must be 7, 30 or 90.', code: 'VALIDATION' });
  });
});
