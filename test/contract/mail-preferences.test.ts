// Contract: what the mails need from the store on every adapter: the players' switch for non-money mails and the
// winnings due a claim reminder (once each).
import { expect, it } from 'vitest';
import { contract } from './harness.ts';
import { at, game, payout, seedUsers, winning } from './fixtures.ts';

contract('mail preferences and reminders', ({ store }) => {
  it('mailOptOut defaults to false, can be set and cleared, and is false for an unknown user', async () => {
    await store().write((r) => seedUsers(r, 'ann', 'bob'));
    await store().write((r) => r.users.setMailOptOut('ann', true));
    await store().read(async (r) => {
      expect(await r.users.mailOptOut('ann')).toBe(true);
      expect(await r.users.mailOptOut('bob')).toBe(false);
      expect(await r.users.mailOptOut('nobody')).toBe(false);
    });
    await store().write((r) => r.users.setMailOptOut('ann', false));
    expect(await store().read((r) => r.users.mailOptOut('ann'))).toBe(false);
  });

  it('dueForReminder: unclaimed winnings of players, old enough, not yet reminded, oldest first; markReminded once', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'ann', 'bob');
      for (const key of ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']) await r.games.create(game(key, { status: 'closed', closedAt: at(0) }));
      await r.winnings.create(winning('w18', '2026-11-18', 'ann', { createdAt: '2026-11-18T00:00:00.000Z' }));
      await r.winnings.create(winning('w17', '2026-11-17', 'bob', { createdAt: '2026-11-17T00:00:00.000Z' }));
      await r.winnings.create(winning('w19', '2026-11-19', 'ann', { createdAt: '2026-11-19T00:00:00.000Z' }));
      await r.winnings.create(winning('w20', '2026-11-20', 'bob', { createdAt: '2026-11-20T00:00:00.000Z' }));
      await r.payouts.create(payout('p19', 'w19', 'ann'));
    });
    const due = await store().read((r) => r.winnings.dueForReminder('2026-11-19T00:00:00.000Z', 10));
    expect(due.map((w) => w.id)).toEqual(['w17', 'w18']);
    expect(due[1]).toMatchObject({ gameDate: '2026-11-18', userId: 'ann', winningNumber: 3, prize: { amountCents: 5000 } });
    expect((await store().read((r) => r.winnings.dueForReminder('2026-11-30T00:00:00.000Z', 1))).map((w) => w.id)).toEqual(['w17']);

    expect(await store().write((r) => r.winnings.markReminded('w17', at(5)))).toBe(true);
    expect(await store().write((r) => r.winnings.markReminded('w17', at(6)))).toBe(false);
    expect((await store().read((r) => r.winnings.dueForReminder('2026-11-30T00:00:00.000Z', 10))).map((w) => w.id)).toEqual(['w18', 'w20']);
  });
});
