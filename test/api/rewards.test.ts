// /api/rewards/* and /api/gameplay/use-*: earning rewards at the close and spending them.
import { describe, expect, it } from 'vitest';
import type {
  MyRewardsResponse,
  RewardConfigResponse,
  RewardTypeResponse,
  RewardUsageResponse,
} from '../../server/routes/rewards.schemas.ts';
import { closeToday, json, makeHarness } from './harness.ts';

const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}T00:00:01.000Z`;

/** Day 20: Ann picks 1 (wins), Bob picks 2 (unique, not winning: earns Peak). Then the 21st is open. */
const peakForBob = async () => {
  const h = await makeHarness();
  const ann = await h.signIn('ann@example.com', 'Ann');
  const bob = await h.signIn('bob@example.com', 'Bob');
  await h.request('POST', '/api/entry', { cookie: ann, json: { number: 1 } });
  await h.request('POST', '/api/entry', { cookie: bob, json: { number: 2 } });
  await closeToday(h, day(21));
  return { h, ann, bob };
};

describe('reward inventory', () => {
  it('GET /api/rewards/config needs no sign-in and names the three rewards', async () => {
    const { request } = await makeHarness();
    const body = await json<RewardConfigResponse>(await request('GET', '/api/rewards/config'));
    expect(body.rewards.map((r) => r.rewardType)).toEqual(['peak', 'mine', 'how_many']);
    expect(body.rewards.every((r) => r.name && r.description && r.howToEarn)).toBe(true);
  });

  it('mine, type and usage history are 401 signed out; unknown type is 400', async () => {
    const { request, signIn } = await makeHarness();
    for (const path of ['/api/rewards/mine', '/api/rewards/usage-history', '/api/rewards/type/peak']) {
      expect((await request('GET', path)).status, path).toBe(401);
    }
    const cookie = await signIn('ann@example.com');
    const bad = await request('GET', '/api/rewards/type/teleport', { cookie });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ error: 'Unknown reward type: teleport.', code: 'VALIDATION' });
    expect((await request('GET', '/api/rewards/usage-history?limit=x', { cookie })).status).toBe(400);
  });

  it('a reward earned at the close shows in the summary, is spent by use-peak and lands in the history', async () => {
    const { h, bob, ann } = await peakForBob();
    const before = await json<MyRewardsResponse>(await h.request('GET', '/api/rewards/mine', { cookie: bob }));
    expect(before.rewardSummary.find((r) => r.rewardType === 'peak')).toMatchObject({
      available: 1,
      totalUsed: 0,
      expired: 0,
    });
    expect(before.totalRewardsEarned).toBe(1);

    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 5 } });
    const used = await h.request('POST', '/api/gameplay/use-peak', { cookie: bob, json: { number: 5 } });
    expect(used.status).toBe(200);
    expect(await json(used)).toMatchObject({ numberChosen: true });

    const after = await json<MyRewardsResponse>(await h.request('GET', '/api/rewards/mine', { cookie: bob }));
    expect(after.rewardSummary.find((r) => r.rewardType === 'peak')).toMatchObject({ available: 0, totalUsed: 1 });
    expect(after.totalRewardsUsed).toBe(1);
    const history = await json<RewardUsageResponse>(
      await h.request('GET', '/api/rewards/usage-history?limit=50&offset=0', { cookie: bob }),
    );
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ rewardType: 'peak', gameDate: '2026-11-21' });
    const ofType = await json<RewardTypeResponse>(await h.request('GET', '/api/rewards/type/peak', { cookie: bob }));
    expect(ofType.items).toHaveLength(1);
    expect(ofType.items[0]?.usedAt).not.toBeNull();

    // Spent: a second use has nothing left.
    const again = await h.request('POST', '/api/gameplay/use-peak', { cookie: bob, json: { number: 5 } });
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ error: 'You have no Peak reward available.', code: 'NO_REWARD' });
  });
});

describe('using rewards', () => {
  it('are 401 signed out', async () => {
    const { request } = await makeHarness();
    expect((await request('POST', '/api/gameplay/use-peak', { json: { number: 3 } })).status).toBe(401);
    expect((await request('POST', '/api/gameplay/use-mine', { json: { number: 30 } })).status).toBe(401);
    expect((await request('POST', '/api/gameplay/use-how-many')).status).toBe(401);
  });

  it('refuse bad numbers with the spec messages (400)', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    const peak = await request('POST', '/api/gameplay/use-peak', { cookie, json: { number: 0 } });
    expect(peak.status).toBe(400);
    expect((await json(peak)).error).toBe('Enter a whole number greater than zero');
    const mine = await request('POST', '/api/gameplay/use-mine', { cookie, json: { number: 9 } });
    expect(mine.status).toBe(400);
    expect((await json(mine)).error).toBe('Mine can only be used on numbers 10 or greater');
    const big = await request('POST', '/api/gameplay/use-peak', { cookie, json: { number: 3_000_000_000 } });
    expect((await json(big)).error).toBe('Please enter a number up to 2,147,483,647.');
  });

  it('refuse without an available reward (409) and when the game is closed (409)', async () => {
    const { h, bob } = await peakForBob();
    const mine = await h.request('POST', '/api/gameplay/use-mine', { cookie: bob, json: { number: 12 } });
    expect(mine.status).toBe(409);
    expect((await json(mine)).code).toBe('NO_REWARD');
    await h.request('GET', '/api/game/today');
    const admin = await h.signIn('admin@lowest.test');
    expect((await h.request('POST', '/admin/compute/2026-11-21', { cookie: admin })).status).toBe(200);
    const closed = await h.request('POST', '/api/gameplay/use-peak', { cookie: bob, json: { number: 3 } });
    expect(closed.status).toBe(409);
    expect((await json(closed)).code).toBe('GAME_CLOSED');
  });

  it('How Many, earned by three days in a row, counts today’s numbers', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    for (const d of [20, 21, 22]) {
      expect((await h.request('POST', '/api/entry', { cookie: ann, json: { number: d } })).status).toBe(201);
      await closeToday(h, day(d + 1));
    }
    const bob = await h.signIn('bob@example.com', 'Bob');
    const cat = await h.signIn('cat@example.com', 'Cat');
    await h.request('POST', '/api/entry', { cookie: bob, json: { number: 4 } });
    await h.request('POST', '/api/entry', { cookie: cat, json: { number: 4 } });
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 9 } });
    const res = await h.request('POST', '/api/gameplay/use-how-many', { cookie: ann });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ totalNumbers: 3, uniqueNumbers: 1 });
  });
});
