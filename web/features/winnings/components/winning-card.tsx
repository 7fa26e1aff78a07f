// One winning in the pending or completed list (spec-2 §2, Winnings).
import type { WinningDto } from '../../../../server/routes/winnings.schemas.ts';
import { formatDate, formatLongDate } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { PayoutStatusBadge } from '../../../components/payout-status-badge.tsx';

/** The admin's reason, without the 'Rejected: ' the review writes before it (spec-2 §4). */
function rejectionReason(notes: string | null): string | null {
  if (notes === null || notes.trim() === '') return null;
  return notes.replace(/^Rejected:\s*/, '');
}

export function WinningCard({ winning, onClaim }: { winning: WinningDto; onClaim: (winning: WinningDto) => void }) {
  const rejected = winning.status === 'failed';
  const reason = rejected ? rejectionReason(winning.reviewNotes) : null;
  return (
    <article className="card" aria-label={`Winning of ${formatLongDate(winning.gameDate)}`}>
      <div className="row">
        <h3 className="card-title">{formatLongDate(winning.gameDate)}</h3>
        {rejected ? (
          <span className="badge badge-status-failed">REJECTED</span>
        ) : (
          <PayoutStatusBadge status={winning.status} />
        )}
      </div>
      <p>
        Won with number <strong>#{winning.winningNumber}</strong>
      </p>
      <p className="winning-amount">{formatMoney(winning.amountCents, winning.currency)}</p>
      <p>
        <span className="badge badge-accent">{winning.prizeType.toUpperCase()}</span>
      </p>
      {rejected && (
        <p>
          <strong>Reason:</strong> {reason ?? 'No reason was given.'}
        </p>
      )}
      {!rejected && winning.reviewNotes !== null && winning.reviewNotes !== '' && (
        <p>
          <strong>Admin notes:</strong> {winning.reviewNotes}
        </p>
      )}
      {winning.status === 'paid' && winning.processedAt !== null && (
        <p>
          <strong>Paid on</strong> {formatDate(winning.processedAt)}
        </p>
      )}
      {winning.status === 'paid' && winning.paymentReference !== null && winning.paymentReference !== '' && (
        <p>
          <strong>Reference:</strong> <code>{winning.paymentReference}</code>
        </p>
      )}
      {winning.canClaim && (
        <button type="button" className="btn btn-primary" onClick={() => onClaim(winning)}>
          CLAIM PRIZE
        </button>
      )}
    </article>
  );
}
