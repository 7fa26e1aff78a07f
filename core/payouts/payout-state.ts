// The payout state machine as a pure function: pending_review → approved | failed, approved → paid.
import { fail } from '../errors.ts';
import type { Instant, Payout, PayoutStatus } from '../model.ts';

export type ReviewStatus = 'approved' | 'failed' | 'paid';

const NEXT: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  pending_review: ['approved', 'failed'],
  approved: ['paid'],
  paid: [],
  failed: [],
};

export const canTransition = (from: PayoutStatus, to: PayoutStatus): boolean => NEXT[from].includes(to);

/** What an admin can do to a payout, by button: each maps to one review status. */
export type ReviewAction = 'approve' | 'reject' | 'markPaid';

const ACTION_STATUS: Readonly<Record<ReviewAction, ReviewStatus>> = {
  approve: 'approved',
  reject: 'failed',
  markPaid: 'paid',
};

/** Four eyes on money: whoever won cannot approve, reject or pay their own prize (DESIGN.md §9). */
export const isOwnPayout = (payout: Pick<Payout, 'userId'>, adminId: string): boolean =>
  payout.userId !== null && payout.userId === adminId;

/**
 * The review actions the machine allows from `status` for this admin, in button order. None on a payout of the
 * admin's own: the web app renders this list instead of knowing the machine.
 */
export const allowedReviewActions = (payout: Pick<Payout, 'status' | 'userId'>, adminId: string): ReviewAction[] =>
  isOwnPayout(payout, adminId)
    ? []
    : (Object.keys(ACTION_STATUS) as ReviewAction[]).filter((action) =>
        canTransition(payout.status, ACTION_STATUS[action]),
      );

export const isReviewStatus = (value: string): value is ReviewStatus =>
  value === 'approved' || value === 'failed' || value === 'paid';

export interface ReviewRequest {
  status: string;
  reviewNotes?: string | null | undefined;
  paymentReference?: string | null | undefined;
}

export interface PlannedTransition {
  from: PayoutStatus;
  to: ReviewStatus;
  reviewNotes: string | null;
  paymentReference: string | null;
  processedAt: Instant | null;
}

const blankToNull = (text: string | null | undefined): string | null => {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * What a review does to a payout, or a DomainError: VALIDATION for an unknown status or a missing
 * reason/reference, ILLEGAL_TRANSITION for a move the machine does not allow. Notes the request
 * leaves out keep their earlier value.
 */
export const planTransition = (
  payout: Pick<Payout, 'status' | 'reviewNotes' | 'paymentReference' | 'processedAt'>,
  request: ReviewRequest,
  now: Instant,
): PlannedTransition => {
  const to = request.status;
  if (!isReviewStatus(to)) return fail('VALIDATION', 'Status must be approved, failed or paid');
  if (!canTransition(payout.status, to)) {
    return fail('ILLEGAL_TRANSITION', `A payout cannot go from ${payout.status} to ${to}`, { from: payout.status, to });
  }
  const notes = blankToNull(request.reviewNotes);
  const reference = blankToNull(request.paymentReference);
  if (to === 'failed' && notes === null) fail('VALIDATION', 'A reason is required to reject a payout');
  if (to === 'paid' && reference === null)
    fail('VALIDATION', 'A payment reference (PayPal transaction ID or voucher code) is required');
  return {
    from: payout.status,
    to,
    reviewNotes: notes ?? payout.reviewNotes,
    paymentReference: to === 'paid' ? reference : payout.paymentReference,
    processedAt: to === 'paid' || to === 'failed' ? now : payout.processedAt,
  };
};
