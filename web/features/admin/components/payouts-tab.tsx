// PAYOUTS: the review queue. APPROVE is confirmed (a flagged payout: by typing the winner's display name, DESIGN.md §18);
// REJECT and MARK PAID ask for text first (spec-2 §4).
import { useState } from 'react';
import type { AdminPayoutDto, PayoutReviewRequest } from '../../../../server/routes/prizes.schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PromptDialog } from '../../../components/ui/prompt-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useAdminPayouts } from '../api/get-admin-payouts.ts';
import { useReviewPayout } from '../api/review-payout.ts';
import { approveConfirmText, payoutReviewRequest, type PayoutAction } from '../payout-actions.ts';
import { confirmNameLabel } from '../integrity-evidence.ts';
import { useErrorToast } from '../use-error-toast.ts';
import { PayoutCard } from './payout-card.tsx';

export function PayoutsTab() {
  const payouts = useAdminPayouts();
  const review = useReviewPayout();
  const { toast } = useToast();
  const [pending, setPending] = useState<{ payout: AdminPayoutDto; action: PayoutAction } | null>(null);
  /** The server's refusal of a typed name: the dialog stays open with it. */
  const [nameError, setNameError] = useState<string | null>(null);
  useErrorToast(payouts.error, 'Error', 'Failed to load payouts');

  const send = (payout: AdminPayoutDto, request: PayoutReviewRequest) => {
    setPending(null);
    review.mutate(
      { id: payout.id, request },
      {
        onSuccess: () => toast({ title: 'Success', description: `Payout marked as ${request.status}` }),
        onError: (error) =>
          toast({ title: 'Error', description: messageOf(error, 'Failed to update payout'), variant: 'destructive' }),
      },
    );
  };
  const submitText = (value: string) => {
    if (pending === null) return;
    const request = payoutReviewRequest(pending.action, value);
    // The dialogs refuse a blank answer; payoutReviewRequest checks again.
    if (request !== null) send(pending.payout, request);
  };
  const approveFlagged = (typedName: string) => {
    if (pending === null) return;
    const { payout } = pending;
    const request = payoutReviewRequest('approve', typedName, true);
    if (request === null) return;
    setNameError(null);
    review.mutate(
      { id: payout.id, request },
      {
        onSuccess: () => {
          setPending(null);
          toast({ title: 'Success', description: 'Payout marked as approved' });
        },
        onError: (error) => setNameError(messageOf(error, 'Failed to update payout')),
      },
    );
  };
  const closeDialogs = (open: boolean) => {
    if (open) return;
    setPending(null);
    setNameError(null);
  };
  const flagged = pending !== null && pending.payout.integrity !== null;
  const list = payouts.data?.payouts ?? [];
  const updatingId = review.isPending ? review.variables.id : null;

  return (
    <div className="stack">
      <div className="row">
        <h3 className="card-title">PAYOUTS ({list.length})</h3>
        <button
          type="button"
          className="btn btn-small"
          disabled={payouts.isFetching}
          onClick={() => void payouts.refetch()}
        >
          {payouts.isFetching ? 'LOADING...' : 'REFRESH'}
        </button>
      </div>
      {payouts.isLoading ? (
        <p role="status">Loading payouts...</p>
      ) : payouts.isError ? (
        <p className="alert" role="alert">
          {messageOf(payouts.error, 'Failed to load payouts')}
        </p>
      ) : list.length === 0 ? (
        <p className="muted">No payouts to process</p>
      ) : (
        <div className="grid">
          {list.map((payout) => (
            <PayoutCard
              key={payout.id}
              payout={payout}
              updating={updatingId === payout.id}
              onAction={(target, action) => setPending({ payout: target, action })}
            />
          ))}
        </div>
      )}
      <ConfirmDialog
        open={pending?.action === 'approve' && !flagged}
        onOpenChange={closeDialogs}
        title="APPROVE PAYOUT?"
        description={approveConfirmText}
        confirmLabel="APPROVE"
        onConfirm={() => {
          const request = payoutReviewRequest('approve');
          if (pending !== null && request !== null) send(pending.payout, request);
        }}
      />
      <PromptDialog
        open={pending?.action === 'approve' && flagged}
        onOpenChange={closeDialogs}
        title="APPROVE FLAGGED PAYOUT"
        description="This winning is flagged for integrity review. Approve it only if you are satisfied the evidence does not show one person playing many accounts."
        label={confirmNameLabel}
        requiredMessage={confirmNameLabel}
        submitLabel="APPROVE"
        pending={review.isPending}
        error={nameError}
        onSubmit={approveFlagged}
      />
      <PromptDialog
        open={pending?.action === 'reject'}
        onOpenChange={closeDialogs}
        title="REJECT PAYOUT"
        label="Reason for rejection"
        requiredMessage="Enter a reason for the rejection"
        submitLabel="REJECT"
        onSubmit={submitText}
      />
      <PromptDialog
        open={pending?.action === 'markPaid'}
        onOpenChange={closeDialogs}
        title="MARK AS PAID"
        label="PayPal transaction ID or voucher code"
        requiredMessage="Enter the PayPal transaction ID or voucher code"
        submitLabel="MARK PAID"
        onSubmit={submitText}
      />
      <aside className="card" aria-labelledby="payout-workflow-title">
        <h3 id="payout-workflow-title" className="card-title">
          MANUAL PAYOUT WORKFLOW
        </h3>
        <ol className="admin-workflow">
          <li>Review the claim and approve it (or reject it with a reason).</li>
          <li>Pay cash prizes by PayPal to the e-mail the winner gave.</li>
          <li>For vouchers, buy a voucher and e-mail its code to the winner.</li>
          <li>Mark the payout as paid with the PayPal transaction ID or the voucher code.</li>
          <li>The winner is notified automatically when it is marked paid.</li>
        </ol>
      </aside>
    </div>
  );
}
