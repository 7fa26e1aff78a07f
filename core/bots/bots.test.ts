import { describe, it, expect } from 'vitest';
import { makeDeps, rejection, type TestDeps } from '../../test/support/fakes.ts';
import { closeGame } from '../game/close.ts';
import { currentGame } from '../game/current-game.ts';
import { signIn } from '../accounts/sign-in.ts';
import { submitEntry } from '../entries/submit-entry.ts';
import { clearBots, createBots } from './bots.ts';

const rows = async (deps: TestDeps) => {
  const { game } = await currentGame(deps);
  return (await deps.store.read((r) => r.admin.submissions(game.key, 0, 10_000))).rows;
};

describe('createBots', () => {
  it('has bots submit one number each, and a different second number for the bonus ones', async () => {
    const deps = makeDeps();
    const result = await createBots(deps, { botCount: 10, bonusCount: 3, minNumber: 1, maxNumber: 100 });
    const { game } = await currentGame(deps);
    expect(result).toEqual({ botsCreated: 10, submissionsCreated: 13, gameDate: game.key });
    const entries = await rows(deps);
    expect(entries).toHaveLength(13);
    expect(entries.every((e) => e.number >= 1 && e.number <= 100)).toBe(true);
    const byBot = new Map<string, number[]>();
    for (const e of entries) byBot.set(e.userId ?? '', [...(byBot.get(e.userId ?? '') ?? []), e.number]);
    expect([...byBot.keys()].sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `bot:${String(i + 1).padStart(4, '0')}`),
    );
    const doubles = [...byBot.values()].filter((ns) => ns.length === 2);
    expect(doubles).toHaveLength(3);
    expect(doubles.every(([a, b]) => a !== b)).toBe(true);
    expect(entries.filter((e) => e.entryType === 'bonus')).toHaveLength(3);
    const bots = await deps.store.read((r) => r.users.listBots());
    expect(bots[0]).toMatchObject({
      id: 'bot:0001',
      displayName: 'Bot Player',
      email: 'bot-0001@bots.lowest.invalid',
      isBot: true,
      role: 'player',
    });
  });

  it('uses fresh bots for a second batch in the same game and reuses bots in the next game', async () => {
    const deps = makeDeps();
    await createBots(deps, { botCount: 3, bonusCount: 0, minNumber: 1, maxNumber: 10 });
    await createBots(deps, { botCount: 2, bonusCount: 2, minNumber: 1, maxNumber: 10, strategy: 'uniform' });
    expect((await deps.store.read((r) => r.users.listBots())).map((b) => b.id)).toEqual([
      'bot:0001',
      'bot:0002',
      'bot:0003',
      'bot:0004',
      'bot:0005',
    ]);
    expect(await rows(deps)).toHaveLength(7);
    const { game } = await currentGame(deps);
    await closeGame(deps, game.key);
    deps.clock.advance(24 * 3600_000);
    await createBots(deps, { botCount: 4, bonusCount: 0, minNumber: 1, maxNumber: 10 });
    expect((await deps.store.read((r) => r.users.count())).bots).toBe(5);
    expect(new Set((await rows(deps)).map((e) => e.userId))).toEqual(
      new Set(['bot:0001', 'bot:0002', 'bot:0003', 'bot:0004']),
    );
  });

  it('draws uniformly over the whole range with the uniform strategy', async () => {
    const deps = makeDeps();
    await createBots(deps, { botCount: 300, bonusCount: 0, minNumber: 1000, maxNumber: 1004, strategy: 'uniform' });
    const numbers = new Set((await rows(deps)).map((e) => e.number));
    expect([...numbers].sort()).toEqual([1000, 1001, 1002, 1003, 1004]);
  });

  it('validates like the admin form', async () => {
    const deps = makeDeps();
    const base = { botCount: 10, bonusCount: 3, minNumber: 1, maxNumber: 100 };
    const message = async (input: typeof base) => (await rejection(createBots(deps, input))).message;
    expect(await message({ ...base, botCount: 0 })).toBe('Bot count must be between 1 and 1000');
    expect(await message({ ...base, botCount: 1001 })).toBe('Bot count must be between 1 and 1000');
    expect(await message({ ...base, botCount: 2.5 })).toBe('Bot count must be between 1 and 1000');
    expect(await message({ ...base, bonusCount: -1 })).toBe('Bonus count cannot be negative');
    expect(await message({ ...base, bonusCount: 11 })).toBe('Bonus count cannot exceed the bot count');
    expect(await message({ ...base, minNumber: 0 })).toBe('Invalid number range. Min must be >= 1 and <= Max');
    expect(await message({ ...base, minNumber: 50, maxNumber: 49 })).toBe(
      'Invalid number range. Min must be >= 1 and <= Max',
    );
    expect(await message({ ...base, maxNumber: 2_147_483_648 })).toBe(
      'Invalid number range. Min must be >= 1 and <= Max',
    );
    expect((await rejection(createBots(deps, { ...base, minNumber: 5, maxNumber: 5 }))).code).toBe('VALIDATION');
    await createBots(deps, { ...base, bonusCount: 0, minNumber: 5, maxNumber: 5 });
    expect(await rows(deps)).toHaveLength(10);
  });

  it('refuses a game an admin closed early, and leaves its entries alone', async () => {
    const deps = makeDeps();
    await createBots(deps, { botCount: 2, bonusCount: 0, minNumber: 1, maxNumber: 10 });
    const { game } = await currentGame(deps);
    await closeGame(deps, game.key);
    expect((await rejection(createBots(deps, { botCount: 1, bonusCount: 0, minNumber: 1, maxNumber: 10 }))).code).toBe(
      'GAME_CLOSED',
    );
    expect((await rejection(clearBots(deps))).code).toBe('GAME_CLOSED');
    expect(await rows(deps)).toHaveLength(2);
  });
});

describe('clearBots', () => {
  it('removes bot entries and bot bonus grants of the open game, keeping bots and real players', async () => {
    const deps = makeDeps();
    const { user } = await signIn(deps, {
      googleSub: null,
      email: 'ann@example.com',
      displayName: 'Ann',
      adminEmails: [],
    });
    await submitEntry(deps, { userId: user.id, number: 3 });
    await createBots(deps, { botCount: 10, bonusCount: 3, minNumber: 1, maxNumber: 100 });
    expect(await clearBots(deps)).toEqual({ deletedSubmissions: 13, deletedBonusEntries: 3, botUsersPreserved: 10 });
    expect((await rows(deps)).map((e) => e.userId)).toEqual([user.id]);
    expect(await clearBots(deps)).toEqual({ deletedSubmissions: 0, deletedBonusEntries: 0, botUsersPreserved: 10 });
    // The cleared bots can play again in the same game.
    await createBots(deps, { botCount: 10, bonusCount: 0, minNumber: 1, maxNumber: 100 });
    expect((await deps.store.read((r) => r.users.count())).bots).toBe(10);
  });
});
