// The signed-in player's personal story for one game: each of their numbers with the outcome the server decided.
import type { EntryOutcomeDto } from '../../../../server/routes/results.schemas.ts';
import type { DailyStatsResponse } from '../../../../server/routes/stats.schemas.ts';
import { ordinal, outcomeLabels } from '../../../lib/outcome-labels.ts';
import { ShareResultButton } from '../../../components/share-result-button.tsx';

function distanceText(distance: number | null, what: string): string {
  if (distance === null) return `No ${what}`;
  if (distance === 0) return 'You are it';
  return distance > 0 ? `${distance} above` : `${-distance} below`;
}

function storyLine(entry: EntryOutcomeDto, winningNumber: number | null, mined: boolean): string {
  switch (entry.outcome) {
    case 'winner':
      return `YOU WON! ${entry.number} was the lowest unique number.`;
    case 'runner_up':
      return `So close! ${entry.number} was the second lowest unique number, just behind ${winningNumber ?? '?'}.`;
    case 'unique':
      return winningNumber === null
        ? `${entry.number} was unique.`
        : `${entry.number} was unique, but ${winningNumber} was lower.`;
    case 'duplicate':
      return mined
        ? `${entry.number} was mined: every pick of it was knocked out.`
        : `${entry.number} was not unique: someone else picked it too.`;
  }
}

export function GameStoryCard({ stats, outcomes }: { stats: DailyStatsResponse; outcomes: EntryOutcomeDto[] }) {
  const { snapshot } = stats;
  const mined = new Set(snapshot.minedNumbers);
  return (
    <section className="card card-accent" aria-labelledby="story-title">
      <h2 id="story-title" className="card-title">
        YOUR GAME STORY
      </h2>
      {outcomes.map((entry, index) => (
        <article key={`${entry.number}-${index}`} className="stack" aria-label={`Your number ${entry.number}`}>
          <p className="row">
            <span className="big-number">{entry.number}</span>
            <span className="badge">{outcomeLabels[entry.outcome]}</span>
            {entry.entryType === 'bonus' && <span className="badge">BONUS</span>}
            {mined.has(entry.number) && <span className="badge">MINED</span>}
          </p>
          <p>
            <strong>{storyLine(entry, snapshot.winningNumber, mined.has(entry.number))}</strong>
          </p>
          <dl className="grid">
            <div>
              <dt>Rank</dt>
              <dd>
                {entry.rank === null
                  ? 'Not unique: no rank'
                  : `${ordinal(entry.rank)} of ${snapshot.uniquesTotal} unique numbers`}
              </dd>
            </div>
            <div>
              <dt>Distance to winner</dt>
              <dd>
                {distanceText(snapshot.winningNumber === null ? null : entry.number - snapshot.winningNumber, 'winner')}
              </dd>
            </div>
            <div>
              <dt>Distance to second place</dt>
              <dd>
                {distanceText(
                  snapshot.secondPlaceNumber === null ? null : entry.number - snapshot.secondPlaceNumber,
                  'second place',
                )}
              </dd>
            </div>
          </dl>
        </article>
      ))}
      <ShareResultButton gameKey={stats.gameDate} winningNumber={snapshot.winningNumber} entries={outcomes} />
    </section>
  );
}
