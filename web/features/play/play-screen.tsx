// The play screen (/ and /submit): countdown, prize, the number form, entries, bonuses and the reward dialogs.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { isNetworkError, messageOf } from '../../lib/api-client.ts';
import { gameNumberLabel, formatLongDate, formatShortDate, parseGameKey } from '../../lib/dates.ts';
import { paths, statsForDate } from '../../lib/paths.ts';
import { useNow } from '../../lib/use-now.ts';
import { meQueryOptions, useMe } from '../../api/me.ts';
import { myRewardsQueryOptions } from '../../api/get-my-rewards.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useLatestResult } from './api/get-latest-result.ts';
import { LastResultCard } from './components/last-result-card.tsx';
import { lastKnownGame, useGameToday } from './api/get-game-today.ts';
import { useMyEntries } from './api/get-my-entries.ts';
import { CountdownCard } from './components/countdown-card.tsx';
import { BonusEntriesCard, EntriesCard } from './components/entries-card.tsx';
import { EntryFormCard } from './components/entry-form-card.tsx';
import { PrizeCard } from './components/prize-card.tsx';
import { StreakCard } from './components/streak-card.tsx';
import { RewardDialog } from './components/reward-dialog.tsx';
import { rewardSpecs } from './components/reward-specs.ts';
import { isGameClosed } from './countdown.ts';
import { useDayTurnover } from './use-day-turnover.ts';
import type { RewardTypeDto } from '../../../server/routes/rewards.schemas.ts';

const rewardTypes: RewardTypeDto[] = ['peak', 'mine', 'how_many'];

