// INTEGRITY REVIEW on a flagged payout card (DESIGN.md §18): the evidence that the winner may be one of many accounts
// run by one person. It informs the admin's decision; approving asks for the winner's display name.
import { useId } from 'react';
import type { IntegrityEvidenceDto } from '../../../../server/routes/prizes.schemas.ts';
import { evidenceFacts, signalLine } from '../integrity-evidence.ts';

export function IntegrityReview({ evidence }: { evidence: IntegrityEvidenceDto }) {
  const titleId = useId();
  return (
    <section className="integrity-review" aria-labelledby={titleId}>
      <h4 id={titleId} className="integrity-review-title">
        INTEGRITY REVIEW
      </h4>
      <p>This winner is linked to other accounts that played the same game. Check the evidence before you approve.</p>
      <dl className="integrity-facts">
        {evidenceFacts(evidence).map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}:</dt> <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <h5 className="integrity-signals-title">SIGNALS</h5>
      <ul className="integrity-signals">
        {evidence.signals.map((signal) => (
          <li key={signal.kind}>{signalLine(signal)}</li>
        ))}
      </ul>
    </section>
  );
}
