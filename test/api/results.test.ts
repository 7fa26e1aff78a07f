// Issue 12 on the server: the player's outcome (results/me/latest, myOutcomes), the stale tab's pick (409),
// a recorded winning claimable whatever today's prize config says, referral refusals with a stable reason.
import { describe, expect, it } from 'vitest';
import type { MyEntriesResponse } from '../../server/routes/entry.schemas.ts';
import type { AdminPayoutsResponse, WinnerPayoutResponse } from '../../server/routes/prizes.schemas.ts';
import type { LatestResultResponse } from '../../server/routes/results.schemas.ts';
import type { DailyStatsResponse } from '../../server/routes/stats.schemas.ts';
import { ADMIN_EMAIL, closeToday, json, makeHarness, type Harness } from './harness.ts';
import { sealMine } from '../../core/fairness/hashes.ts';

/** 2026-11-20 (a Friday, $50 cash): 1 twice, 4 mined, cat wins with 2, dan second with 3, eve unique on 7. */
const playedDay = async () => {
  const h = await makeHarness();
  const cookies: Record<string, string> = {};
  for (const name of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'])
    cookies[name] = await h.signIn(`${name}@example.com`, name.toUpperCase());
  const pick = async (name: string, number: number) => {
    const res = await h.request('POST', '/api/entry', {
      cookie: cookies[name] ?? null,
      json: { number, gameDate: '2026-11-20' },
    });
    expect(res.status, `${name} picks ${number}`).toBe(201);
  };
  await pick('ann', 1);
  await pick('bob', 1);
  await pick('cat', 2);
  await pick('dan', 3);
  await pick('eve', 7);
  await pick('fay', 4);
  const fay = await h.deps.store.read((r) => r.users.byEmail('fay@example.com'));
  const mine = sealMine(h.deps.digest, h.deps.random, '2026-11-20', 'mine-fay', 4);
  await h.deps.store.write((r) =>
    r.mines.place({
      id: 'mine-fay',
      gameKey: '2026-11-20',
      userId: fay?.id ?? '',
      number: 4,
      placedAt: '2026-11-20T12:00:00.000Z',
      ...mine,
    }),
  );
  return { h, cookies };
};

const latest = async (h: Harness, cookie: string | undefined) =>
  json<LatestResultResponse>(await h.request('GET', '/api/results/me/latest', { cookie: cookie ?? null }));

describe('GET /api/results/me/latest', () => {
  it('is null before any close, 401 signed out', async () => {
    const { h, cookies } = await playedDay();
    expect(await latest(h, cookies.cat)).toEqual({ result: null });
    expect((await h.request('GET', '/api/results/me/latest')).status).toBe(401);
  });

  it('after the close: each player’s numbers with outcome and rank; the winner’s claimable prize', async () => {
    const { h, cookies } = await playedDay();
    await closeToday(h);
    const base = { gameDate: '2026-11-20', winningNumber: 2, secondPlaceNumber: 3 };
    expect(await latest(h, cookies.cat)).toEqual({
      result: {
        ...base,
        entries: [{ number: 2, entryType: 'standard', outcome: 'winner', rank: 1 }],
        winning: { canClaim: true, amountCents: 5000, prizeType: 'cash', currency: 'USD' },
      },
    });
    expect((await latest(h, cookies.dan)).result).toEqual({
      ...base,
      entries: [{ number: 3, entryType: 'standard', outcome: 'runner_up', rank: 2 }],
      winning: null,
    });
    expect((await latest(h, cookies.eve)).result?.entries).toEqual([
      { number: 7, entryType: 'standard', outcome: 'unique', rank: 3 },
    ]);
    expect((await latest(h, cookies.ann)).result?.entries).toEqual([
      { number: 1, entryType: 'standard', outcome: 'duplicate', rank: null },
    ]);
    // Picked by fay alone, but mined.
    expect((await latest(h, cookies.fay)).result?.entries).toEqual([
      { number: 4, entryType: 'standard', outcome: 'duplicate', rank: null },
    ]);

    // The next game being open (and played) does not hide the last closed one.
    expect((await h.request('POST', '/api/entry', { cookie: cookies.cat ?? null, json: { number: 9 } })).status).toBe(
      201,
    );
    expect((await latest(h, cookies.cat)).result?.gameDate).toBe('2026-11-20');

    const claim = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: cookies.cat ?? null,
      json: { gameId: '2026-11-20', paypalEmail: 'cat@paypal.test', preferredName: 'Cat' },
    });
    expect(claim.status).toBe(200);
    expect((await latest(h, cookies.cat)).result?.winning).toMatchObject({ canClaim: false, amountCents: 5000 });
  });

  it('the latest of several closed games, a bonus entry beside the standard one, a paid prize not claimable', async () => {
    const { h, cookies } = await playedDay();
    await closeToday(h);
    const claim = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: cookies.cat ?? null,
      json: { gameId: '2026-11-20', paypalEmail: 'cat@paypal.test', preferredName: 'Cat' },
    });
    const { payoutId } = await json<WinnerPayoutResponse>(claim);
    const admin = await h.signIn(ADMIN_EMAIL, 'Admin');
    for (const review of [{ status: 'approved' }, { status: 'paid', paymentReference: 'TX-7' }]) {
      const res = await h.request('POST', `/api/prizes/admin/payouts/${payoutId}`, { cookie: admin, json: review });
      expect(res.status).toBe(200);
    }
    expect((await latest(h, cookies.cat)).result?.winning).toEqual({
      canClaim: false,
      amountCents: 5000,
      prizeType: 'cash',
      currency: 'USD',
    });

    // 2026-11-21 (a Saturday, $100): cat picks 9, then 5 with a bonus entry; ann picks 5 too.
    const cat = await h.deps.store.read((r) => r.users.byEmail('cat@example.com'));
    await h.deps.store.write((r) =>
      r.bonusEntries.grant({
        id: 'bonus-cat',
        userId: cat?.id ?? '',
        sourceType: 'other',
        remainingEntries: 1,
        grantedAt: '2026-11-21T00:00:01.000Z',
        expiresAt: '2026-11-28T00:00:00.000Z',
        gameKey: null,
      }),
    );
    for (const [name, number] of [
      ['cat', 9],
      ['cat', 5],
      ['ann', 5],
    ] as const) {
      const res = await h.request('POST', '/api/entry', { cookie: cookies[name] ?? null, json: { number } });
      expect(res.status, `${name} picks ${number}`).toBe(201);
    }
    await closeToday(h, '2026-11-22T00:00:01.000Z');
    expect(await latest(h, cookies.cat)).toEqual({
      result: {
        gameDate: '2026-11-21',
        winningNumber: 9,
        secondPlaceNumber: null,
        entries: [
          { number: 9, entryType: 'standard', outcome: 'winner', rank: 1 },
          { number: 5, entryType: 'bonus', outcome: 'duplicate', rank: null },
        ],
        winning: { canClaim: true, amountCents: 10000, prizeType: 'cash', currency: 'USD' },
      },
    });
    // dan played only the first day: his latest result stays there.
    expect((await latest(h, cookies.dan)).result).toMatchObject({ gameDate: '2026-11-20', winning: null });
  });

  it('GET /api/stats/daily/{date} adds myOutcomes for the caller, [] for a visitor', async () => {
    const { h, cookies } = await playedDay();
    await closeToday(h);
    const mine = await json<DailyStatsResponse>(
      await h.request('GET', '/api/stats/daily/2026-11-20', { cookie: cookies.eve ?? null }),
    );
    expect(mine.myOutcomes).toEqual([{ number: 7, entryType: 'standard', outcome: 'unique', rank: 3 }]);
    const visitor = await json<DailyStatsResponse>(await h.request('GET', '/api/stats/daily/2026-11-20'));
    expect(visitor.myOutcomes).toEqual([]);
  });
});

