// LAST RESULT on the play screen: the player's latest closed game as the server decided it.
import { Link } from 'react-router';
import type { MyResultDto } from '../../../../server/routes/results.schemas.ts';
import { formatLongDate, gameNumberLabel } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths, statsForDate, verifyForGame } from '../../../lib/paths.ts';
import { ShareResultButton } from '../../../components/share-result-button.tsx';
import { ordinal, outcomeLabels } from '../../../lib/outcome-labels.ts';

export function LastResultCard({ result }: { result: MyResultDto }) {
  return (
    <section className="card card-accent" aria-labelledby="last-result-title">
      <h2 id="last-result-title" className="card-title">
        LAST RESULT
      </h2>
      <p className="muted">
        Game of {formatLongDate(result.gameDate)} {gameNumberLabel(result.gameDate)}
      </p>
      <p>
        Winning number: <strong className="big-number">{result.winningNumber ?? 'NONE'}</strong>
      </p>
      {result.winningNumber === null && <p>No number was unique: nobody won this game.</p>}
      <ul className="stack" aria-label="Your numbers and how they did">
        {result.entries.map((entry, index) => (
          <li key={`${entry.number}-${index}`} className="row">
            <span className="big-number">{entry.number}</span>
            <span className={entry.outcome === 'winner' ? 'badge badge-win' : 'badge'}>
              {outcomeLabels[entry.outcome]}
            </span>
            {entry.entryType === 'bonus' && <span className="badge">BONUS</span>}
            {entry.rank !== null && entry.outcome === 'unique' && (
              <span className="muted">{ordinal(entry.rank)} lowest unique</span>
            )}
          </li>
        ))}
      </ul>
      {result.winning !== null && (
        <p>
          Your prize:{' '}
          <strong>
            {formatMoney(result.winning.amountCents, result.winning.currency)}{' '}
            {result.winning.prizeType === 'cash' ? 'CASH' : 'GIFT CARD VOUCHER'}
          </strong>
        </p>
      )}
      <p className="row">
        {result.winning?.canClaim === true && (
          <Link className="btn btn-primary" to={paths.winnings}>
            CLAIM PRIZE
          </Link>
        )}
        <Link className="btn" to={statsForDate(result.gameDate)}>
          SEE STATISTICS
        </Link>
        <Link className="btn" to={verifyForGame(result.gameDate)}>
          VERIFY YOUR PICKS
        </Link>
      </p>
      <ShareResultButton gameKey={result.gameDate} winningNumber={result.winningNumber} entries={result.entries} />
    </section>
  );
}
