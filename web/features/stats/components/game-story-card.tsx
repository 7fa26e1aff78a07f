// The signed-in player's personal story for one game: each of their numbers, its rank and what happened.
import type { DailyStatsResponse } from '../../../../server/contract.ts';
import { derivePersonalStats, ordinal, type PersonalStatus } from '../personal-stats.ts';

const statusLabels: Record<PersonalStatus, string> = {
  winner: 'WINNER',
  runner_up: 'RUNNER-UP',
  unique: 'UNIQUE',
  duplicate: 'DUPLICATE',
};

function distanceText(distance: number | null, what: string): string {
  if (distance === null) return `No ${what}`;
  if (distance === 0) return 'You are it';
  return distance > 0 ? `${distance} above` : `${-distance} below`;
}

export function GameStoryCard({ stats }: { stats: DailyStatsResponse }) {
  return (
    <section className="card card-accent" aria-labelledby="story-title">
      <h2 id="story-title" className="card-title">
        YOUR GAME STORY
      </h2>
      {stats.userSubmissions.map((entry) => {
        const personal = derivePersonalStats(stats.snapshot, stats.histogram, entry);
        return (
          <article key={entry.id} className="stack" aria-label={`Your number ${personal.userNumber}`}>
            <p className="row">
              <span className="big-number">{personal.userNumber}</span>
              <span className="badge">{statusLabels[personal.status]}</span>
              {personal.entryType === 'bonus' && <span className="badge">BONUS</span>}
              {personal.isMined && <span className="badge">MINED</span>}
            </p>
            <p>
              <strong>{personal.personalMessage}</strong>
            </p>
            <dl className="grid">
              <div>
                <dt>Rank</dt>
                <dd>
                  {ordinal(personal.rank)} of {personal.totalPlayers} entries
                </dd>
              </div>
              <div>
                <dt>Unique</dt>
                <dd>{personal.isUnique ? 'Yes' : `No (${personal.duplicateCount} others)`}</dd>
              </div>
              <div>
                <dt>Distance to winner</dt>
                <dd>{distanceText(personal.distanceToWin, 'winner')}</dd>
              </div>
              <div>
                <dt>Distance to second place</dt>
                <dd>{distanceText(personal.distanceToSecondPlace, 'second place')}</dd>
              </div>
            </dl>
          </article>
        );
      })}
    </section>
  );
}
