import { describe, it, expect } from 'vitest';
import { createUser, makeDeps, type TestDeps } from '../../test/support/fakes.ts';
import type { RewardType } from '../model.ts';
import { submitEntry } from '../entries/submit-entry.ts';
import { closeDueGames, computeGame } from '../game/close.ts';
import { dailyStats } from '../game/game-views.ts';
import { gameToday } from '../game/current-game.ts';
import { earnRewards } from './earn.ts';
import { useHowMany, useMine, usePeak } from './use-rewards.ts';
import { myRewards, rewardConfigList, rewardsOfType, usageHistory } from './my-rewards.ts';

const DAY = 86_400_000;

const setup = async (): Promise<TestDeps> => {
  const deps = makeDeps();
  for (const id of ['ann', 'bob', 'cat']) await createUser(deps, { id });
  return deps;
};

const give = (deps: TestDeps, userId: string, type: RewardType, count = 1, daysAgo = 0) =>
  deps.store.write((repos) =>
    earnRewards(
      repos,
      deps.random,
      type,
      Array.from({ length: count }, () => userId),
      new Date(deps.clock.now().getTime() - daysAgo * DAY),
      null,
    ),
  );

describe('Peak', () => {
  it('tells whether another player picked the number, and uses the item', async () => {
    const deps = await setup();
    await give(deps, 'ann', 'peak', 2);
    await submitEntry(deps, { userId: 'bob', number: 4 });
    await submitEntry(deps, { userId: 'ann', number: 6 });
    expect(await usePeak(deps, { userId: 'ann', number: 4 })).toMatchObject({ numberChosen: true });
    deps.clock.advance(60_000);
    // Her own pick does not count.
    expect(await usePeak(deps, { userId: 'ann', number: 6 })).toMatchObject({ numberChosen: false });
    await expect(usePeak(deps, { userId: 'ann', number: 4 })).rejects.toMatchObject({
      code: 'NO_REWARD',
      message: 'You have no Peak reward available.',
    });
    const history = await usageHistory(deps, 'ann');
    expect(history.items.map((i) => [i.rewardType, i.gameDate, i.result['number']])).toEqual([
      ['peak', '2026-11-20', 6],
      ['peak', '2026-11-20', 4],
    ]);
  });

  it("validates with Peak's message", async () => {
    const deps = await setup();
    await give(deps, 'ann', 'peak');
    await expect(usePeak(deps, { userId: 'ann', number: 0 })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Enter a whole number greater than zero',
    });
    await expect(usePeak(deps, { userId: 'ann', number: 3e9 })).rejects.toMatchObject({
      message: 'Please enter a number up to 2,147,483,647.',
    });
  });

  it('refuses expired items and closed games', async () => {
    const deps = await setup();
    await give(deps, 'ann', 'peak', 1, 8);
    await expect(usePeak(deps, { userId: 'ann', number: 3 })).rejects.toMatchObject({ code: 'NO_REWARD' });
    await give(deps, 'ann', 'peak');
    await gameToday(deps);
    await computeGame(deps, '2026-11-20');
    await expect(usePeak(deps, { userId: 'ann', number: 3 })).rejects.toMatchObject({ code: 'GAME_CLOSED' });
  });
});

describe('Mine', () => {
  it('knocks out every entry on the mined number at the close, once per player per game', async () => {
    const deps = await setup();
    await give(deps, 'cat', 'mine', 2);
    await submitEntry(deps, { userId: 'ann', number: 12 });
    await submitEntry(deps, { userId: 'bob', number: 15 });
    await expect(useMine(deps, { userId: 'cat', number: 9 })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Mine can only be used on numbers 10 or greater',
    });
    await useMine(deps, { userId: 'cat', number: 12 });
    await expect(useMine(deps, { userId: 'cat', number: 15 })).rejects.toMatchObject({ code: 'MINE_ALREADY_USED' });
    deps.clock.advance(DAY);
    await closeDueGames(deps);
    const stats = await dailyStats(deps, '2026-11-20', null);
    expect(stats.snapshot).toMatchObject({ winningNumber: 15, minedNumbers: [12], uniquesTotal: 1 });
    // The second mine item is still there for another game.
    expect((await myRewards(deps, 'cat')).rewardSummary.find((s) => s.rewardType === 'mine')).toMatchObject({
      available: 1,
      totalUsed: 1,
    });
  });

  it('needs an item', async () => {
    const deps = await setup();
    await expect(useMine(deps, { userId: 'ann', number: 12 })).rejects.toMatchObject({
      code: 'NO_REWARD',
      message: 'You have no Mine reward available.',
    });
  });
});

describe('How Many', () => {
  it('counts entries and numbers picked exactly once', async () => {
    const deps = await setup();
    await give(deps, 'ann', 'how_many');
    await submitEntry(deps, { userId: 'ann', number: 1 });
    await submitEntry(deps, { userId: 'bob', number: 1 });
    await submitEntry(deps, { userId: 'cat', number: 2 });
    expect(await useHowMany(deps, { userId: 'ann' })).toMatchObject({ totalNumbers: 3, uniqueNumbers: 1 });
    await expect(useHowMany(deps, { userId: 'ann' })).rejects.toMatchObject({
      code: 'NO_REWARD',
      message: 'You have no How Many reward available.',
    });
  });
});

describe('the rewards screen', () => {
  it('summarises available, used and expired per type', async () => {
    const deps = await setup();
    await give(deps, 'ann', 'peak', 2);
    await give(deps, 'ann', 'peak', 1, 10);
    await give(deps, 'ann', 'how_many');
    await usePeak(deps, { userId: 'ann', number: 3 });
    const mine = await myRewards(deps, 'ann');
    expect(mine.totalRewardsEarned).toBe(4);
    expect(mine.totalRewardsUsed).toBe(1);
    expect(
      mine.rewardSummary.map(({ rewardType, available, totalUsed, expired }) => ({
        rewardType,
        available,
        totalUsed,
        expired,
      })),
    ).toEqual([
      { rewardType: 'peak', available: 1, totalUsed: 1, expired: 1 },
      { rewardType: 'mine', available: 0, totalUsed: 0, expired: 0 },
      { rewardType: 'how_many', available: 1, totalUsed: 0, expired: 0 },
    ]);
    expect(mine.rewardSummary[0]?.config).toEqual({
      name: 'Peak',
      description: expect.any(String),
      howToEarn: 'Pick a unique number that does not win',
    });
    const peaks = await rewardsOfType(deps, 'ann', 'peak');
    expect(peaks.items).toHaveLength(3);
    expect(peaks.items.filter((i) => i.usedAt !== null)).toHaveLength(1);
    await expect(rewardsOfType(deps, 'ann', 'gold')).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(rewardConfigList().rewards.map((r) => [r.rewardType, r.name])).toEqual([
      ['peak', 'Peak'],
      ['mine', 'Mine'],
      ['how_many', 'How Many'],
    ]);
  });
});
