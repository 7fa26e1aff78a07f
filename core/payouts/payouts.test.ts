import { describe, it, expect } from 'vitest';
import { createUsers, makeDeps, rejection, type TestDeps } from '../../test/support/fakes.ts';
import { DomainError } from '../errors.ts';
import type { PrizeType } from '../model.ts';
import { claimPrize, countsAsMoneyWon, myWinnings } from './winnings.ts';
import { listPayouts, reviewPayout } from './payout-review.ts';
import {
  allowedReviewActions,
  canTransition,
  planTransition,
  type ReviewAction,
  type ReviewRequest,
} from './payout-state.ts';

const addWinning = (
  deps: TestDeps,
  userId: string,
  gameKey: string,
  prizeType: PrizeType = 'cash',
  amountCents = 5000,
) =>
  deps.store.write((r) =>
    r.winnings.create({
      id: `w-${gameKey}`,
      gameKey,
      gameDate: gameKey.slice(0, 10),
      userId,
      winningNumber: 3,
      prize: { prizeType, amountCents, currency: 'USD', description: 'Prize' },
      createdAt: '2026-11-20T00:00:00.000Z',
    }),
  );

const setup = async () => {
  const deps = makeDeps();
  // The review assertions expect the winner's e-mail at example.com.
  await createUsers(deps, ['alice', 'bob'], (id) => ({
    email: `${id}@example.com`,
    verifiedEmail: `${id}@example.com`,
  }));
  await addWinning(deps, 'alice', '2026-11-19', 'cash', 5000);
  await addWinning(deps, 'alice', '2026-11-20', 'voucher', 2500);
  return deps;
};

const cashClaim = {
  userId: 'alice',
  gameId: '2026-11-19',
  paypalEmail: ' alice@paypal.test ',
  preferredName: ' Alice A ',
};

describe('myWinnings', () => {
  it('lists unclaimed winnings newest first, claimable and pending', async () => {
    const deps = await setup();
    const { winnings } = await myWinnings(deps, 'alice');
    expect(winnings.map((w) => w.gameId)).toEqual(['2026-11-20', '2026-11-19']);
    expect(winnings[1]).toEqual({
      payoutId: null,
      gameId: '2026-11-19',
      gameDate: '2026-11-19',
      winningNumber: 3,
      prizeAmount: 50,
      prizeType: 'cash',
      amountCents: 5000,
      currency: 'USD',
      status: 'unclaimed',
      isPending: true,
      isCompleted: false,
      canClaim: true,
      countsAsWon: true,
      reviewNotes: null,
      processedAt: null,
      paymentReference: null,
    });
    expect((await myWinnings(deps, 'bob')).winnings).toEqual([]);
  });

  it('counts a winning as money won in every state but a rejected payout', async () => {
    const deps = await setup();
    const { payoutId } = await claimPrize(deps, cashClaim);
    await reviewPayout(deps, {
      adminId: 'admin',
      payoutId,
      status: 'failed',
      reviewNotes: 'Rejected: PayPal account not found',
    });
    const byGame = Object.fromEntries(
      (await myWinnings(deps, 'alice')).winnings.map((w) => [w.gameId, [w.status, w.countsAsWon]]),
    );
    expect(byGame).toEqual({ '2026-11-19': ['failed', false], '2026-11-20': ['unclaimed', true] });
    const statuses = ['unclaimed', 'pending_review', 'approved', 'paid', 'failed'] as const;
    expect(statuses.filter(countsAsMoneyWon)).toEqual(['unclaimed', 'pending_review', 'approved', 'paid']);
  });

  it('follows the payout through its states', async () => {
    const deps = await setup();
    const { payoutId } = await claimPrize(deps, cashClaim);
    let w = (await myWinnings(deps, 'alice')).winnings.find((x) => x.gameId === '2026-11-19');
    expect(w).toMatchObject({
      payoutId,
      status: 'pending_review',
      canClaim: false,
      isPending: true,
      isCompleted: false,
      countsAsWon: true,
    });
    await reviewPayout(deps, {
      adminId: 'admin',
      payoutId,
      status: 'approved',
      reviewNotes: 'Approved by admin for manual processing',
    });
    deps.clock.advance(60_000);
    await reviewPayout(deps, {
      adminId: 'admin',
      payoutId,
      status: 'paid',
      paymentReference: ' TX-1 ',
      reviewNotes: 'Payment processed manually',
    });
    w = (await myWinnings(deps, 'alice')).winnings.find((x) => x.gameId === '2026-11-19');
    expect(w).toMatchObject({
      status: 'paid',
      isPending: false,
      isCompleted: true,
      canClaim: false,
      countsAsWon: true,
      paymentReference: 'TX-1',
      reviewNotes: 'Payment processed manually',
      processedAt: '2026-11-20T12:01:00.000Z',
    });
  });
});

