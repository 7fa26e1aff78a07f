// Contract: what the daily close deletes because its time is up (DESIGN.md §20): sent mails after 30 days, dead
// letters after 90, expired e-mail links; a mail not yet sent is never pruned, however old.
import { expect, it } from 'vitest';
import { closeDueGames } from '../../core/game/close.ts';
import type { Store } from '../../core/ports.ts';
import { makeDeps } from '../support/fakes.ts';
import { contract } from './harness.ts';
import { seedUsers } from './fixtures.ts';

const NOW = '2026-11-20T12:00:00.000Z';
const daysAgo = (days: number, hours = 0): string =>
  new Date(Date.parse(NOW) - days * 86_400_000 - hours * 3_600_000).toISOString();

/** Queues a mail at `queuedAt` and, unless `outcome` is pending, delivers or fails it at `settledAt`. */
const mail = async (
  store: Store,
  id: string,
  queuedAt: string,
  outcome: 'sent' | 'failed' | 'pending',
  settledAt = queuedAt,
): Promise<void> => {
  await store.write(async (r) => {
    await r.outbox.add({ id, to: `${id}@example.test`, subject: id, body: id, createdAt: queuedAt });
    if (outcome === 'pending') return;
    const claimed = await r.outbox.claimDue(settledAt, settledAt, `t-${id}`, 100);
    expect(claimed.map((m) => m.id)).toContain(id);
    for (const m of claimed) {
      const settled =
        m.id === id
          ? outcome === 'sent'
            ? { status: 'sent' as const, at: settledAt }
            : { status: 'failed' as const, error: '550 no such mailbox' }
          : { status: 'pending' as const, nextAttemptAt: m.nextAttemptAt, error: 'later' };
      await r.outbox.settle(m.id, `t-${id}`, settled);
    }
  });
};

contract('retention', ({ store }) => {
  it('the daily close prunes sent mails after 30 days, failed ones after 90 and expired links, and counts them', async () => {
    // Queued long ago, sent a month and a day ago: the send time counts.
    await mail(store(), 'sent-old', daysAgo(40), 'sent', daysAgo(30, 1));
    await mail(store(), 'sent-recent', daysAgo(40), 'sent', daysAgo(29));
    await mail(store(), 'failed-old', daysAgo(90, 1), 'failed');
    await mail(store(), 'failed-recent', daysAgo(89), 'failed');
    await mail(store(), 'pending-old', daysAgo(200), 'pending');
    await store().write(async (r) => {
      await seedUsers(r, 'u1');
      const link = { userId: 'u1', email: 'u1@example.test', createdAt: daysAgo(2) };
      await r.emailConfirmations.add({ ...link, tokenHash: 'expired', expiresAt: daysAgo(1) });
      await r.emailConfirmations.add({ ...link, tokenHash: 'live', expiresAt: daysAgo(-1) });
    });

    const deps = { ...makeDeps(), store: store() };
    deps.clock.set(NOW);
    const { pruned } = await closeDueGames(deps);

    expect(pruned).toMatchObject({ sentMails: 1, failedMails: 1, emailConfirmations: 1 });
    const left = await store().read((r) => r.outbox.list(100));
    expect(left.map((m) => m.id).sort()).toEqual(['failed-recent', 'pending-old', 'sent-recent']);
    expect(await store().read((r) => r.emailConfirmations.byTokenHash('expired'))).toBeNull();
    expect(await store().read((r) => r.emailConfirmations.byTokenHash('live'))).toMatchObject({ userId: 'u1' });
    expect((await closeDueGames(deps)).pruned).toMatchObject({ sentMails: 0, failedMails: 0, emailConfirmations: 0 });
  });
});
