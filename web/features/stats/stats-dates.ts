// Which game the statistics screen shows: closed games, newest first. An unknown ?date= falls back to the newest
// (spec-1 §4); a permalink /stats/{gameKey} always means its own game, whether the list holds it or not.
import type { HistoryResponse } from '../../../server/routes/history.schemas.ts';
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
  /** The selected game is the open one: its statistics come at the close. */
  open: boolean;
}

/** Sorts keys newest first; an extra game 'YYYY-MM-DD-n' is newer than its date's regular game. */
function compareKeysNewestFirst(a: string, b: string): number {
  const keyA = parseGameKey(a);
  const keyB = parseGameKey(b);
  if (keyA.date !== keyB.date) return keyA.date < keyB.date ? 1 : -1;
  return (keyB.number ?? 1) - (keyA.number ?? 1);
}

export type StatsRequest = { kind: 'newest' } | { kind: 'date'; date: string } | { kind: 'permalink'; gameKey: string };

export function chooseStatsDate(items: HistoryResponse['items'], request: StatsRequest): StatsDateChoice {
  const dates = [...new Set(items.filter((item) => item.status === 'closed').map((item) => item.gameDate))].sort(
    compareKeysNewestFirst,
  );
  const mostRecent = dates[0] ?? null;
  const selected =
    request.kind === 'permalink'
      ? request.gameKey
      : request.kind === 'date' && dates.includes(request.date)
        ? request.date
        : mostRecent;
  const index = selected === null ? -1 : dates.indexOf(selected);
  return {
    dates,
    selected,
    previous: index >= 0 ? (dates[index + 1] ?? null) : null,
    next: index > 0 ? (dates[index - 1] ?? null) : null,
    mostRecent,
    open: selected !== null && items.some((item) => item.gameDate === selected && item.status === 'open'),
  };
}