describe('listPayouts', () => {
  it("shows the address the winner's mails go to: the sign-in e-mail until a new contact e-mail is confirmed", async () => {
    const deps = await setup();
    const { payoutId } = await claimPrize(deps, cashClaim);
    await deps.store.write((r) => r.users.update('alice', { email: 'someone.else@example.net' }));
    const shown = async () => (await listPayouts(deps, 'admin')).payouts.find((p) => p.id === payoutId)?.playerEmail;
    expect(await shown()).toBe('alice@example.com');
    await deps.store.write((r) => r.users.setMailSettings('alice', { contactEmailConfirmed: true }));
    expect(await shown()).toBe('someone.else@example.net');
    const reviewed = await reviewPayout(deps, { adminId: 'admin', payoutId, status: 'approved' });
    expect(reviewed.payout.playerEmail).toBe('someone.else@example.net');
  });
});

describe('claimPrize', () => {
  it('creates a pending payout with trimmed details and mails the winner', async () => {
    const deps = await setup();
    const result = await claimPrize(deps, cashClaim);
    expect(result.message).toBe("We'll process your $50.00 cash prize within the week!");
    const { payouts } = await listPayouts(deps, 'admin');
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({
      id: result.payoutId,
      status: 'pending_review',
      amountCents: 5000,
      prizeType: 'cash',
      gameDate: '2026-11-19',
      playerName: 'Player alice',
      playerEmail: 'alice@example.com',
      paypalEmail: 'alice@paypal.test',
      preferredName: 'Alice A',
      processedAt: null,
    });
    const mails = await deps.store.read((r) => r.outbox.list(10));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('alice@example.com');
    expect(mails[0]?.body).toContain('$50.00');
  });

  it('needs nothing for a voucher and ignores PayPal details', async () => {
    const deps = await setup();
    const result = await claimPrize(deps, { userId: 'alice', gameId: '2026-11-20', paypalEmail: 'x' });
    expect(result.message).toBe("We'll process your $25.00 voucher within the week!");
    const payout = (await listPayouts(deps, 'admin')).payouts[0];
    expect(payout).toMatchObject({ prizeType: 'voucher', paypalEmail: null, preferredName: null });
  });

  it('lets only the winner claim, once', async () => {
    const deps = await setup();
    expect((await rejection(claimPrize(deps, { ...cashClaim, userId: 'bob' }))).code).toBe('FORBIDDEN');
    expect((await rejection(claimPrize(deps, { ...cashClaim, gameId: '2026-01-01' }))).code).toBe('NOT_FOUND');
    await claimPrize(deps, cashClaim);
    const again = await rejection(claimPrize(deps, cashClaim));
    expect(again.code).toBe('ALREADY_CLAIMED');
    expect((await listPayouts(deps, 'admin')).payouts).toHaveLength(1);
  });

  it('requires PayPal details for cash, with the spec messages', async () => {
    const deps = await setup();
    const required = 'PayPal email and preferred name are required for cash prizes';
    expect((await rejection(claimPrize(deps, { userId: 'alice', gameId: '2026-11-19' }))).message).toBe(required);
    expect((await rejection(claimPrize(deps, { ...cashClaim, preferredName: '   ' }))).message).toBe(required);
    expect((await rejection(claimPrize(deps, { ...cashClaim, paypalEmail: '' }))).message).toBe(required);
    const invalid = await rejection(claimPrize(deps, { ...cashClaim, paypalEmail: 'alice.paypal.test' }));
    expect(invalid).toMatchObject({ code: 'VALIDATION', message: 'Please enter a valid PayPal email address' });
    expect((await listPayouts(deps, 'admin')).payouts).toEqual([]);
    expect(await deps.store.read((r) => r.outbox.list(10))).toEqual([]);
  });
});

