// TRENDS: the winning number over the last 7, 30 or 90 days of games, and the most picked, rising,
// falling and never picked numbers. Loaded on demand (React.lazy): the default export is the panel.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TrendsResponse } from '../../../../server/routes/stats.schemas.ts';
import { statsForDate } from '../../../lib/paths.ts';
import { trendDays, useTrends, type TrendDays } from '../api/get-trends.ts';
import { gameLabel, WinningNumberChart } from './winning-number-chart.tsx';
import '../trends.css';

export default function TrendsView() {
  const [days, setDays] = useState<TrendDays>(7);
  const trends = useTrends(days);
  return (
    <div className="stack">
      <div className="row trend-period" role="group" aria-label="Period">
        {trendDays.map((d) => (
          <button key={d} type="button" className="tab" aria-pressed={d === days} onClick={() => setDays(d)}>
            {d} DAYS
          </button>
        ))}
      </div>
      {trends.isLoading && <p>Loading trends…</p>}
      {trends.isError && (
        <div className="alert" role="alert">
          Failed to load trends
        </div>
      )}
      {trends.data !== undefined && <TrendsBody trends={trends.data} />}
    </div>
  );
}

function TrendsBody({ trends }: { trends: TrendsResponse }) {
  if (trends.gamesCount === 0) return <p>No closed games in this period yet.</p>;
  return (
    <div className="stack">
      <dl className="grid stat-grid">
        <div>
          <dt className="muted">Games</dt>
          <dd className="stat-value">{trends.gamesCount}</dd>
        </div>
        <div>
          <dt className="muted">Entries</dt>
          <dd className="stat-value">{trends.entriesTotal}</dd>
        </div>
        <div>
          <dt className="muted">Average winning number</dt>
          <dd className="stat-value">{trends.averageWinningNumber === null ? '—' : trends.averageWinningNumber}</dd>
        </div>
      </dl>
      <WinningNumberChart games={trends.winningNumbers} />
      <TrendList title="MOST PICKED" empty="Nobody picked a number in this period.">
        {trends.mostPicked.map((n) => (
          <li key={n.number}>
            <strong>{n.number}</strong> <span className="muted">×{n.count}</span>
          </li>
        ))}
      </TrendList>
      <TrendList title="RISING" empty="No number gained picks between the two halves of this period.">
        {trends.rising.map((n) => (
          <li key={n.number}>
            <strong>{n.number}</strong>{' '}
            <span className="muted">
              {n.before} → {n.after} picks
            </span>
          </li>
        ))}
      </TrendList>
      <TrendList title="FALLING" empty="No number lost picks between the two halves of this period.">
        {trends.falling.map((n) => (
          <li key={n.number}>
            <strong>{n.number}</strong>{' '}
            <span className="muted">
              {n.before} → {n.after} picks
            </span>
          </li>
        ))}
      </TrendList>
      <TrendList
        title="NEVER PICKED"
        empty="Every number up to the highest winning number was picked."
        note="Up to the highest winning number of the period."
      >
        {trends.neverPicked.map((n) => (
          <li key={n} className="badge badge-accent">
            {n}
          </li>
        ))}
      </TrendList>
      <section aria-labelledby="trend-games-title" className="stack">
        <h3 id="trend-games-title">GAMES</h3>
        <ul className="trend-games">
          {[...trends.winningNumbers].reverse().map((g) => (
            <li key={g.gameDate}>
              <Link className="link-target" to={statsForDate(g.gameDate)}>
                {gameLabel(g.gameDate)}
              </Link>
              <span>{g.winningNumber === null ? 'No winner' : `Winning number: ${g.winningNumber}`}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function TrendList({
  title,
  empty,
  note,
  children,
}: {
  title: string;
  empty: string;
  note?: string;
  children: ReactNode[];
}) {
  const id = `trend-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="stack">
      <h3 id={id}>{title}</h3>
      {note !== undefined && <p className="muted">{note}</p>}
      {children.length === 0 ? <p className="muted">{empty}</p> : <ol className="trend-list">{children}</ol>}
    </section>
  );
}
