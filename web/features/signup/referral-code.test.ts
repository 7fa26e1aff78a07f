import { describe, expect, it } from 'vitest';
import {
  normalizeReferralCode,
  referralCodeMessage,
  referralCodeState,
  shouldValidate,
  signInButtonLabel,
} from './referral-code.ts';

const none = { isPending: false, valid: undefined, failed: false };

describe('referral code box', () => {
  it('uppercases and cuts to 12 characters', () => {
    expect(normalizeReferralCode('abc def')).toBe('ABCDEF');
    expect(normalizeReferralCode('abcdefghijklmnop')).toBe('ABCDEFGHIJKL');
  });

  it('asks the server only at exactly 12 characters', () => {
    expect(shouldValidate('ABCDEFGHIJK')).toBe(false);
    expect(shouldValidate('ABCDEFGHIJKL')).toBe(true);
    expect(referralCodeState('ABC', { isPending: false, valid: true, failed: false })).toBe('unknown');
  });

  it('reports checking, valid and invalid at 12 characters', () => {
    const code = 'ABCDEFGHIJKL';
    expect(referralCodeState(code, { ...none, isPending: true })).toBe('checking');
    expect(referralCodeState(code, { ...none, valid: true })).toBe('valid');
    expect(referralCodeState(code, { ...none, valid: false })).toBe('invalid');
    expect(referralCodeState(code, { ...none, failed: true })).toBe('invalid');
  });

  it('names the button and message after the state', () => {
    expect(signInButtonLabel('valid')).toBe('SIGN IN & CLAIM BONUS');
    expect(signInButtonLabel('invalid')).toBe('SIGN IN WITH GOOGLE');
    expect(signInButtonLabel('unknown')).toBe('SIGN IN WITH GOOGLE');
    expect(referralCodeMessage('valid')).toBe("✓ VALID CODE! You'll get a bonus entry!");
    expect(referralCodeMessage('invalid')).toBe('✗ INVALID CODE');
    expect(referralCodeMessage('unknown')).toBeNull();
  });
});
