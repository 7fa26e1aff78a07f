// Contract: the daily reminder goes once a day per player even when several instances run their delivery passes at
// the same moment (the unique mark on player and date decides), on every adapter.
import { expect, it } from 'vitest';
import { contract } from './harness.ts';
import { newUser, seedUsers } from './fixtures.ts';
import type { Deps } from '../../core/deps.ts';
import { makeDeps } from '../support/fakes.ts';
import { queueDailyReminders } from '../../core/mail/daily-reminder.ts';

contract('daily reminder under concurrency', ({ store }) => {
  it('four passes at once queue one reminder per opted-in player', async () => {
    const ids = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    await store().write(async (r) => {
      await seedUsers(r, ...ids.map((id) => newUser(id, { verifiedEmail: `${id}@example.test` })));
      for (const id of ids) await r.users.setMailSettings(id, { dailyReminder: true });
    });
    const base = makeDeps();
    base.clock.set('2026-11-20T23:00:00.000Z');
    const deps: Deps = { ...base, store: store() };
    const queued = await Promise.all([1, 2, 3, 4].map(() => queueDailyReminders(deps, 120 * 60_000)));
    expect(queued.reduce((a, b) => a + b, 0)).toBe(ids.length);
    const mails = await store().read((r) => r.outbox.list(50));
    expect(mails.map((m) => m.to).sort()).toEqual(ids.map((id) => `${id}@example.test`));
  });
});
