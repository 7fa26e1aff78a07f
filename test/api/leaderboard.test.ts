// GET /api/leaderboard?kind=&limit=
import { describe, expect, it } from 'vitest';
import type { LeaderboardResponse, PlayerItem, ResultItem } from '../../server/routes/leaderboard.schemas.ts';
import { closeToday, json, makeHarness } from './harness.ts';

describe('GET /api/leaderboard', () => {
  it('ranks players after a close; results list the winners; wins is the default', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    const bob = await h.signIn('bob@example.com', 'Bob');
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 2 } });
    await h.request('POST', '/api/entry', { cookie: bob, json: { number: 3 } });
    expect((await json<LeaderboardResponse>(await h.request('GET', '/api/leaderboard'))).items).toEqual([]);
    await closeToday(h);

    const wins = await json<LeaderboardResponse>(await h.request('GET', '/api/leaderboard'));
    expect(wins.kind).toBe('wins');
    expect(wins.items).toHaveLength(1);
    expect(wins.items[0]).toMatchObject({
      playerName: 'Ann',
      wins: 1,
      entries: 1,
      currentStreak: 1,
    } satisfies Partial<PlayerItem>);

    const entries = await json<LeaderboardResponse>(await h.request('GET', '/api/leaderboard?kind=entries&limit=50'));
    expect(entries.items.map((i) => (i as PlayerItem).playerName).sort()).toEqual(['Ann', 'Bob']);
    expect(
      (await json<LeaderboardResponse>(await h.request('GET', '/api/leaderboard?kind=entries&limit=1'))).items,
    ).toHaveLength(1);

    const results = await json<LeaderboardResponse>(await h.request('GET', '/api/leaderboard?kind=results'));
    expect(results.items).toEqual([
      {
        gameId: '2026-11-20',
        gameDate: '2026-11-20',
        playerName: 'Ann',
        prizeAmount: 50,
        prizeAmountCents: 5000,
        currency: 'USD',
        winningNumber: 2,
      } satisfies ResultItem,
    ]);
  });

  it('400 for an unknown kind or a non-numeric limit', async () => {
    const { request } = await makeHarness();
    const res = await request('GET', '/api/leaderboard?kind=richest');
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: 'Unknown leaderboard: richest.', code: 'VALIDATION' });
    expect((await request('GET', '/api/leaderboard?limit=lots')).status).toBe(400);
  });
});
