import { describe, it, expect } from 'vitest';
import { createUser, makeDeps } from '../../test/support/fakes.ts';
import { submitEntry } from '../entries/submit-entry.ts';
import { closeDueGames } from '../game/close.ts';
import { leaderboard } from './leaderboard.ts';

const DAY = 86_400_000;

describe('leaderboard', () => {
  it('ranks players by each counter and lists winners newest first', async () => {
    const deps = makeDeps();
    for (const id of ['ann', 'bob', 'cat']) await createUser(deps, { id });
    // Day 1: ann wins with 1; day 2: bob wins with 1 (ann picks 2); day 3 nobody wins.
    await submitEntry(deps, { userId: 'ann', number: 1 });
    await submitEntry(deps, { userId: 'bob', number: 3 });
    deps.clock.advance(DAY);
    await closeDueGames(deps);
    await submitEntry(deps, { userId: 'bob', number: 1 });
    await submitEntry(deps, { userId: 'ann', number: 2 });
    deps.clock.advance(DAY);
    await closeDueGames(deps);
    await submitEntry(deps, { userId: 'bob', number: 1 });
    await submitEntry(deps, { userId: 'cat', number: 1 });
    deps.clock.advance(DAY);
    await closeDueGames(deps);

    // Built-in prizes: Friday 2026-11-20 $50, Saturday 2026-11-21 $100.
    const results = await leaderboard(deps, 'results', 50);
    expect(results.items).toEqual([
      {
        gameId: '2026-11-21',
        gameDate: '2026-11-21',
        playerName: 'Player bob',
        prizeAmount: 100,
        prizeAmountCents: 10000,
        currency: 'USD',
        winningNumber: 1,
      },
      {
        gameId: '2026-11-20',
        gameDate: '2026-11-20',
        playerName: 'Player ann',
        prizeAmount: 50,
        prizeAmountCents: 5000,
        currency: 'USD',
        winningNumber: 1,
      },
    ]);

    const wins = await leaderboard(deps, 'wins');
    expect(wins.items.map((i) => ('userId' in i ? [i.userId, i.wins] : null))).toEqual([
      ['ann', 1],
      ['bob', 1],
    ]);
    const entries = await leaderboard(deps, 'entries');
    expect(entries.items.map((i) => ('userId' in i ? [i.userId, i.entries] : null))).toEqual([
      ['bob', 3],
      ['ann', 2],
      ['cat', 1],
    ]);
    const streak = await leaderboard(deps, 'streak');
    expect(streak.items.map((i) => ('userId' in i ? [i.userId, i.currentStreak] : null))).toEqual([
      ['bob', 3],
      ['cat', 1],
    ]);
    const best = await leaderboard(deps, 'bestStreak', 1);
    expect(best.items).toEqual([
      {
        userId: 'bob',
        playerName: 'Player bob',
        wins: 1,
        entries: 3,
        currentStreak: 3,
        bestStreak: 3,
        lastPlayedAt: '2026-11-22T12:00:00.000Z',
      },
    ]);
  });

  it('shows Anonymous for a deleted winner and refuses unknown kinds', async () => {
    const deps = makeDeps();
    await createUser(deps, { id: 'ann' });
    await submitEntry(deps, { userId: 'ann', number: 1 });
    await deps.store.write(async (r) => {
      await r.entries.detachFromUser('ann');
      await r.winnings.detachFromUser('ann');
      await r.users.delete('ann');
    });
    deps.clock.advance(DAY);
    await closeDueGames(deps);
    expect((await leaderboard(deps, 'results')).items).toMatchObject([
      { playerName: 'Anonymous', prizeAmount: null, winningNumber: 1 },
    ]);
    await expect(leaderboard(deps, 'money')).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});