describe('POST /api/entry with gameDate', () => {
  it('a pick for a game that is no longer the open one is 409 and stores nothing', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com');
    await h.request('GET', '/api/game/today');
    h.clock.set('2026-11-21T00:00:05.000Z');
    const stale = await h.request('POST', '/api/entry', { cookie: ann, json: { number: 5, gameDate: '2026-11-20' } });
    expect(stale.status).toBe(409);
    expect(await json(stale)).toEqual({
      error: 'This game has closed. The next game is open: pick again.',
      code: 'GAME_CLOSED',
    });
    const mine = await json<MyEntriesResponse>(await h.request('GET', '/api/entry/mine', { cookie: ann }));
    expect(mine).toMatchObject({ gameDate: '2026-11-21', entries: [] });
    const user = await h.deps.store.read((r) => r.users.byEmail('ann@example.com'));
    expect(await h.deps.store.read((r) => r.entries.countForPlayer(user?.id ?? ''))).toBe(0);
    expect(
      (await h.request('POST', '/api/entry', { cookie: ann, json: { number: 5, gameDate: '2026-11-21' } })).status,
    ).toBe(201);
  });

  it('a malformed gameDate is 400 naming the field', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com');
    for (const gameDate of ['yesterday', 20261120, null]) {
      const res = await h.request('POST', '/api/entry', { cookie: ann, json: { number: 5, gameDate } });
      expect(res.status, String(gameDate)).toBe(400);
      expect(await json(res)).toEqual({
        error: 'gameDate must be a game date in the form YYYY-MM-DD or YYYY-MM-DD-n.',
        code: 'VALIDATION',
      });
    }
    expect((await json<MyEntriesResponse>(await h.request('GET', '/api/entry/mine', { cookie: ann }))).entries).toEqual(
      [],
    );
  });
});

