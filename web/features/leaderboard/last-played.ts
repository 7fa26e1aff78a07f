// 'Last played' wording on the leaderboard: Never / Today / Yesterday / n days ago (up to 7) / the date.

const dayMs = 24 * 60 * 60 * 1000;

function calendarDayNumber(instantMs: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(instantMs));
  return Math.round(Date.parse(`${parts}T00:00:00Z`) / dayMs);
}

/** Days are counted in calendar days of `timeZone` (the browser's when omitted). */
export function formatLastPlayed(lastPlayedAt: string | null, nowMs: number, timeZone?: string): string {
  if (lastPlayedAt === null) return 'Never';
  const playedMs = Date.parse(lastPlayedAt);
  if (Number.isNaN(playedMs)) return 'Never';
  const days = calendarDayNumber(nowMs, timeZone) - calendarDayNumber(playedMs, timeZone);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= 7) return `${days} days ago`;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(
    new Date(playedMs),
  );
}
