// The rules of the trends (DESIGN.md §17): which games form the window, how it splits into halves,
// how numbers are ranked and how long each list is. Pure; the adapters and the reference share them.
import type { GameDate } from '../model.ts';
import type { ChangeDirection, NumberChange, NumberCount, NumberRun } from './ports.ts';

export const TREND_DAYS = [7, 30, 90] as const;
export type TrendDays = (typeof TREND_DAYS)[number];
export const TREND_DAYS_MESSAGE = 'days must be 7, 30 or 90.';

export const MOST_PICKED_LIMIT = 10;
export const CHANGE_LIMIT = 5;
export const NEVER_PICKED_LIMIT = 20;

export const isTrendDays = (value: unknown): value is TrendDays => TREND_DAYS.some((d) => d === value);

/**
 * The window's dates (ascending) split into an older and a newer half of equally many dates. With an
 * odd count the middle date belongs to neither, so both halves cover as many days and counts compare
 * fairly. Games of one date (numbered extra games) always fall in the same half.
 */
export const halvesOf = (datesAscending: readonly GameDate[]): { older: GameDate[]; newer: GameDate[] } => {
  const half = Math.floor(datesAscending.length / 2);
  return { older: datesAscending.slice(0, half), newer: datesAscending.slice(datesAscending.length - half) };
};

/** Most picked first; equal counts: the lower number first. */
export const mostPickedOrder = (a: NumberCount, b: NumberCount): number => b.count - a.count || a.number - b.number;

const changeOf = (c: NumberChange, direction: ChangeDirection): number =>
  direction === 'rising' ? c.after - c.before : c.before - c.after;

/** The biggest change first; equal changes: the lower number first. */
export const changeOrder =
  (direction: ChangeDirection) =>
  (a: NumberChange, b: NumberChange): number =>
    changeOf(b, direction) - changeOf(a, direction) || a.number - b.number;

export const movesIn = (c: NumberChange, direction: ChangeDirection): boolean => changeOf(c, direction) > 0;

/** The maximal runs of 1 … upTo missing from `picked`, ascending, at most `limit` of them. */
export const unpickedRunsOf = (picked: Iterable<number>, upTo: number, limit: number): NumberRun[] => {
  const sorted = [...new Set(picked)].filter((n) => n >= 1 && n <= upTo).sort((a, b) => a - b);
  const runs: NumberRun[] = [];
  let next = 1;
  for (const n of [...sorted, upTo + 1]) {
    if (runs.length >= limit) break;
    if (n > next) runs.push({ from: next, to: n - 1 });
    next = n + 1;
  }
  return runs;
};

/** The lowest `limit` numbers of the runs. */
export const numbersOfRuns = (runs: readonly NumberRun[], limit: number): number[] => {
  const numbers: number[] = [];
  for (const run of runs) {
    for (let n = run.from; n <= run.to && numbers.length < limit; n += 1) numbers.push(n);
  }
  return numbers;
};

/** The mean rounded to 2 decimals; null without numbers. */
export const averageOf = (numbers: readonly number[]): number | null =>
  numbers.length === 0 ? null : Math.round((numbers.reduce((sum, n) => sum + n, 0) / numbers.length) * 100) / 100;
