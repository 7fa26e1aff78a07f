// One payout under review: its facts and the actions the server allows this admin (spec-2 §2, §4).
import type { AdminPayoutDto } from '../../../../server/routes/prizes.schemas.ts';
import { formatDateTime, formatLongDate } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { PayoutStatusBadge } from '../../../components/payout-status-badge.tsx';
import type { PayoutAction } from '../payout-actions.ts';
import { IntegrityReview } from './integrity-review.tsx';

const actionLabels: Record<PayoutAction, string> = { approve: 'APPROVE', reject: 'REJECT', markPaid: 'MARK PAID' };

interface PayoutCardProps {
  payout: AdminPayoutDto;
  updating: boolean;
  onAction: (payout: AdminPayoutDto, action: PayoutAction) => void;
}

export function PayoutCard({ payout, updating, onAction }: PayoutCardProps) {
  const actions = payout.allowedActions;
  return (
    <article className="card" aria-label={`Payout for ${formatLongDate(payout.gameDate)}`}>
      <div className="row">
        <PayoutStatusBadge status={payout.status} />
        <strong>
          {formatMoney(payout.amountCents, payout.currency)} {payout.prizeType.toUpperCase()}
        </strong>
      </div>
      <p>Game: {formatLongDate(payout.gameDate)}</p>
      <p>
        Winner:{' '}
        <strong>
          {payout.playerName === null || payout.playerName.trim() === '' ? 'Anonymous' : payout.playerName}
        </strong>
        {payout.playerEmail !== null && <span className="muted"> ({payout.playerEmail})</span>}
      </p>
      {payout.prizeType === 'cash' && (
        <>
          <p>PayPal: {payout.paypalEmail ?? '—'}</p>
          <p>Preferred name: {payout.preferredName ?? '—'}</p>
        </>
      )}
      {payout.reviewNotes !== null && payout.reviewNotes !== '' && <p>Notes: {payout.reviewNotes}</p>}
      {payout.paymentReference !== null && payout.paymentReference !== '' && (
        <p>
          Reference: <code>{payout.paymentReference}</code>
        </p>
      )}
      {payout.integrity !== null && <IntegrityReview evidence={payout.integrity} />}
      <p className="muted">Submitted: {formatDateTime(payout.createdAt)}</p>
      {payout.processedAt !== null && <p className="muted">Processed: {formatDateTime(payout.processedAt)}</p>}
      {actions.length > 0 && (
        <div className="row">
          {updating ? (
            <button type="button" className="btn btn-small" disabled>
              UPDATING...
            </button>
          ) : (
            actions.map((action) => (
              <button
                key={action}
                type="button"
                className={action === 'reject' ? 'btn btn-danger btn-small' : 'btn btn-primary btn-small'}
                onClick={() => onAction(payout, action)}
              >
                {actionLabels[action]}
              </button>
            ))
          )}
        </div>
      )}
    </article>
  );
}
