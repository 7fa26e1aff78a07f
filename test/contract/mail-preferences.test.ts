// Contract: what the mails need from the store on every adapter: the players' mail switches, the links that
// confirm a contact e-mail, the daily reminder's marks, the signing key, and the winnings due a claim reminder.
import { expect, it } from 'vitest';
import { contract } from './harness.ts';
import { at, entry, game, newUser, payout, seedUsers, winning } from './fixtures.ts';

const OFF = { newsOptOut: false, dailyReminder: false, contactEmailConfirmed: false };

contract('mail preferences and reminders', ({ store }) => {
  it('mailSettings default to off, change one at a time, and are off for an unknown user', async () => {
    await store().write((r) => seedUsers(r, 'ann', 'bob'));
    await store().write((r) => r.users.setMailSettings('ann', { newsOptOut: true }));
    await store().write((r) => r.users.setMailSettings('ann', { dailyReminder: true }));
    await store().read(async (r) => {
      expect(await r.users.mailSettings('ann')).toEqual({ ...OFF, newsOptOut: true, dailyReminder: true });
      expect(await r.users.mailSettings('bob')).toEqual(OFF);
      expect(await r.users.mailSettings('nobody')).toEqual(OFF);
    });
    await store().write((r) => r.users.setMailSettings('ann', { newsOptOut: false }));
    expect(await store().read((r) => r.users.mailSettings('ann'))).toEqual({ ...OFF, dailyReminder: true });
  });

  it('a changed contact e-mail is no longer confirmed; the same address in other letters stays confirmed', async () => {
    await store().write((r) => seedUsers(r, 'ann'));
    await store().write((r) => r.users.setMailSettings('ann', { contactEmailConfirmed: true, dailyReminder: true }));
    await store().write((r) => r.users.update('ann', { email: 'ANN@example.test', displayName: 'Ann' }));
    expect((await store().read((r) => r.users.mailSettings('ann'))).contactEmailConfirmed).toBe(true);
    await store().write((r) => r.users.update('ann', { email: 'ann@elsewhere.test' }));
    expect(await store().read((r) => r.users.mailSettings('ann'))).toEqual({ ...OFF, dailyReminder: true });
  });

  it('email confirmations: by token hash, counted since an instant, expired ones and all of a user deleted', async () => {
    await store().write((r) => seedUsers(r, 'ann', 'bob'));
    const link = (hash: string, userId: string, minute: number) => ({
      tokenHash: hash,
      userId,
      email: `${userId}@new.test`,
      createdAt: at(minute),
      expiresAt: at(minute + 10),
    });
    await store().write(async (r) => {
      await r.emailConfirmations.add(link('h1', 'ann', 0));
      await r.emailConfirmations.add(link('h2', 'ann', 5));
      await r.emailConfirmations.add(link('h3', 'bob', 5));
    });
    await store().read(async (r) => {
      expect(await r.emailConfirmations.byTokenHash('h2')).toEqual(link('h2', 'ann', 5));
      expect(await r.emailConfirmations.byTokenHash('nope')).toBeNull();
      expect(await r.emailConfirmations.countSince('ann', at(0))).toBe(2);
      expect(await r.emailConfirmations.countSince('ann', at(1))).toBe(1);
    });
    await store().write((r) => r.emailConfirmations.deleteExpired('ann', at(10)));
    expect(await store().read((r) => r.emailConfirmations.byTokenHash('h1'))).toBeNull();
    expect(await store().read((r) => r.emailConfirmations.byTokenHash('h2'))).not.toBeNull();
    await store().write((r) => r.emailConfirmations.deleteForUser('ann'));
    expect(await store().read((r) => r.emailConfirmations.countSince('ann', at(0)))).toBe(0);
    expect(await store().read((r) => r.emailConfirmations.byTokenHash('h3'))).not.toBeNull();
    // Deleting the account takes its links along.
    await store().write((r) => r.users.delete('bob'));
    expect(await store().read((r) => r.emailConfirmations.byTokenHash('h3'))).toBeNull();
  });

  it('daily reminders: opted-in players without an entry in a game of that date, not yet marked, no bots; marked once', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'ann', 'bob', 'cat', 'dan', newUser('bot:1', { isBot: true }));
      for (const id of ['ann', 'bob', 'cat', 'bot:1']) await r.users.setMailSettings(id, { dailyReminder: true });
      await r.games.create(game('2026-11-20'));
      await r.games.create(game('2026-11-20-2', { date: '2026-11-20', number: 2 }));
      await r.games.create(game('2026-11-19', { status: 'closed', closedAt: at(0) }));
      // bob played an extra game of the date, cat only the day before.
      await r.entries.add(entry('2026-11-20-2', 'bob', 4));
      await r.entries.add(entry('2026-11-19', 'cat', 4));
    });
    const due = async (date: string) => (await store().read((r) => r.dailyReminders.due(date, 10))).map((u) => u.id);
    expect(await due('2026-11-20')).toEqual(['ann', 'cat']);
    expect(await due('2026-11-19')).toEqual(['ann', 'bob']);
    expect((await store().read((r) => r.dailyReminders.due('2026-11-20', 1))).map((u) => u.email)).toEqual([
      'ann@example.test',
    ]);
    expect(await store().write((r) => r.dailyReminders.mark('ann', '2026-11-20', at(1)))).toBe(true);
    expect(await store().write((r) => r.dailyReminders.mark('ann', '2026-11-20', at(2)))).toBe(false);
    expect(await due('2026-11-20')).toEqual(['cat']);
    expect(await due('2026-11-19')).toEqual(['ann', 'bob']);
  });

  it('signing keys: the first candidate is kept, later ones read it', async () => {
    expect(await store().write((r) => r.signingKeys.ensure('mail-links', 'first', at(0)))).toBe('first');
    expect(await store().write((r) => r.signingKeys.ensure('mail-links', 'second', at(1)))).toBe('first');
    expect(await store().write((r) => r.signingKeys.ensure('other', 'third', at(1)))).toBe('third');
  });

  it('dueForReminder: unclaimed winnings of players, old enough, not yet reminded, oldest first; markReminded once', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'ann', 'bob');
      for (const key of ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'])
        await r.games.create(game(key, { status: 'closed', closedAt: at(0) }));
      await r.winnings.create(winning('w18', '2026-11-18', 'ann', { createdAt: '2026-11-18T00:00:00.000Z' }));
      await r.winnings.create(winning('w17', '2026-11-17', 'bob', { createdAt: '2026-11-17T00:00:00.000Z' }));
      await r.winnings.create(winning('w19', '2026-11-19', 'ann', { createdAt: '2026-11-19T00:00:00.000Z' }));
      await r.winnings.create(winning('w20', '2026-11-20', 'bob', { createdAt: '2026-11-20T00:00:00.000Z' }));
      await r.payouts.create(payout('p19', 'w19', 'ann'));
    });
    const due = await store().read((r) => r.winnings.dueForReminder('2026-11-19T00:00:00.000Z', 10));
    expect(due.map((w) => w.id)).toEqual(['w17', 'w18']);
    expect(due[1]).toMatchObject({
      gameDate: '2026-11-18',
      userId: 'ann',
      winningNumber: 3,
      prize: { amountCents: 5000 },
    });
    expect(
      (await store().read((r) => r.winnings.dueForReminder('2026-11-30T00:00:00.000Z', 1))).map((w) => w.id),
    ).toEqual(['w17']);

    expect(await store().write((r) => r.winnings.markReminded('w17', at(5)))).toBe(true);
    expect(await store().write((r) => r.winnings.markReminded('w17', at(6)))).toBe(false);
    expect(
      (await store().read((r) => r.winnings.dueForReminder('2026-11-30T00:00:00.000Z', 10))).map((w) => w.id),
    ).toEqual(['w18', 'w20']);
  });
});
