// The memory repositories of the game side refuse what the SQL constraints refuse, and keep the counters.
import { describe, it, expect } from 'vitest';
import { createUser, makeDeps } from '../../test/support/fakes.ts';
import type { Game } from '../../core/model.ts';
import { resolveFromTallies } from '../../core/game/close-resolution.ts';
import { entryRow, mine as mineRow } from '../../test/contract/fixtures.ts';

const game: Game = {
  key: '2026-11-20',
  date: '2026-11-20',
  number: 1,
  status: 'open',
  opensAt: '2026-11-20T00:00:00.000Z',
  closesAt: '2026-11-21T00:00:00.000Z',
  closedAt: null,
};

const entry = (
  id: string,
  userId: string,
  number: number,
  entryType: 'standard' | 'bonus' = 'standard',
  gameKey = game.key,
) => entryRow(id, gameKey, userId, number, entryType, '2026-11-20T10:00:00.000Z');

describe('memory game-side repositories', () => {
  it('refuse duplicate games, numbers, entry types, mines and referrals', async () => {
    const deps = makeDeps();
    await createUser(deps, { id: 'ann' });
    await deps.store.write((r) => r.games.create(game));
    await expect(deps.store.write((r) => r.games.create(game))).rejects.toMatchObject({ code: 'CONFLICT' });
    await deps.store.write((r) => r.entries.add(entry('e1', 'ann', 5)));
    await expect(deps.store.write((r) => r.entries.add(entry('e2', 'ann', 5, 'bonus')))).rejects.toMatchObject({
      code: 'DUPLICATE_NUMBER',
    });
    await expect(deps.store.write((r) => r.entries.add(entry('e3', 'ann', 6)))).rejects.toMatchObject({
      code: 'ENTRY_LIMIT',
    });
    await deps.store.write((r) => r.entries.add(entry('e4', 'ann', 6, 'bonus')));
    await expect(deps.store.write((r) => r.entries.add(entry('e5', 'ann', 7, 'bonus')))).rejects.toMatchObject({
      code: 'ENTRY_LIMIT',
    });
    const mine = mineRow(game.key, 'ann', 12);
    await deps.store.write((r) => r.mines.place(mine));
    await expect(deps.store.write((r) => r.mines.place({ ...mine, number: 13 }))).rejects.toMatchObject({
      code: 'MINE_ALREADY_USED',
    });
    const referral = {
      id: 'r1',
      referrerId: 'bob',
      referredId: 'ann',
      code: 'X',
      status: 'pending' as const,
      createdAt: game.opensAt,
      completedAt: null,
    };
    await deps.store.write((r) => r.referrals.create(referral));
    await expect(deps.store.write((r) => r.referrals.create({ ...referral, id: 'r2' }))).rejects.toMatchObject({
      code: 'REFERRAL_NOT_ALLOWED',
    });
  });

  it('markClosed closes once', async () => {
    const deps = makeDeps();
    await deps.store.write((r) => r.games.create(game));
    const stats = await deps.store.write((r) => resolveFromTallies(r.tallies, game.key, [], 10));
    expect(await deps.store.write((r) => r.games.markClosed(game.key, game.closesAt, stats))).toBe(true);
    expect(await deps.store.write((r) => r.games.markClosed(game.key, game.closesAt, stats))).toBe(false);
    expect(await deps.store.read((r) => r.games.latestClosed())).toMatchObject({
      key: game.key,
      closedAt: game.closesAt,
    });
  });

  it('applyClose grows, keeps and drops streaks and reports milestones', async () => {
    const deps = makeDeps();
    for (const id of ['ann', 'bob']) await createUser(deps, { id });
    const close = (gameKey: string, previousDate: string, players: string[]) =>
      deps.store.write(async (r) => {
        for (const p of players) await r.entries.add(entry(`${gameKey}-${p}`, p, 1, 'standard', gameKey));
        const date = gameKey.slice(0, 10);
        return r.playerStats.applyClose({ gameKey, date, previousDate, winnerUserId: null, milestones: [2] });
      });
    expect(await close('2026-11-01', '2026-10-31', ['ann', 'bob'])).toEqual([]);
    expect(await close('2026-11-02', '2026-11-01', ['ann'])).toEqual([{ userId: 'ann', currentStreak: 2 }]);
    expect(await deps.store.read((r) => r.playerStats.byUser('bob'))).toMatchObject({
      currentStreak: 0,
      bestStreak: 1,
    });
    // An extra game of the same date keeps the streak and reports nothing new.
    expect(await close('2026-11-02-2', '2026-11-01', ['ann'])).toEqual([]);
    expect(await deps.store.read((r) => r.playerStats.byUser('ann'))).toMatchObject({ currentStreak: 2, entries: 3 });
    // A gap restarts at 1.
    await close('2026-11-04', '2026-11-03', ['ann']);
    expect(await deps.store.read((r) => r.playerStats.byUser('ann'))).toMatchObject({
      currentStreak: 1,
      bestStreak: 2,
    });
  });
});
