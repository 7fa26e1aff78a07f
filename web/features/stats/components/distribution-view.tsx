// NUMBER DISTRIBUTION: the smart view of up to 25 numbers with bars, 15 until SHOW ALL.
import { useState } from 'react';
import type { DailyStatsResponse } from '../../../../server/routes/stats.schemas.ts';
import { collapsedLimit, smartDistribution, visibleRows } from '../distribution.ts';

export function DistributionView({ stats }: { stats: DailyStatsResponse }) {
  const [expanded, setExpanded] = useState(false);
  const rows = smartDistribution(
    stats.histogram,
    stats.snapshot,
    stats.userSubmissions.map((entry) => entry.number),
  );
  if (rows.length === 0) return <p>No numbers were picked in this game.</p>;
  return (
    <div className="stack">
      <p className="muted">
        The numbers that matter: the winner, the runner-up, your picks, the most popular and the lowest ones. Green bars
        are unique.
      </p>
      <ul className="stack" aria-label="Number distribution">
        {visibleRows(rows, expanded).map((row) => (
          <li key={row.number} className="bar-row">
            <strong>
              {row.number}
              {row.isWinner ? ' 🏆' : ''}
              {row.isMine ? ' ★' : ''}
            </strong>
            <span
              className={row.isWinner ? 'bar bar-winner' : row.isUnique ? 'bar bar-unique' : 'bar'}
              style={{ width: `${row.widthPercent}%` }}
              aria-hidden="true"
            />
            <span>
              ×{row.count}
              <span className="sr-only">
                {row.isWinner
                  ? ', winning number'
                  : row.isSecondPlace
                    ? ', second place'
                    : row.isUnique
                      ? ', unique'
                      : ''}
                {row.isMined ? ', mined' : ''}
                {row.isMine ? ', your pick' : ''}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {rows.length > collapsedLimit && (
        <button
          type="button"
          className="btn btn-small"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'SHOW LESS' : `SHOW ALL (${rows.length})`}
        </button>
      )}
      {stats.histogramTruncated && <p className="muted">Only the lowest 1,000 numbers are counted here.</p>}
    </div>
  );
}
