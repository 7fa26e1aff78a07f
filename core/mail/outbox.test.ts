import { describe, expect, it } from 'vitest';
import { makeDeps, rejection } from '../../test/support/fakes.ts';
import { recentMails } from './outbox.ts';

const mail = (n: number) => ({ id: `m${n}`, to: `p${n}@example.test`, subject: `Subject ${n}`, body: `Body ${n}`, createdAt: `2026-11-2${n}T10:00:00.000Z` });

describe('recentMails', () => {
  it('lists the newest mails first, at most the limit', async () => {
    const deps = makeDeps();
    await deps.store.write(async (r) => {
      for (const n of [1, 2, 3]) await r.outbox.add(mail(n));
    });
    expect((await recentMails(deps, 2)).mails).toEqual([mail(3), mail(2)]);
    expect((await recentMails(deps, 500)).mails.map((m) => m.id)).toEqual(['m3', 'm2', 'm1']);
  });

  it('refuses a limit outside 1-500', async () => {
    const deps = makeDeps();
    for (const limit of [0, -1, 501, 1.5]) {
      const error = await rejection(recentMails(deps, limit));
      expect([error.code, error.message]).toEqual(['VALIDATION', 'Limit must be between 1 and 500']);
    }
  });
});
