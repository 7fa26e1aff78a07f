// Contract: the money trail read back (core/payouts/audit-trail.ts over PayoutRepository and PrizeRepository
// audit queries): newest first across both trails, pages, date range and admin filters, on every store.
import { expect, it } from 'vitest';
import { auditExport, auditTrail } from '../../core/payouts/audit-trail.ts';
import { reviewPayout } from '../../core/payouts/payout-review.ts';
import {
  deletePrizeForDate,
  resetWeeklyPrize,
  saveDatePrize,
  saveWeeklyPrize,
  togglePrize,
} from '../../core/prizes/prize-config.ts';
import type { Deps } from '../../core/deps.ts';
import { FixedClock, makeDeps } from '../support/fakes.ts';
import { contract } from './harness.ts';
import { game, newUser, payout, seedUsers, winning } from './fixtures.ts';

contract('audit trail', ({ store }) => {
  /** Two admins change prizes and review Ann's payout over three UTC days; returns deps at the end. */
  const history = async (): Promise<Deps & { clock: FixedClock }> => {
    const deps = { ...makeDeps(), store: store() };
    await store().write(async (r) => {
      await seedUsers(
        r,
        newUser('ann', { displayName: 'Ann' }),
        newUser('boss', { displayName: 'The Boss', email: 'boss@example.test', role: 'admin' }),
        newUser('deputy', { displayName: 'Deputy', email: 'deputy@example.test', role: 'admin' }),
      );
      await r.games.create(game('2026-11-20'));
      await r.winnings.create(winning('w20', '2026-11-20', 'ann'));
      await r.payouts.create(payout('p20', 'w20', 'ann'));
    });
    const at = (iso: string) => deps.clock.set(iso);
    at('2026-11-21T09:00:00.000Z');
    await saveWeeklyPrize(
      deps,
      { dayOfWeek: 1, prizeType: 'voucher', amountCents: 2500, description: 'Gift card', isActive: true },
      'boss',
    );
    at('2026-11-21T10:00:00.000Z');
    await saveDatePrize(
      deps,
      { date: '2026-12-24', prizeType: 'cash', amountCents: 99900, description: 'Xmas' },
      'deputy',
    );
    at('2026-11-22T09:00:00.000Z');
    await reviewPayout(deps, { adminId: 'boss', payoutId: 'p20', status: 'approved', reviewNotes: 'Looks right' });
    at('2026-11-22T10:00:00.000Z');
    await togglePrize(deps, 'default-3', 'deputy');
    at('2026-11-23T09:00:00.000Z');
    await reviewPayout(deps, { adminId: 'deputy', payoutId: 'p20', status: 'paid', paymentReference: 'TX-42' });
    at('2026-11-23T10:00:00.000Z');
    await deletePrizeForDate(deps, '2026-12-24', 'boss');
    at('2026-11-23T11:00:00.000Z');
    await resetWeeklyPrize(deps, 1, 'boss');
    // Nothing to reset: no change, no record.
    await resetWeeklyPrize(deps, 5, 'boss');
    return deps;
  };

  const row = (r: {
    at: string;
    adminName: string | null;
    subject: string;
    fromState: string | null;
    toState: string | null;
    note: string | null;
    reference: string | null;
  }) => [r.at.slice(0, 16), r.adminName, r.subject, r.fromState, r.toState, r.note, r.reference];

  it('reads every payout decision and prize change newest first, with who, what, from, to, note and reference', async () => {
    const deps = await history();
    const page = await auditTrail(deps, { page: 1, pageSize: 50 });
    expect(page.totalCount).toBe(7);
    expect(page.records.map(row)).toEqual([
      [
        '2026-11-23T11:00',
        'The Boss',
        'Prize Monday (weekly)',
        '$25.00 voucher, active: Gift card',
        'built-in $10.00 cash, active: Monday Cash Prize',
        null,
        null,
      ],
      ['2026-11-23T10:00', 'The Boss', 'Prize 2026-12-24 (date)', '$999.00 cash, active: Xmas', null, null, null],
      ['2026-11-23T09:00', 'Deputy', 'Payout 2026-11-20: $50.00 to Ann', 'approved', 'paid', null, 'TX-42'],
      [
        '2026-11-22T10:00',
        'Deputy',
        'Prize Wednesday (weekly)',
        'built-in $30.00 cash, active: Wednesday Cash Prize',
        '$30.00 cash, disabled: Wednesday Cash Prize',
        null,
        null,
      ],
      [
        '2026-11-22T09:00',
        'The Boss',
        'Payout 2026-11-20: $50.00 to Ann',
        'pending_review',
        'approved',
        'Looks right',
        null,
      ],
      ['2026-11-21T10:00', 'Deputy', 'Prize 2026-12-24 (date)', null, '$999.00 cash, active: Xmas', null, null],
      [
        '2026-11-21T09:00',
        'The Boss',
        'Prize Monday (weekly)',
        'built-in $10.00 cash, active: Monday Cash Prize',
        '$25.00 voucher, active: Gift card',
        null,
        null,
      ],
    ]);
    expect(page.records.map((r) => r.kind)).toEqual(['prize', 'prize', 'payout', 'prize', 'payout', 'prize', 'prize']);
    expect(await auditExport(deps, {})).toEqual(page.records);
  });

  it('pages through the merged trail without gaps or repeats', async () => {
    const deps = await history();
    const all = (await auditTrail(deps, { page: 1, pageSize: 50 })).records.map((r) => r.id);
    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await auditTrail(deps, { page, pageSize: 2 }));
    expect(pages.map((p) => p.records.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flatMap((p) => p.records.map((r) => r.id))).toEqual(all);
    expect(pages.every((p) => p.totalCount === 7)).toBe(true);
    expect((await auditTrail(deps, { page: 9, pageSize: 2 })).records).toEqual([]);
  });

  it('filters by UTC days (both ends included) and by admin e-mail', async () => {
    const deps = await history();
    const day22 = await auditTrail(deps, { from: '2026-11-22', to: '2026-11-22', page: 1, pageSize: 50 });
    expect(day22.records.map((r) => r.at)).toEqual(['2026-11-22T10:00:00.000Z', '2026-11-22T09:00:00.000Z']);
    expect(day22.totalCount).toBe(2);
    expect((await auditExport(deps, { from: '2026-11-23' })).map((r) => r.at.slice(0, 10))).toEqual([
      '2026-11-23',
      '2026-11-23',
      '2026-11-23',
    ]);
    expect((await auditExport(deps, { to: '2026-11-21' })).map((r) => r.at.slice(0, 10))).toEqual([
      '2026-11-21',
      '2026-11-21',
    ]);
    const deputy = await auditTrail(deps, { adminEmail: 'deputy@example.test', page: 1, pageSize: 50 });
    expect(deputy.totalCount).toBe(3);
    expect(deputy.records.every((r) => r.adminId === 'deputy')).toBe(true);
    const bossOn23 = await auditExport(deps, { adminEmail: 'boss@example.test', from: '2026-11-23', to: '2026-11-23' });
    expect(bossOn23.map((r) => r.subject)).toEqual(['Prize Monday (weekly)', 'Prize 2026-12-24 (date)']);
  });

  it('refuses bad filters naming the field, and an unknown admin', async () => {
    const deps = await history();
    await expect(auditTrail(deps, { from: '2026-02-30', page: 1, pageSize: 10 })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'from must be a date YYYY-MM-DD',
    });
    await expect(auditTrail(deps, { to: 'soon', page: 1, pageSize: 10 })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'to must be a date YYYY-MM-DD',
    });
    await expect(
      auditTrail(deps, { from: '2026-11-23', to: '2026-11-22', page: 1, pageSize: 10 }),
    ).rejects.toMatchObject({ message: 'from must be on or before to' });
    await expect(auditTrail(deps, { adminEmail: 'ghost@example.test', page: 1, pageSize: 10 })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'admin: no account has the e-mail ghost@example.test',
    });
    await expect(auditTrail(deps, { page: 0, pageSize: 10 })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(auditTrail(deps, { page: 1, pageSize: 201 })).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('keeps a prize change and its record together: a failed change leaves neither', async () => {
    const deps = await history();
    await expect(deletePrizeForDate(deps, '2026-12-24', 'boss')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      saveWeeklyPrize(deps, { dayOfWeek: 2, prizeType: 'gold', amountCents: 1, isActive: true }, 'boss'),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    expect((await auditTrail(deps, { page: 1, pageSize: 50 })).totalCount).toBe(7);
  });
});
