import { describe, it, expect } from 'vitest';
import { payoutReviewRequest } from './payout-actions.ts';

describe('payoutReviewRequest', () => {
  it('approves with the fixed review note', () => {
    expect(payoutReviewRequest('approve')).toEqual({
      status: 'approved',
      reviewNotes: 'Approved by admin for manual processing',
    });
  });

  it('approves a flagged payout only with the typed name, and the same note the winner reads for any approval', () => {
    expect(payoutReviewRequest('approve', '  Sam Winner ', true)).toEqual({
      status: 'approved',
      reviewNotes: 'Approved by admin for manual processing',
      confirmName: 'Sam Winner',
    });
    expect(payoutReviewRequest('approve', '  ', true)).toBeNull();
    expect(payoutReviewRequest('approve', '', true)).toBeNull();
  });

  it('rejects with the reason in the note, and refuses a blank reason', () => {
    expect(payoutReviewRequest('reject', '  wrong PayPal  ')).toEqual({
      status: 'failed',
      reviewNotes: 'Rejected: wrong PayPal',
    });
    expect(payoutReviewRequest('reject', '   ')).toBeNull();
    expect(payoutReviewRequest('reject')).toBeNull();
  });

  it('marks paid with the trimmed reference, and refuses a blank one', () => {
    expect(payoutReviewRequest('markPaid', '  TX-123 ')).toEqual({
      status: 'paid',
      reviewNotes: 'Payment processed manually',
      paymentReference: 'TX-123',
    });
    expect(payoutReviewRequest('markPaid', '')).toBeNull();
  });
});
