// The player's streak (days in a row played, as of the last closed game) and, while today's game is open and
// unplayed, the reminder that today keeps it going.
import { useQuery } from '@tanstack/react-query';
import { userTotalsQueryOptions } from '../../../api/get-user-totals.ts';

export function streakLine(streak: number, playedToday: boolean, closed: boolean): string | null {
  if (playedToday || closed) return null;
  return streak > 0
    ? `KEEP YOUR STREAK: play today's game before it closes to make it ${streak + 1} days.`
    : 'Play today to start a streak.';
}

export function StreakCard({ playedToday, closed }: { playedToday: boolean; closed: boolean }) {
  const totals = useQuery(userTotalsQueryOptions);
  // The streak is a bonus on this screen: while it loads or if it fails, the game goes on without it.
  if (totals.data === undefined) return null;
  const streak = totals.data.currentStreak;
  const line = streakLine(streak, playedToday, closed);
  return (
    <section className="card streak-card" aria-labelledby="streak-title">
      <h2 id="streak-title" className="card-title">
        YOUR STREAK: {streak} {streak === 1 ? 'DAY' : 'DAYS'}
      </h2>
      {line !== null && <p className="streak-reminder">{line}</p>}
    </section>
  );
}
