// The winning number of each closed game as an SVG line chart, with its data as a table for screen readers.
import { useId } from 'react';
import type { TrendsResponse } from '../../../../server/routes/stats.schemas.ts';
import { formatShortDate, gameNumberLabel } from '../../../lib/dates.ts';
import { chartBox, chartLayout } from '../trend-chart.ts';

/** 'Sun, Nov 22' or 'Sun, Nov 22 (Game #2)'. */
export function gameLabel(gameDate: string): string {
  return `${formatShortDate(gameDate)} ${gameNumberLabel(gameDate)}`.trim();
}

export function WinningNumberChart({ games }: { games: TrendsResponse['winningNumbers'] }) {
  const id = useId();
  const layout = chartLayout(games);
  const first = games[0];
  const last = games.at(-1);
  if (first === undefined || last === undefined) return <p>No closed games in this period yet.</p>;
  const { width, height, left, right, top } = chartBox;
  return (
    <figure className="trend-chart">
      {/* The table below carries the data; the drawing is for sighted readers. */}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>Winning number per game</title>
        <desc id={`${id}-desc`}>
          {games.length} games from {gameLabel(first.gameDate)} to {gameLabel(last.gameDate)}; the table that follows
          lists every value.
        </desc>
        <line className="trend-axis" x1={left} y1={top} x2={left} y2={layout.baseline} />
        <line className="trend-axis" x1={left} y1={layout.baseline} x2={width - right} y2={layout.baseline} />
        <text className="trend-label" x={left - 6} y={top + 4} textAnchor="end">
          {layout.yMax}
        </text>
        <text className="trend-label" x={left - 6} y={layout.baseline} textAnchor="end">
          0
        </text>
        <text className="trend-label" x={left} y={height - 6} textAnchor="start">
          {formatShortDate(first.gameDate)}
        </text>
        {games.length > 1 && (
          <text className="trend-label" x={width - right} y={height - 6} textAnchor="end">
            {formatShortDate(last.gameDate)}
          </text>
        )}
        {layout.lines.map((points) => (
          <polyline key={points} className="trend-line" points={points} />
        ))}
        {layout.points.map((p) =>
          p.y === null ? (
            <path key={p.gameDate} className="trend-none" d={`M${p.x - 4},${layout.baseline - 4} l8,8 m0,-8 l-8,8`} />
          ) : (
            <circle key={p.gameDate} className="trend-point" cx={p.x} cy={p.y} r={4} />
          ),
        )}
      </svg>
      <figcaption className="muted">
        Winning number per game, oldest first. A cross marks a game without a winner.
      </figcaption>
      {/* Hidden by a block around it: a table keeps its own width whatever its box says, and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Winning number per game</caption>
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Winning number</th>
              <th scope="col">Entries</th>
            </tr>
          </thead>
          <tbody>
            {games.map((g) => (
              <tr key={g.gameDate}>
                <th scope="row">{gameLabel(g.gameDate)}</th>
                <td>{g.winningNumber ?? 'No winner'}</td>
                <td>{g.entriesTotal}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
