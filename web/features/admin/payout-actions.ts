/** Which review actions a payout offers (spec-2 §4) and the request each one sends. */
import type { PayoutReviewRequest } from '../../../server/contract.ts';

export type PayoutAction = 'approve' | 'reject' | 'markPaid';

export function payoutActions(status: string): PayoutAction[] {
  if (status === 'pending_review') return ['approve', 'reject'];
  if (status === 'approved') return ['markPaid'];
  return [];
}

export const approveConfirmText =
  'Mark this payout as approved? The winner will be notified that payment is being processed.';

/**
 * The request for an action, or null when the admin's input is blank (reject needs a reason, mark paid a
 * reference); approve takes no input.
 */
export function payoutReviewRequest(action: PayoutAction, input = ''): PayoutReviewRequest | null {
  const text = input.trim();
  switch (action) {
    case 'approve':
      return { status: 'approved', reviewNotes: 'Approved by admin for manual processing' };
    case 'reject':
      return text === '' ? null : { status: 'failed', reviewNotes: `Rejected: ${text}` };
    case 'markPaid':
      return text === '' ? null : { status: 'paid', reviewNotes: 'Payment processed manually', paymentReference: text };
  }
}
