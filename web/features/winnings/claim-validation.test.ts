import { describe, it, expect } from 'vitest';
import { validateClaim } from './claim-validation.ts';
import { payoutStatusName } from '../../lib/payout-status.ts';
import { weekdayName } from '../../lib/weekday.ts';

describe('validateClaim', () => {
  it('needs nothing for a voucher', () => {
    expect(validateClaim('voucher', { paypalEmail: '', preferredName: '' })).toBeNull();
  });

  it('requires both the PayPal e-mail and the preferred name for cash', () => {
    const required = 'PayPal email and preferred name are required for cash prizes';
    expect(validateClaim('cash', { paypalEmail: '', preferredName: 'Ada' })).toBe(required);
    expect(validateClaim('cash', { paypalEmail: 'ada@example.com', preferredName: '' })).toBe(required);
    expect(validateClaim('cash', { paypalEmail: '   ', preferredName: '  ' })).toBe(required);
  });

  it("requires an '@' in the PayPal e-mail", () => {
    expect(validateClaim('cash', { paypalEmail: 'ada.example.com', preferredName: 'Ada' })).toBe(
      'Please enter a valid PayPal email address',
    );
  });

  it('accepts a complete cash claim', () => {
    expect(validateClaim('cash', { paypalEmail: 'ada@example.com', preferredName: 'Ada L' })).toBeNull();
  });
});

describe('payoutStatusName', () => {
  it('names the known statuses and shows others as they are', () => {
    expect(payoutStatusName('pending_review')).toBe('Pending Review');
    expect(payoutStatusName('approved')).toBe('Approved');
    expect(payoutStatusName('paid')).toBe('Paid');
    expect(payoutStatusName('failed')).toBe('Failed');
    expect(payoutStatusName('unclaimed')).toBe('Unclaimed');
    expect(payoutStatusName('on_hold')).toBe('on_hold');
  });
});

describe('weekday', () => {
  it('numbers Monday 1 to Sunday 7', () => {
    expect(weekdayName(1)).toBe('Monday');
    expect(weekdayName(7)).toBe('Sunday');
  });
});
