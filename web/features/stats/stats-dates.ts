// Which game the statistics screen shows: closed games only, newest first; an unknown ?date= falls back to the newest.
import type { HistoryResponse } from '../../../server/contract.ts';
import { parseGameKey } from '../../lib/dates.ts';

export interface StatsDateChoice {
  /** Closed game keys, newest first. */
  dates: string[];
  selected: string | null;
  /** The older game (PREVIOUS), or null. */
  previous: string | null;
  /** The newer game (NEXT), or null. */
  next: string | null;
  mostRecent: string | null;
}

/** Sorts keys newest first; an extra game 'YYYY-MM-DD-n' is newer than its date's regular game. */
function compareKeysNewestFirst(a: string, b: string): number {
  const keyA = parseGameKey(a);
  const keyB = parseGameKey(b);
  if (keyA.date !== keyB.date) return keyA.date < keyB.date ? 1 : -1;
  return (keyB.number ?? 1) - (keyA.number ?? 1);
}

export function chooseStatsDate(items: HistoryResponse['items'], requested: string | null): StatsDateChoice {
  const dates = [...new Set(items.filter((item) => item.status === 'closed').map((item) => item.gameDate))].sort(compareKeysNewestFirst);
  const mostRecent = dates[0] ?? null;
  const selected = requested !== null && dates.includes(requested) ? requested : mostRecent;
  const index = selected === null ? -1 : dates.indexOf(selected);
  return {
    dates,
    selected,
    previous: index >= 0 ? (dates[index + 1] ?? null) : null,
    next: index > 0 ? (dates[index - 1] ?? null) : null,
    mostRecent,
  };
}