export function PlayScreen() {
  usePageTitle('Play');
  const { user } = useMe();
  // Unknown rather than signed out when /api/me got no answer (offline): the form must not send them to sign in.
  const signInUnknown = useQuery(meQueryOptions).isError;
  const signedIn = user !== null;
  const game = useGameToday();
  const mine = useMyEntries(signedIn);
  const rewards = useQuery({ ...myRewardsQueryOptions, enabled: signedIn });
  const latest = useLatestResult(signedIn);
  const now = useNow(1000);
  const justClosed = useDayTurnover(game.data, now);
  const [justSubmitted, setJustSubmitted] = useState<number | null>(null);

  if (game.isLoading) {
    return (
      <section className="page" aria-busy="true">
        <h1 className="page-title">PLAY</h1>
        <p>LOADING GAME…</p>
      </section>
    );
  }
  // Offline, the game this device saw last stands in (its countdown still runs to the real close).
  const stored = game.data === undefined && isNetworkError(game.error) ? lastKnownGame() : null;
  const today = game.data ?? stored;
  if (today === null) {
    return (
      <section className="page">
        <h1 className="page-title">PLAY</h1>
        <div className="alert" role="alert">
          {messageOf(game.error, 'Failed to load the game')}
        </div>
        <button type="button" className="btn" onClick={() => void game.refetch()}>
          TRY AGAIN
        </button>
      </section>
    );
  }

  const closed = isGameClosed(today, now);
  // Entries of another game (the one that just closed, until they reload) are not today's.
  const myEntries = mine.data !== undefined && mine.data.gameDate === today.gameDate ? mine.data : null;
  const hasEntries = myEntries !== null && myEntries.entries.length > 0;
  const canSubmitMore = myEntries === null ? true : myEntries.status.canSubmitMore;
  // Entries of the previous game count as none yet in this one: the form stays, and with it a 409's message.
  const showForm = !closed && (!signedIn || (mine.data !== undefined && canSubmitMore));
  const showConfirmation = hasEntries && (!canSubmitMore || closed);
  const prizeDate = parseGameKey(today.gameDate).date;
  const rewardOf = (type: RewardTypeDto) => rewards.data?.rewardSummary.find((item) => item.rewardType === type);
  const lastResult = latest.data?.result ?? null;

  return (
    <section className="page">
      <h1 className="page-title">LOWEST UNIQUE NUMBER WINS</h1>
      <p className="muted">
        Game of {formatLongDate(today.gameDate)} {gameNumberLabel(today.gameDate)}
      </p>

      {stored !== null && (
        <div className="notice" role="status">
          <p>
            OFFLINE: this is the game as this device last saw it. Your entries and the prize show once you are back
            online.
          </p>
          <button type="button" className="btn" onClick={() => void game.refetch()}>
            TRY AGAIN
          </button>
        </div>
      )}

      {justClosed !== null && justClosed !== today.gameDate && (
        <p className="notice" role="status">
          The {[formatShortDate(justClosed), gameNumberLabel(justClosed)].filter((part) => part !== '').join(' ')} game
          has closed. Results are in. <Link to={statsForDate(justClosed)}>SEE THE RESULTS</Link>
        </p>
      )}

      {closed ? (
        <section className="card card-accent" aria-labelledby="closed-title">
          <h2 id="closed-title" className="card-title">
            GAME CLOSED
          </h2>
          <p>This game is closed: no more numbers. See how it turned out on the statistics screen.</p>
          <Link className="btn" to={paths.stats}>
            SEE RESULTS
          </Link>
        </section>
      ) : (
        !showConfirmation && <CountdownCard game={today} now={now} />
      )}

      {/* Right after the countdown, so on a phone the form is on the first screen. */}
      {showForm && (
        <EntryFormCard
          signedIn={signedIn}
          signInUnknown={signInUnknown}
          gameDate={today.gameDate}
          limits={today.limits}
          mine={myEntries}
          onSubmitted={setJustSubmitted}
        />
      )}
      {signedIn && <StreakCard playedToday={hasEntries} closed={closed} />}
      {justSubmitted !== null && !showConfirmation && (
        <p className="notice" role="status">
          Number {justSubmitted} submitted! Good luck!
        </p>
      )}
      {signedIn && mine.isLoading && <p>Loading your entries…</p>}
      {signedIn && mine.isError && (
        <div className="alert" role="alert">
          {messageOf(mine.error, 'Failed to load your entries')}
        </div>
      )}

      {showConfirmation && myEntries !== null ? (
        <section className="card card-accent" aria-labelledby="confirmation-title">
          <h2 id="confirmation-title" className="card-title">
            SUBMISSION CONFIRMED
          </h2>
          <p>
            Your {myEntries.entries.length === 1 ? 'number is' : 'numbers are'}{' '}
            <strong className="big-number">{myEntries.entries.map((entry) => entry.number).join(', ')}</strong>
          </p>
          <p>
            {!closed
              ? 'Good luck! The lowest number nobody else picked wins.'
              : lastResult?.gameDate === today.gameDate
                ? 'The game has closed: your result is below.'
                : 'The game has closed: the result comes as soon as it is computed.'}
          </p>
          <PrizeCard date={prizeDate} />
          {!closed && <CountdownCard game={today} now={now} />}
        </section>
      ) : null}

      {lastResult !== null && <LastResultCard result={lastResult} />}

      {!showConfirmation && <PrizeCard date={prizeDate} />}

      {myEntries !== null && (
        <div className="grid">
          <EntriesCard mine={myEntries} />
          <BonusEntriesCard mine={myEntries} now={now} />
        </div>
      )}

      <section className="card" aria-labelledby="strategy-title">
        <h2 id="strategy-title" className="card-title">
          STRATEGY REMINDER
        </h2>
        <p>
          Lowest is not enough: it must be unique. Everyone rushes to 1, 2 and 3, so think about what nobody else will
          pick.
        </p>
      </section>

      {signedIn && (
        <section className="card" aria-labelledby="rewards-title">
          <h2 id="rewards-title" className="card-title">
            YOUR REWARDS
          </h2>
          <div className="row">
            {rewardTypes.map((type) => {
              const reward = rewardOf(type);
              return (
                <RewardDialog
                  key={type}
                  type={type}
                  available={reward?.available ?? 0}
                  howToEarn={reward?.config.howToEarn ?? ''}
                  limits={today.limits}
                  trigger={
                    <button type="button" className="btn" disabled={closed}>
                      USE {rewardSpecs[type].title} ({reward?.available ?? 0})
                    </button>
                  }
                />
              );
            })}
          </div>
          <Link className="link-target" to={paths.rewards}>
            See all rewards
          </Link>
        </section>
      )}

      {signedIn && myEntries !== null && myEntries.availableBonusEntries === 0 && (
        <section className="card" aria-labelledby="invite-title">
          <h2 id="invite-title" className="card-title">
            WANT ANOTHER SHOT?
          </h2>
          <p>
            Invite friends: each friend who joins earns you a bonus entry, and a bonus entry lets you submit 2 numbers
            instead of 1.
          </p>
          <Link className="btn btn-primary" to={paths.referrals}>
            INVITE FRIENDS
          </Link>
        </section>
      )}
    </section>
  );
}