describe('payout state machine (pure)', () => {
  const base = { reviewNotes: null, paymentReference: null, processedAt: null };
  const now = '2026-11-20T12:00:00.000Z';

  it('allows exactly the documented moves', () => {
    const all = ['pending_review', 'approved', 'paid', 'failed'] as const;
    const allowed = all.flatMap((from) => all.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`));
    expect(allowed).toEqual(['pending_review>approved', 'pending_review>failed', 'approved>paid']);
  });

  it('sets processedAt on paid and failed only', () => {
    expect(planTransition({ ...base, status: 'pending_review' }, { status: 'approved' }, now).processedAt).toBeNull();
    expect(
      planTransition({ ...base, status: 'pending_review' }, { status: 'failed', reviewNotes: 'Rejected: x' }, now)
        .processedAt,
    ).toBe(now);
    expect(
      planTransition({ ...base, status: 'approved' }, { status: 'paid', paymentReference: 'R' }, now),
    ).toMatchObject({
      processedAt: now,
      paymentReference: 'R',
    });
  });

  it('refuses illegal moves, unknown statuses and blank reasons', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof DomainError ? e.code : 'other';
      }
      return 'none';
    };
    expect(
      code(() => planTransition({ ...base, status: 'pending_review' }, { status: 'paid', paymentReference: 'R' }, now)),
    ).toBe('ILLEGAL_TRANSITION');
    expect(code(() => planTransition({ ...base, status: 'paid' }, { status: 'failed', reviewNotes: 'x' }, now))).toBe(
      'ILLEGAL_TRANSITION',
    );
    expect(code(() => planTransition({ ...base, status: 'failed' }, { status: 'approved' }, now))).toBe(
      'ILLEGAL_TRANSITION',
    );
    expect(code(() => planTransition({ ...base, status: 'approved' }, { status: 'approved' }, now))).toBe(
      'ILLEGAL_TRANSITION',
    );
    expect(code(() => planTransition({ ...base, status: 'pending_review' }, { status: 'pending_review' }, now))).toBe(
      'VALIDATION',
    );
    expect(
      code(() => planTransition({ ...base, status: 'pending_review' }, { status: 'failed', reviewNotes: '  ' }, now)),
    ).toBe('VALIDATION');
    expect(
      code(() => planTransition({ ...base, status: 'approved' }, { status: 'paid', paymentReference: ' ' }, now)),
    ).toBe('VALIDATION');
  });
});

describe('allowedReviewActions', () => {
  const statuses = ['pending_review', 'approved', 'paid', 'failed'] as const;
  const requestFor = {
    approve: { status: 'approved' },
    reject: { status: 'failed', reviewNotes: 'Rejected: x' },
    markPaid: { status: 'paid', paymentReference: 'R' },
  } as const;
  const accepted = (status: (typeof statuses)[number], request: ReviewRequest): boolean => {
    try {
      planTransition(
        { status, reviewNotes: null, paymentReference: null, processedAt: null },
        request,
        '2026-11-20T12:00:00.000Z',
      );
      return true;
    } catch {
      return false;
    }
  };

  it('offers exactly the actions whose review the machine accepts', () => {
    for (const status of statuses) {
      const expected = (Object.keys(requestFor) as ReviewAction[]).filter((action) =>
        accepted(status, requestFor[action]),
      );
      expect(allowedReviewActions({ status, userId: 'winner' }, 'admin')).toEqual(expected);
    }
    expect(allowedReviewActions({ status: 'pending_review', userId: 'winner' }, 'admin')).toEqual([
      'approve',
      'reject',
    ]);
  });

  it("offers nothing on an admin's own payout", () => {
    for (const status of statuses) expect(allowedReviewActions({ status, userId: 'admin' }, 'admin')).toEqual([]);
    expect(allowedReviewActions({ status: 'approved', userId: null }, 'admin')).toEqual(['markPaid']);
  });

  it('comes with every listed payout', async () => {
    const deps = await setup();
    await claimPrize(deps, cashClaim);
    expect((await listPayouts(deps, 'admin')).payouts.map((p) => p.allowedActions)).toEqual([['approve', 'reject']]);
    expect((await listPayouts(deps, 'alice')).payouts.map((p) => p.allowedActions)).toEqual([[]]);
  });
});

describe('reviewPayout', () => {
  it('audits every change and mails the winner', async () => {
    const deps = await setup();
    const { payoutId } = await claimPrize(deps, cashClaim);
    const approved = await reviewPayout(deps, { adminId: 'admin-1', payoutId, status: 'approved' });
    expect(approved.message).toBe('Payout marked as approved');
    expect(approved.payout).toMatchObject({ status: 'approved', processedAt: null, playerEmail: 'alice@example.com' });
    const paid = await reviewPayout(deps, { adminId: 'admin-2', payoutId, status: 'paid', paymentReference: 'TX-9' });
    expect(paid.payout).toMatchObject({
      status: 'paid',
      paymentReference: 'TX-9',
      processedAt: '2026-11-20T12:00:00.000Z',
    });
    const audit = await deps.store.read((r) => r.payouts.audit(payoutId));
    expect(audit.map((a) => [a.adminId, a.fromStatus, a.toStatus])).toEqual([
      ['admin-1', 'pending_review', 'approved'],
      ['admin-2', 'approved', 'paid'],
    ]);
    const mails = await deps.store.read((r) => r.outbox.list(10));
    expect(mails).toHaveLength(3);
    expect(mails.every((m) => m.to === 'alice@example.com')).toBe(true);
    expect(mails[0]?.body).toContain('TX-9');
  });

  it('rejects with a trimmed reason and then allows nothing', async () => {
    const deps = await setup();
    const { payoutId } = await claimPrize(deps, cashClaim);
    const blank = await rejection(reviewPayout(deps, { adminId: 'a', payoutId, status: 'failed', reviewNotes: '   ' }));
    expect(blank.code).toBe('VALIDATION');
    const failed = await reviewPayout(deps, {
      adminId: 'a',
      payoutId,
      status: 'failed',
      reviewNotes: ' Rejected: wrong e-mail ',
    });
    expect(failed.payout).toMatchObject({
      status: 'failed',
      reviewNotes: 'Rejected: wrong e-mail',
      processedAt: '2026-11-20T12:00:00.000Z',
    });
    const illegal = await rejection(
      reviewPayout(deps, { adminId: 'a', payoutId, status: 'paid', paymentReference: 'X' }),
    );
    expect(illegal.code).toBe('ILLEGAL_TRANSITION');
    expect((await myWinnings(deps, 'alice')).winnings.find((w) => w.payoutId === payoutId)).toMatchObject({
      status: 'failed',
      isCompleted: true,
    });
    expect(await deps.store.read((r) => r.payouts.audit(payoutId))).toHaveLength(1);
  });

  it('refuses an admin reviewing their own payout, in every status, and changes nothing', async () => {
    const deps = await setup();
    const { payoutId } = await claimPrize(deps, cashClaim);
    for (const attempt of [
      { status: 'approved' },
      { status: 'failed', reviewNotes: 'no' },
      { status: 'paid', paymentReference: 'TX-1' },
    ]) {
      const error = await rejection(reviewPayout(deps, { adminId: 'alice', payoutId, ...attempt }));
      expect(error).toMatchObject({
        code: 'OWN_PAYOUT',
        message: 'You cannot review a payout of your own: another admin must do it.',
      });
    }
    // Approved by another admin, the winner still cannot mark it paid.
    await reviewPayout(deps, { adminId: 'bob', payoutId, status: 'approved' });
    expect(
      (await rejection(reviewPayout(deps, { adminId: 'alice', payoutId, status: 'paid', paymentReference: 'TX-1' })))
        .code,
    ).toBe('OWN_PAYOUT');
    expect((await listPayouts(deps, 'bob')).payouts[0]).toMatchObject({
      id: payoutId,
      status: 'approved',
      paymentReference: null,
      allowedActions: ['markPaid'],
    });
    expect((await listPayouts(deps, 'alice')).payouts[0]?.allowedActions).toEqual([]);
    expect((await deps.store.read((r) => r.payouts.audit(payoutId))).map((a) => a.adminId)).toEqual(['bob']);
  });

  it('answers NOT_FOUND for an unknown payout', async () => {
    const deps = await setup();
    expect((await rejection(reviewPayout(deps, { adminId: 'a', payoutId: 'nope', status: 'approved' }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('answers CONFLICT when a concurrent review moved the payout first', async () => {
    const deps = await setup();
    const { payoutId } = await claimPrize(deps, cashClaim);
    // A store whose transition always loses the race, as when another admin reviewed in between.
    const racing = {
      ...deps,
      store: {
        read: deps.store.read.bind(deps.store),
        close: deps.store.close.bind(deps.store),
        submitStandardPick: async () => false,
        write: <T>(work: (repos: Parameters<Parameters<typeof deps.store.write>[0]>[0]) => Promise<T>) =>
          deps.store.write((repos) =>
            work({ ...repos, payouts: Object.assign(Object.create(repos.payouts), { transition: async () => false }) }),
          ),
      },
    };
    const error = await rejection(reviewPayout(racing, { adminId: 'a', payoutId, status: 'approved' }));
    expect(error.code).toBe('CONFLICT');
    expect(await deps.store.read((r) => r.payouts.audit(payoutId))).toEqual([]);
  });
});
