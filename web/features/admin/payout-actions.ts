/** The request each review action sends (spec-2 §4); which actions a payout offers is the server's `allowedActions`. */
import type { AdminPayoutDto, PayoutReviewRequest } from '../../../server/routes/prizes.schemas.ts';

export type PayoutAction = AdminPayoutDto['allowedActions'][number];

const APPROVED_NOTE = 'Approved by admin for manual processing';

export const approveConfirmText =
  'Mark this payout as approved? The winner will be notified that payment is being processed.';

/**
 * The request for an action, or null when the admin's input is blank (reject needs a reason, mark paid a
 * reference, approving a flagged payout the winner's display name); approving an unflagged one takes no input.
 */
export function payoutReviewRequest(action: PayoutAction, input = '', flagged = false): PayoutReviewRequest | null {
  const text = input.trim();
  switch (action) {
    case 'approve':
      // The winner reads the note: it must not tell them the payout was flagged.
      if (!flagged) return { status: 'approved', reviewNotes: APPROVED_NOTE };
      return text === '' ? null : { status: 'approved', reviewNotes: APPROVED_NOTE, confirmName: text };
    case 'reject':
      return text === '' ? null : { status: 'failed', reviewNotes: `Rejected: ${text}` };
    case 'markPaid':
      return text === '' ? null : { status: 'paid', reviewNotes: 'Payment processed manually', paymentReference: text };
  }
}
