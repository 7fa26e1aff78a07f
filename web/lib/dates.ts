// Date formatting for the web app with Intl only. Game dates are calendar dates (`YYYY-MM-DD`, or
// `YYYY-MM-DD-n` for an extra numbered game) and are formatted in UTC so no zone shifts the day.

const gameKeyPattern = /^(\d{4}-\d{2}-\d{2})(?:-(\d+))?$/;

/** Splits a game key into its calendar date and its game number (null for the date's regular game). */
export function parseGameKey(key: string): { date: string; number: number | null } {
  const match = gameKeyPattern.exec(key);
  if (match === null) return { date: key, number: null };
  const [, date = key, number] = match;
  return { date, number: number === undefined ? null : Number(number) };
}

/** '(Game #n)' for a numbered game, '' for a date's regular game. */
export function gameNumberLabel(key: string): string {
  const { number } = parseGameKey(key);
  return number === null ? '' : `(Game #${number})`;
}

function calendarDate(gameDateOrKey: string): Date | null {
  const { date } = parseGameKey(gameDateOrKey);
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const shortDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const weekdayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });

/** 'Sunday, November 22, 2026' */
export function formatLongDate(gameDate: string): string {
  const date = calendarDate(gameDate);
  return date === null ? gameDate : longDate.format(date);
}

/** 'Sun, Nov 22' */
export function formatShortDate(gameDate: string): string {
  const date = calendarDate(gameDate);
  return date === null ? gameDate : shortDate.format(date);
}

/** 'Sunday' */
export function formatWeekday(gameDate: string): string {
  const date = calendarDate(gameDate);
  return date === null ? gameDate : weekdayName.format(date);
}

/** An instant as a readable local date and time, e.g. 'Nov 22, 2026, 9:05 AM'. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** An instant's date only, e.g. 'Nov 22, 2026'. */
export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** An instant's time only, e.g. '9:05 AM'. */
export function formatTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
}
