// /winnings: the player's winnings, split into pending and completed payouts, and the claim view.
import { useState } from 'react';
import { Link } from 'react-router';
import type { WinningDto } from '../../../server/routes/winnings.schemas.ts';
import { formatLongDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { paths } from '../../lib/paths.ts';
import { RequireUser, SignInPrompt } from '../../components/require-user.tsx';
import { useWinnings } from './api/get-winnings.ts';
import { ClaimForm } from './components/claim-form.tsx';
import { WinningCard } from './components/winning-card.tsx';
import { summarizeWinnings } from './winnings-summary.ts';
import './winnings.css';
import { usePageTitle } from '../../lib/use-page-title.ts';

export function WinningsScreen() {
  usePageTitle('My winnings');
  return (
    <RequireUser
      signedOut={
        <SignInPrompt title="SIGN IN REQUIRED" message="Sign in to see your winnings and claim your prizes." />
      }
    >
      {() => <PlayerWinnings />}
    </RequireUser>
  );
}

function PlayerWinnings() {
  const winnings = useWinnings();
  const [claiming, setClaiming] = useState<WinningDto | null>(null);

  if (claiming !== null) {
    return (
      <div className="page stack">
        <h1 className="page-title">CLAIM YOUR PRIZE</h1>
        <p>{formatLongDate(claiming.gameDate)}</p>
        <button type="button" className="btn" onClick={() => setClaiming(null)}>
          <span aria-hidden="true">← </span>BACK TO WINNINGS
        </button>
        <ClaimForm winning={claiming} />
      </div>
    );
  }

  if (winnings.isLoading)
    return (
      <p className="page" role="status">
        LOADING YOUR WINNINGS...
      </p>
    );

  if (winnings.data === undefined) {
    return (
      <div className="page stack">
        <h1 className="page-title">YOUR WINNINGS</h1>
        <p className="alert" role="alert">
          Failed to load your winnings
        </p>
        <button type="button" className="btn" onClick={() => void winnings.refetch()}>
          TRY AGAIN
        </button>
      </div>
    );
  }

  const summary = summarizeWinnings(winnings.data.winnings);
  return (
    <div className="page stack">
      <h1 className="page-title">YOUR WINNINGS</h1>
      <p className="winnings-total card card-accent">TOTAL WON: {formatMoney(summary.totalCents, summary.currency)}</p>
      {winnings.data.winnings.length === 0 ? (
        <section className="card" aria-labelledby="no-winnings-title">
          <h2 id="no-winnings-title" className="card-title">
            NO WINNINGS YET
          </h2>
          <p>Pick the lowest number nobody else picks and your prizes will show up here.</p>
          <Link className="btn btn-primary" to={paths.home}>
            PLAY GAME
          </Link>
        </section>
      ) : (
        <>
          <PayoutSection
            id="pending-payouts-title"
            title="PENDING PAYOUTS"
            winnings={summary.pending}
            onClaim={setClaiming}
          />
          <PayoutSection
            id="completed-payouts-title"
            title="COMPLETED PAYOUTS"
            winnings={summary.completed}
            onClaim={setClaiming}
          />
        </>
      )}
    </div>
  );
}

/** A titled grid of winning cards with their count; nothing when the list is empty. */
function PayoutSection({
  id,
  title,
  winnings,
  onClaim,
}: {
  id: string;
  title: string;
  winnings: WinningDto[];
  onClaim: (winning: WinningDto) => void;
}) {
  if (winnings.length === 0) return null;
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title} ({winnings.length})
      </h2>
      <div className="grid">
        {winnings.map((winning) => (
          <WinningCard key={winning.gameId} winning={winning} onClaim={onClaim} />
        ))}
      </div>
    </section>
  );
}
