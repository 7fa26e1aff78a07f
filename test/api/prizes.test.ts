// /api/prizes/* (prize of a date, admin settings, the winner's claim, payout review) and /api/winnings.
import { describe, expect, it } from 'vitest';
import type { AdminPayoutsResponse, PrizeConfigResponse } from '../../server/routes/prizes.schemas.ts';
import type { WinningsResponse } from '../../server/routes/winnings.schemas.ts';
import { ADMIN_EMAIL, closeToday, json, makeHarness } from './harness.ts';

describe('GET /api/prizes/date/:date', () => {
  it('answers the weekly default, a date override, and 404 with the disabled payload', async () => {
    const { request, signIn } = await makeHarness();
    expect(await json(await request('GET', '/api/prizes/date/2026-11-22'))).toEqual({
      status: 'active',
      prize: { prizeType: 'cash', amountCents: 20000, currency: 'USD', description: 'Sunday Cash Prize' },
      dayOfWeek: 7,
    });
    const admin = await signIn(ADMIN_EMAIL);
    const saved = await request('POST', '/api/prizes/config/date', {
      cookie: admin,
      json: { date: '2026-11-22', prizeType: 'voucher', amountCents: 2500, description: 'Gift card' },
    });
    expect(saved.status).toBe(200);
    expect((await json(saved)).message).toBe('Date override for 2026-11-22 created successfully');
    expect(await json(await request('GET', '/api/prizes/date/2026-11-22'))).toMatchObject({
      prize: { prizeType: 'voucher', amountCents: 2500 },
    });

    const weekly = await request('POST', '/api/prizes/config/weekly', {
      cookie: admin,
      json: { dayOfWeek: 1, prizeType: 'cash', amountCents: 1000, description: 'Monday Cash Prize', isActive: false },
    });
    expect(weekly.status).toBe(200);
    const disabled = await request('GET', '/api/prizes/date/2026-11-23');
    expect(disabled.status).toBe(404);
    expect(await json(disabled)).toEqual({
      status: 'disabled',
      message: 'No prizes are currently offered on Mondays',
      dayOfWeek: 1,
      error: 'No prizes are currently offered on Mondays',
      code: 'PRIZE_DISABLED',
    });
    expect((await request('GET', '/api/prizes/date/not-a-date')).status).toBe(400);
  });
});

