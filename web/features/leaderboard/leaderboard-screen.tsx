// /leaderboard: five categories, results rows or player rows, the user's rank, loading/error/empty states.
import { useState } from 'react';
import { Link } from 'react-router';
import type { LeaderboardKind, PlayerItem, ResultItem } from '../../../server/routes/leaderboard.schemas.ts';
import { formatShortDate, gameNumberLabel } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { paths, statsForDate } from '../../lib/paths.ts';
import { useMe } from '../../api/me.ts';
import { useLeaderboard } from './api/get-leaderboard.ts';
import { formatLastPlayed } from './last-played.ts';
import {
  categories,
  categoryOf,
  emptyMessage,
  isPlayerItem,
  isResultItem,
  rankLabel,
  rankOf,
  type Category,
} from './leaderboard-view.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import './leaderboard.css';

/** Rows drawn while the board loads: enough to fill a phone's screen, so the rows that arrive push nothing in view. */
const PLACEHOLDER_ROWS = 8;

export function LeaderboardScreen() {
  usePageTitle('Rankings');
  const { user } = useMe();
  const [kind, setKind] = useState<LeaderboardKind>('results');
  const board = useLeaderboard(kind);
  const category = categoryOf(kind);
  const items = board.data?.items ?? [];
  const players = items.filter(isPlayerItem);
  const results = items.filter(isResultItem);
  const myRank = kind === 'results' ? null : rankOf(players, user?.id);

  return (
    <section className="page">
      <h1 className="page-title">RANKINGS</h1>
      <div className="tabs" role="group" aria-label="Leaderboard category">
        {categories.map((option) => (
          <button
            key={option.kind}
            type="button"
            className="tab"
            aria-pressed={option.kind === kind}
            onClick={() => setKind(option.kind)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <p className="muted">{category.description}</p>
      {myRank !== null && <p className="notice">YOUR RANK: #{myRank}</p>}

      {board.isLoading ? (
        <LoadingRows kind={kind} />
      ) : board.isError ? (
        <div className="stack">
          <div className="alert" role="alert">
            Failed to load leaderboard
          </div>
          <button type="button" className="btn" onClick={() => void board.refetch()}>
            TRY AGAIN
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="card">{emptyMessage(kind)}</p>
      ) : kind === 'results' ? (
        <ol className="stack" aria-label="Latest winners">
          {results.map((item) => (
            <ResultRow key={item.gameId} item={item} />
          ))}
        </ol>
      ) : (
        <ol className="stack" aria-label={`${category.label} ranking`}>
          {players.map((item, index) => (
            <PlayerRow
              key={item.userId}
              item={item}
              rank={index + 1}
              category={category}
              isMe={item.userId === user?.id}
            />
          ))}
        </ol>
      )}

      <footer className="card">
        <p>Rankings update after each game closes.</p>
        <p className="row">
          <Link className="btn" to={paths.home}>
            PLAY GAME
          </Link>
          <Link className="btn" to={paths.stats}>
            STATISTICS
          </Link>
        </p>
      </footer>
    </section>
  );
}

/** Placeholder rows of the same height as the rows they stand for (the same boxes and line heights, no text). */
function LoadingRows({ kind }: { kind: LeaderboardKind }) {
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        Loading leaderboard…
      </p>
      <ol className="stack" aria-hidden="true">
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) =>
          kind === 'results' ? (
            <li key={index} className="card leaderboard-placeholder">
              <p className="row">
                <span className="link-target placeholder-bar placeholder-wide" />
              </p>
              <p>
                <span className="stat-value placeholder-bar" />
              </p>
            </li>
          ) : (
            <li key={index} className="card leaderboard-placeholder">
              <div className="row">
                <span className="stat-value placeholder-bar placeholder-wide" />
              </div>
              <p className="row muted">
                <span className="placeholder-bar" />
              </p>
            </li>
          ),
        )}
      </ol>
    </div>
  );
}

function ResultRow({ item }: { item: ResultItem }) {
  const prize =
    item.prizeAmountCents !== null
      ? formatMoney(item.prizeAmountCents, item.currency ?? 'USD')
      : item.prizeAmount !== null
        ? formatMoney(Math.round(item.prizeAmount * 100))
        : 'No Prize';
  return (
    <li className="card">
      <p className="row">
        {/* gameId is the game key, so numbered extra games of one date link apart and say which they are. */}
        <Link className="link-target" to={statsForDate(item.gameId)}>
          <strong>{`${formatShortDate(item.gameDate)} ${gameNumberLabel(item.gameId)}`.trim()}</strong>
        </Link>
        <span>{item.playerName}</span>
        <span className="badge badge-accent">{prize}</span>
      </p>
      <p>
        Winning number: <strong className="stat-value">{item.winningNumber}</strong>
      </p>
    </li>
  );
}

function PlayerRow({
  item,
  rank,
  category,
  isMe,
}: {
  item: PlayerItem;
  rank: number;
  category: Category;
  isMe: boolean;
}) {
  return (
    <li className={isMe ? 'card card-accent' : 'card'}>
      <div className="row">
        <span className="stat-value">
          <span aria-hidden="true">{rankLabel(rank)}</span>
          <span className="sr-only">Rank {rank}</span>
        </span>
        <strong>{item.playerName}</strong>
        {isMe && <span className="badge">YOU</span>}
        <span className="stat-value">{category.value(item)}</span>
        <span className="muted">{category.valueLabel}</span>
      </div>
      <p className="row muted">
        <span>Wins: {item.wins}</span>
        <span>Entries: {item.entries}</span>
        {item.currentStreak > 0 && <span>Streak: {item.currentStreak}</span>}
        <span>Last played: {formatLastPlayed(item.lastPlayedAt, Date.now())}</span>
      </p>
    </li>
  );
}
