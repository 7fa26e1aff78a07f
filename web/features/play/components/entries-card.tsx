import type { MyEntriesResponse } from '../../../../server/routes/entry.schemas.ts';
import { formatDateTime, formatTime } from '../../../lib/dates.ts';
import { expiresSoon } from '../entry-form.ts';
import { ReceiptCard } from './receipt-card.tsx';

export function EntriesCard({ mine }: { mine: MyEntriesResponse }) {
  return (
    <section className="card" aria-labelledby="entries-title">
      <h2 id="entries-title" className="card-title">
        YOUR ENTRIES ({mine.entries.length}/{mine.maxSubmissions})
      </h2>
      {mine.entries.length === 0 ? (
        <p className="muted">No numbers yet today.</p>
      ) : (
        <ul className="stack" aria-label="Your numbers">
          {mine.entries.map((entry) => (
            <li key={entry.id} className="stack">
              <div className="row">
                <span className="big-number">{entry.number}</span>
                <span className="badge">{entry.entryType === 'bonus' ? 'BONUS' : 'STANDARD'}</span>
                <span className="muted">at {formatTime(entry.submittedAt)}</span>
              </div>
              {/* The receipt on screen: after the close the verify page checks it, and lists it again when signed in. */}
              <ReceiptCard receipt={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const sourceLabels = { referral: 'Referral', streak: 'Streak', other: 'Bonus' } as const;

export function BonusEntriesCard({ mine, now }: { mine: MyEntriesResponse; now: number }) {
  return (
    <section className="card" aria-labelledby="bonus-title">
      <h2 id="bonus-title" className="card-title">
        BONUS ENTRIES ({mine.availableBonusEntries})
      </h2>
      {mine.bonusEntriesDetails.length === 0 ? (
        <p className="muted">No bonus entries available.</p>
      ) : (
        <ul className="stack">
          {mine.bonusEntriesDetails.map((bonus) => (
            <li key={bonus.id}>
              <strong>{sourceLabels[bonus.sourceType]}</strong>: {bonus.remainingEntries} left, expires{' '}
              {formatDateTime(bonus.expiresAt)}
              {expiresSoon(bonus.expiresAt, now) && (
                <span className="badge badge-accent" role="note">
                  {' '}
                  ⚠ EXPIRES IN UNDER 24 HOURS
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