describe('admin prize settings', () => {
  it('lists 7 weekly rows then overrides; saves, toggles, resets and deletes', async () => {
    const { request, signIn } = await makeHarness();
    const admin = await signIn(ADMIN_EMAIL);
    const config = await json<PrizeConfigResponse>(await request('GET', '/api/prizes/config', { cookie: admin }));
    expect(config.prizes.map((p) => p.dayOfWeek)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(config.prizes[0]).toMatchObject({ isDefault: true, amountCents: 1000, defaultAmountCents: 1000 });

    const saved = await request('POST', '/api/prizes/config/weekly', {
      cookie: admin,
      json: { dayOfWeek: 2, prizeType: 'voucher', amountCents: 7500, description: 'Tuesday Voucher', isActive: true },
    });
    expect(await json(saved)).toMatchObject({
      message: 'Tuesday prize updated successfully',
      prize: { amountCents: 7500, isDefault: false },
    });
    const toggled = await request('PATCH', `/api/prizes/config/${config.prizes[2]?.id}/toggle`, { cookie: admin });
    expect(toggled.status).toBe(200);
    expect((await json<{ prize: { isActive: boolean } }>(toggled)).prize.isActive).toBe(false);
    expect(await json(await request('DELETE', '/api/prizes/config/weekly/2', { cookie: admin }))).toMatchObject({
      message: 'Tuesday prize reset to default',
    });

    await request('POST', '/api/prizes/config/date', {
      cookie: admin,
      json: { date: '2026-12-25', prizeType: 'cash', amountCents: 99900, description: 'Christmas' },
    });
    const withOverride = await json<PrizeConfigResponse>(await request('GET', '/api/prizes/config', { cookie: admin }));
    expect(withOverride.prizes).toHaveLength(8);
    expect(withOverride.prizes[7]).toMatchObject({ date: '2026-12-25', amountCents: 99900 });
    const deleted = await request('DELETE', '/api/prizes/config/date/2026-12-25', { cookie: admin });
    expect(await json(deleted)).toEqual({ message: 'Prize override for 2026-12-25 deleted successfully' });
    expect((await request('DELETE', '/api/prizes/config/date/2026-12-25', { cookie: admin })).status).toBe(404);
  });

  it('400 for bad settings', async () => {
    const { request, signIn } = await makeHarness();
    const admin = await signIn(ADMIN_EMAIL);
    const noDescription = await request('POST', '/api/prizes/config/date', {
      cookie: admin,
      json: { date: '2026-12-01', prizeType: 'cash', amountCents: 100, description: '  ' },
    });
    expect(noDescription.status).toBe(400);
    expect((await json(noDescription)).error).toBe('Date and description are required');
    const badType = await request('POST', '/api/prizes/config/weekly', {
      cookie: admin,
      json: { dayOfWeek: 3, prizeType: 'gold', amountCents: 100, isActive: true },
    });
    expect(badType.status).toBe(400);
    const badDay = await request('POST', '/api/prizes/config/weekly', {
      cookie: admin,
      json: { dayOfWeek: 8, prizeType: 'cash', amountCents: 100, isActive: true },
    });
    expect(badDay.status).toBe(400);
    expect((await request('DELETE', '/api/prizes/config/weekly/9', { cookie: admin })).status).toBe(400);
    const negative = await request('POST', '/api/prizes/config/weekly', {
      cookie: admin,
      json: { dayOfWeek: 3, prizeType: 'cash', amountCents: -5, isActive: true },
    });
    expect(negative.status).toBe(400);
  });
});

describe('winnings, the claim and payout review', () => {
  /** Ann wins the Friday 2026-11-20 game (cash $50); Bob plays too. */
  const wonGame = async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    const bob = await h.signIn('bob@example.com', 'Bob');
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 1 } });
    await h.request('POST', '/api/entry', { cookie: bob, json: { number: 5 } });
    await closeToday(h);
    const admin = await h.signIn(ADMIN_EMAIL);
    return { h, ann, bob, admin };
  };

  it('the winner sees the winning, claims it once; the admin approves and marks it paid', async () => {
    const { h, ann, admin } = await wonGame();
    expect((await h.request('GET', '/api/winnings')).status).toBe(401);
    const before = await json<WinningsResponse>(await h.request('GET', '/api/winnings', { cookie: ann }));
    expect(before.winnings).toEqual([
      expect.objectContaining({
        gameId: '2026-11-20',
        amountCents: 5000,
        prizeAmount: 50,
        status: 'unclaimed',
        canClaim: true,
        isPending: true,
      }),
    ]);

    const missing = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: ann,
      json: { gameId: '2026-11-20' },
    });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error).toBe('PayPal email and preferred name are required for cash prizes');
    const claim = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: ann,
      json: { gameId: '2026-11-20', paypalEmail: 'ann@paypal.test', preferredName: 'Ann A' },
    });
    expect(claim.status).toBe(200);
    const { payoutId } = await json<{ payoutId: string; message: string }>(claim);
    const twice = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: ann,
      json: { gameId: '2026-11-20', paypalEmail: 'ann@paypal.test', preferredName: 'Ann A' },
    });
    expect(twice.status).toBe(409);
    expect((await json(twice)).code).toBe('ALREADY_CLAIMED');

    const payouts = await json<AdminPayoutsResponse>(
      await h.request('GET', '/api/prizes/admin/payouts', { cookie: admin }),
    );
    expect(payouts.payouts).toEqual([
      expect.objectContaining({
        id: payoutId,
        status: 'pending_review',
        playerName: 'Ann',
        paypalEmail: 'ann@paypal.test',
        gameDate: '2026-11-20',
        allowedActions: ['approve', 'reject'],
      }),
    ]);
    const illegal = await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
      cookie: admin,
      json: { status: 'paid', paymentReference: 'TX1' },
    });
    expect(illegal.status).toBe(409);
    expect((await json(illegal)).code).toBe('ILLEGAL_TRANSITION');
    const approve = await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
      cookie: admin,
      json: { status: 'approved', reviewNotes: 'Approved by admin for manual processing' },
    });
    expect(approve.status).toBe(200);
    expect((await json<{ payout: { allowedActions: string[] } }>(approve)).payout.allowedActions).toEqual(['markPaid']);
    const blankRef = await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
      cookie: admin,
      json: { status: 'paid', paymentReference: ' ' },
    });
    expect(blankRef.status).toBe(400);
    const paid = await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
      cookie: admin,
      json: { status: 'paid', reviewNotes: 'Payment processed manually', paymentReference: ' TX-42 ' },
    });
    expect(paid.status).toBe(200);
    expect((await json<{ payout: { status: string; paymentReference: string } }>(paid)).payout).toMatchObject({
      status: 'paid',
      paymentReference: 'TX-42',
      allowedActions: [],
    });
    const after = await json<WinningsResponse>(await h.request('GET', '/api/winnings', { cookie: ann }));
    expect(after.winnings[0]).toMatchObject({
      status: 'paid',
      isCompleted: true,
      canClaim: false,
      paymentReference: 'TX-42',
    });
    expect(
      (await h.request('POST', '/api/prizes/admin/payouts/nope', { cookie: admin, json: { status: 'approved' } }))
        .status,
    ).toBe(404);
  });

  it('an admin who won cannot approve, reject or pay their own payout (403); another admin can', async () => {
    const h = await makeHarness({ env: { ADMIN_EMAILS: `${ADMIN_EMAIL},second@lowest.test` } });
    const winner = await h.signIn(ADMIN_EMAIL, 'Admin');
    await h.request('POST', '/api/entry', { cookie: winner, json: { number: 1 } });
    await closeToday(h);
    const claim = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: winner,
      json: { gameId: '2026-11-20', paypalEmail: 'admin@paypal.test', preferredName: 'Admin' },
    });
    const { payoutId } = await json<{ payoutId: string }>(claim);
    for (const body of [
      { status: 'approved' },
      { status: 'failed', reviewNotes: 'x' },
      { status: 'paid', paymentReference: 'TX' },
    ]) {
      const res = await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, { cookie: winner, json: body });
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({
        error: 'You cannot review a payout of your own: another admin must do it.',
        code: 'OWN_PAYOUT',
      });
    }
    const list = await json<AdminPayoutsResponse>(
      await h.request('GET', '/api/prizes/admin/payouts', { cookie: winner }),
    );
    expect(list.payouts[0]).toMatchObject({ id: payoutId, status: 'pending_review' });
    const second = await h.signIn('second@lowest.test', 'Second');
    const approved = await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, {
      cookie: second,
      json: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
  });

  it('only the winner may claim (403); an unknown game is 404', async () => {
    const { h, bob } = await wonGame();
    const res = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: bob,
      json: { gameId: '2026-11-20', paypalEmail: 'bob@paypal.test', preferredName: 'Bob' },
    });
    expect(res.status).toBe(403);
    expect(
      (await h.request('POST', '/api/prizes/winner-payout', { cookie: bob, json: { gameId: '2020-01-01' } })).status,
    ).toBe(404);
    expect((await h.request('POST', '/api/prizes/winner-payout', { json: { gameId: '2026-11-20' } })).status).toBe(401);
  });
});
