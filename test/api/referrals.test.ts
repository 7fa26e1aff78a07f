// /api/referrals/*: code, counters, validation (open to visitors), processing after sign-in.
import { describe, expect, it } from 'vitest';
import type { MyEntriesResponse } from '../../server/routes/entry.schemas.ts';
import type { ReferralBonusesResponse, ReferralCodeResponse } from '../../server/routes/referrals.schemas.ts';
import { json, makeHarness } from './harness.ts';

describe('referrals', () => {
  it('a new player processes a code: they get a bonus entry; the referrer gets one after their first pick', async () => {
    const { request, signIn } = await makeHarness();
    const ann = await signIn('ann@example.com');
    const { referralCode } = await json<ReferralCodeResponse>(
      await request('GET', '/api/referrals/code', { cookie: ann }),
    );
    expect(referralCode).toMatch(/^[A-Z0-9]{12}$/);

    // Visitors can check a code before signing in; lower case is accepted.
    expect(await json(await request('GET', `/api/referrals/validate/${referralCode.toLowerCase()}`))).toEqual({
      valid: true,
    });
    expect(await json(await request('GET', '/api/referrals/validate/ZZZZZZZZZZZZ'))).toEqual({ valid: false });
    expect(await json(await request('GET', '/api/referrals/validate/short'))).toEqual({ valid: false });

    const bob = await signIn('bob@example.com');
    const res = await request('POST', '/api/referrals/process', {
      cookie: bob,
      json: { referralCode: ` ${referralCode.toLowerCase()} ` },
    });
    expect(res.status).toBe(200);
    expect(typeof (await json(res)).message).toBe('string');
    const bonuses = await json<ReferralBonusesResponse>(
      await request('GET', '/api/referrals/bonuses', { cookie: bob }),
    );
    expect(bonuses.availableBonuses).toBe(1);
    expect(bonuses.bonusEntries[0]).toMatchObject({ sourceType: 'referral', remainingEntries: 1 });
    expect(await json(await request('GET', '/api/referrals/stats', { cookie: ann }))).toEqual({
      totalReferrals: 1,
      completedReferrals: 0,
      notEligibleReferrals: 0,
    });

    // Bob's bonus entry lets him pick twice.
    expect((await request('POST', '/api/entry', { cookie: bob, json: { number: 5 } })).status).toBe(201);
    const mine = await json<MyEntriesResponse>(await request('GET', '/api/entry/mine', { cookie: bob }));
    expect(mine).toMatchObject({ maxSubmissions: 2, status: { canSubmitMore: true } });
    const bonusPick = await request('POST', '/api/entry', { cookie: bob, json: { number: 6 } });
    expect(bonusPick.status).toBe(201);
    expect((await json<{ entry: { entryType: string } }>(bonusPick)).entry.entryType).toBe('bonus');

    expect(await json(await request('GET', '/api/referrals/stats', { cookie: ann }))).toEqual({
      totalReferrals: 1,
      completedReferrals: 1,
      notEligibleReferrals: 0,
    });
    expect(
      (await json<ReferralBonusesResponse>(await request('GET', '/api/referrals/bonuses', { cookie: ann })))
        .availableBonuses,
    ).toBe(1);
  });

  it('is 401 signed out for the personal endpoints', async () => {
    const { request } = await makeHarness();
    for (const path of ['/api/referrals/code', '/api/referrals/stats', '/api/referrals/bonuses']) {
      expect((await request('GET', path)).status, path).toBe(401);
    }
    expect((await request('POST', '/api/referrals/process', { json: { referralCode: 'ABCDEFGHJKLM' } })).status).toBe(
      401,
    );
  });

  it('400 for an unknown or missing code, 409 for one’s own code or a second code', async () => {
    const { request, signIn } = await makeHarness();
    const ann = await signIn('ann@example.com');
    const bob = await signIn('bob@example.com');
    const unknown = await request('POST', '/api/referrals/process', {
      cookie: bob,
      json: { referralCode: 'ZZZZZZZZZZZZ' },
    });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual({ error: 'Invalid referral code.', code: 'REFERRAL_INVALID' });
    const missing = await request('POST', '/api/referrals/process', { cookie: bob, json: {} });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error).toBe('referralCode is required.');

    const annCode = (await json<ReferralCodeResponse>(await request('GET', '/api/referrals/code', { cookie: ann })))
      .referralCode;
    const own = await request('POST', '/api/referrals/process', { cookie: ann, json: { referralCode: annCode } });
    expect(own.status).toBe(409);
    expect((await json(own)).code).toBe('REFERRAL_NOT_ALLOWED');
    expect(
      (await request('POST', '/api/referrals/process', { cookie: bob, json: { referralCode: annCode } })).status,
    ).toBe(200);
    const twice = await request('POST', '/api/referrals/process', { cookie: bob, json: { referralCode: annCode } });
    expect(twice.status).toBe(409);
  });
});
