/** The request each review action sends (spec-2 §4); which actions a payout offers is the server's `allowedActions`. */
import type { AdminPayoutDto, PayoutReviewRequest } from '../../../server/contract.ts';

export type PayoutAction = AdminPayoutDto['allowedActions'][number];

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