describe('a recorded winning is claimed with the prize it was won with', () => {
  it('even after the weekday is disabled and its amount changed', async () => {
    const { h, cookies } = await playedDay();
    await closeToday(h);
    const admin = await h.signIn(ADMIN_EMAIL, 'Admin');
    const disable = await h.request('POST', '/api/prizes/config/weekly', {
      cookie: admin,
      json: { dayOfWeek: 5, prizeType: 'voucher', amountCents: 100, isActive: false },
    });
    expect(disable.status).toBe(200);
    expect((await h.request('GET', '/api/prizes/date/2026-11-20')).status).toBe(404);

    const claim = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: cookies.cat ?? null,
      json: { gameId: '2026-11-20', paypalEmail: 'cat@paypal.test', preferredName: 'Cat' },
    });
    expect(claim.status).toBe(200);
    const payouts = await json<AdminPayoutsResponse>(
      await h.request('GET', '/api/prizes/admin/payouts', { cookie: admin }),
    );
    expect(payouts.payouts).toEqual([
      expect.objectContaining({ amountCents: 5000, prizeType: 'cash', status: 'pending_review' }),
    ]);
  });
});

describe('referral codes refused for good carry a stable code and reason', () => {
  it('own code, already referred, already played', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com');
    const bob = await h.signIn('bob@example.com');
    const cat = await h.signIn('cat@example.com');
    const code = (await json<{ referralCode: string }>(await h.request('GET', '/api/referrals/code', { cookie: ann })))
      .referralCode;
    const post = (cookie: string) =>
      h.request('POST', '/api/referrals/process', { cookie, json: { referralCode: code } });

    const own = await post(ann);
    expect(own.status).toBe(409);
    expect(await json(own)).toEqual({
      error: 'You cannot use your own referral code.',
      code: 'REFERRAL_NOT_ALLOWED',
      reason: 'own_code',
    });
    expect((await post(bob)).status).toBe(200);
    expect(await json(await post(bob))).toEqual({
      error: 'You have already used a referral code.',
      code: 'REFERRAL_NOT_ALLOWED',
      reason: 'already_referred',
    });
    expect((await h.request('POST', '/api/entry', { cookie: cat, json: { number: 3 } })).status).toBe(201);
    expect(await json(await post(cat))).toEqual({
      error: 'Referral codes are only for new players.',
      code: 'REFERRAL_NOT_ALLOWED',
      reason: 'already_played',
    });
  });
});

describe('GET/PUT /api/profile: the switch for non-money mails', () => {
  it('is on by default, turns off and on, refuses a non-boolean naming the field, and keeps money mails', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    const profile = await json(await h.request('GET', '/api/profile', { cookie: ann }));
    expect(profile).toMatchObject({ email: 'ann@example.com', displayName: 'Ann', emailNotifications: true });
    const off = await h.request('PUT', '/api/profile', {
      cookie: ann,
      json: { email: 'ann@example.com', displayName: 'Ann', emailNotifications: false },
    });
    expect(off.status).toBe(200);
    expect(await json(off)).toMatchObject({ emailNotifications: false });
    expect(await json(await h.request('GET', '/api/profile', { cookie: ann }))).toMatchObject({
      emailNotifications: false,
    });
    // A profile edit without the field leaves the switch alone.
    await h.request('PUT', '/api/profile', { cookie: ann, json: { email: 'ann@example.com', displayName: 'Annie' } });
    expect(await json(await h.request('GET', '/api/profile', { cookie: ann }))).toMatchObject({
      displayName: 'Annie',
      emailNotifications: false,
    });

    const bad = await h.request('PUT', '/api/profile', {
      cookie: ann,
      json: { email: 'ann@example.com', displayName: 'Ann', emailNotifications: 'no' },
    });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ error: 'emailNotifications must be true or false', code: 'VALIDATION' });
    expect(await json(await h.request('GET', '/api/profile', { cookie: ann }))).toMatchObject({
      displayName: 'Annie',
      emailNotifications: false,
    });
    expect((await h.request('GET', '/api/profile')).status).toBe(401);
  });
});

describe('GET /admin/status: the outbox', () => {
  it('counts the mails waiting and failed, and says delivery is off without SMTP_URL', async () => {
    const { h } = await playedDay();
    await closeToday(h);
    const admin = await h.signIn(ADMIN_EMAIL, 'Admin');
    const status = await json<{ mail: unknown }>(await h.request('GET', '/admin/status', { cookie: admin }));
    // The winner's mail, written by the close, waits.
    expect(status.mail).toEqual({ backlog: 1, failed: 0, delivery: 'off' });
  });
});
