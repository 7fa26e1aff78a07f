import { describe, it, expect } from 'vitest';
import { createUser, makeDeps, SeededRandom, type TestDeps } from '../../test/support/fakes.ts';
import { submitEntry } from '../entries/submit-entry.ts';
import {
  isValidCodeFormat,
  myReferralCode,
  newReferralCode,
  processReferral,
  referralBonuses,
  referralStats,
  validateReferralCode,
} from './referrals.ts';

const setup = async (): Promise<TestDeps> => {
  const deps = makeDeps();
  await createUser(deps, { id: 'ann', referralCode: 'ANNCODE00001' });
  await createUser(deps, { id: 'bob', referralCode: 'BOBCODE00001' });
  await createUser(deps, { id: 'cat', referralCode: 'CATCODE00001' });
  return deps;
};

describe('referral codes', () => {
  it('are 12 characters of A-Z and 0-9', () => {
    const random = new SeededRandom(7);
    const codes = Array.from({ length: 50 }, () => newReferralCode(random));
    for (const code of codes) expect(isValidCodeFormat(code)).toBe(true);
    expect(new Set(codes).size).toBe(50);
    expect(isValidCodeFormat('abcdefghijkl')).toBe(false);
    expect(isValidCodeFormat('ABCDEFGHIJK')).toBe(false);
  });

  it('validate by existence, accepting lower case', async () => {
    const deps = await setup();
    expect(await validateReferralCode(deps, 'ANNCODE00001')).toBe(true);
    expect(await validateReferralCode(deps, 'anncode00001')).toBe(true);
    expect(await validateReferralCode(deps, 'ZZZZZZZZZZZZ')).toBe(false);
    expect(await validateReferralCode(deps, 'short')).toBe(false);
    expect(await myReferralCode(deps, 'ann')).toEqual({ referralCode: 'ANNCODE00001' });
  });
});

describe('processReferral', () => {
  it('records a pending referral and gives the new player a bonus entry', async () => {
    const deps = await setup();
    await processReferral(deps, { userId: 'bob', referralCode: 'ANNCODE00001' });
    expect(await referralStats(deps, 'ann')).toEqual({
      totalReferrals: 1,
      completedReferrals: 0,
      notEligibleReferrals: 0,
    });
    const bonuses = await referralBonuses(deps, 'bob');
    expect(bonuses.availableBonuses).toBe(1);
    expect(bonuses.bonusEntries).toMatchObject([
      { sourceType: 'referral', remainingEntries: 1, expiresAt: '2026-11-27T12:00:00.000Z' },
    ]);
    expect((await referralBonuses(deps, 'ann')).availableBonuses).toBe(0);
  });

  it('refuses unknown codes, own codes, a second referral and players who already played', async () => {
    const deps = await setup();
    await expect(processReferral(deps, { userId: 'bob', referralCode: 'ZZZZZZZZZZZZ' })).rejects.toMatchObject({
      code: 'REFERRAL_INVALID',
    });
    await expect(processReferral(deps, { userId: 'bob', referralCode: 'BOBCODE00001' })).rejects.toMatchObject({
      code: 'REFERRAL_NOT_ALLOWED',
    });
    await processReferral(deps, { userId: 'bob', referralCode: 'ANNCODE00001' });
    await expect(processReferral(deps, { userId: 'bob', referralCode: 'CATCODE00001' })).rejects.toMatchObject({
      code: 'REFERRAL_NOT_ALLOWED',
    });
    await submitEntry(deps, { userId: 'cat', number: 3 });
    await expect(processReferral(deps, { userId: 'cat', referralCode: 'ANNCODE00001' })).rejects.toMatchObject({
      code: 'REFERRAL_NOT_ALLOWED',
    });
    // Refusals wrote nothing.
    expect((await referralBonuses(deps, 'cat')).availableBonuses).toBe(0);
    expect(await referralStats(deps, 'cat')).toEqual({
      totalReferrals: 0,
      completedReferrals: 0,
      notEligibleReferrals: 0,
    });
  });

  it('bonus entries expire after 7 days', async () => {
    const deps = await setup();
    await processReferral(deps, { userId: 'bob', referralCode: 'ANNCODE00001' });
    deps.clock.advance(7 * 86_400_000);
    expect(await referralBonuses(deps, 'bob')).toEqual({ availableBonuses: 0, bonusEntries: [] });
  });
});
