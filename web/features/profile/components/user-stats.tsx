// 'Your Stats': the player's totals; a failed call is silent and reads 'Stats not available.' (spec-2 §8).
import { useUserTotals } from '../../../api/get-user-totals.ts';

export function UserStats() {
  const totals = useUserTotals();
  return (
    <section className="card" aria-labelledby="your-stats-title">
      <h2 id="your-stats-title" className="card-title">
        Your Stats
      </h2>
      {totals.isLoading ? (
        <p className="muted">Loading stats...</p>
      ) : totals.data === undefined ? (
        <p className="muted">Stats not available.</p>
      ) : (
        <dl className="profile-stats">
          <div>
            <dt>Total entries</dt>
            <dd>{totals.data.entriesCount}</dd>
          </div>
          <div>
            <dt>Total wins</dt>
            <dd>{totals.data.winsCount}</dd>
          </div>
          <div>
            <dt>Current streak</dt>
            <dd>{totals.data.currentStreak}</dd>
          </div>
          <div>
            <dt>Best streak</dt>
            <dd>{totals.data.bestStreak}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
