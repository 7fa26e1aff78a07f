import type { GameToday } from '../api/get-game-today.ts';
import { formatCloseInNewYork, formatCountdown, remainingMs } from '../countdown.ts';

export function CountdownCard({ game, now }: { game: GameToday; now: number }) {
  const closesAt = formatCloseInNewYork(game.closesAtISO);
  return (
    <section className="card card-accent" aria-labelledby="countdown-title">
      <h2 id="countdown-title" className="card-title">
        TIME UNTIL CLOSE (NY)
      </h2>
      <p className="countdown" role="timer" aria-live="off">
        {formatCountdown(remainingMs(game, now))}
      </p>
      {closesAt !== '' && <p className="muted">Closes {closesAt} (New York time)</p>}
    </section>
  );
}
