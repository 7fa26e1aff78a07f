import { describe, expect, it } from 'vitest';
import { makeDeps, rejection } from '../../test/support/fakes.ts';
import { recentMails } from './outbox.ts';

const mail = (n: number) => ({
  id: `m${n}`,
  to: `p${n}@example.test`,
  subject: `Subject ${n}`,
  body: `Body ${n}`,
  createdAt: `2026-11-2${n}T10:00:00.000Z`,
});

describe('recentMails', () => {
  it('lists the newest mails first, at most the limit', async () => {
    const deps = makeDeps();
    await deps.store.write(async (r) => {
      for (const n of [1, 2, 3]) await r.outbox.add(mail(n));
    });
    const queued = { status: 'pending', attempts: 0, lastError: null, sentAt: null };
    expect((await recentMails(deps, 2)).mails).toEqual([
      { ...mail(3), ...queued, nextAttemptAt: mail(3).createdAt },
      { ...mail(2), ...queued, nextAttemptAt: mail(2).createdAt },
    ]);
    expect((await recentMails(deps, 500)).mails.map((m) => m.id)).toEqual(['m3', 'm2', 'm1']);
  });

  it('narrows to one status: the dead letters', async () => {
    const deps = makeDeps();
    await deps.store.write(async (r) => {
      for (const n of [1, 2]) await r.outbox.add(mail(n));
      const [claimed] = await r.outbox.claimDue('2026-11-30T00:00:00.000Z', '2026-11-30T00:05:00.000Z', 't', 1);
      await r.outbox.settle(claimed?.id ?? '', 't', { status: 'failed', error: '550 No such user' });
    });
    expect((await recentMails(deps, 10, 'failed')).mails).toEqual([
      expect.objectContaining({ id: 'm1', status: 'failed', lastError: '550 No such user' }),
    ]);
    expect((await recentMails(deps, 10, 'pending')).mails.map((m) => m.id)).toEqual(['m2']);
  });

  it('refuses a limit outside 1-500', async () => {
    const deps = makeDeps();
    for (const limit of [0, -1, 501, 1.5]) {
      const error = await rejection(recentMails(deps, limit));
      expect([error.code, error.message]).toEqual(['VALIDATION', 'Limit must be between 1 and 500']);
    }
  });
});
