// The reference resolution of a game (DESIGN.md §6): the rules as plain code over a list of entries.
// The stores' tallies compute the same set-based and are checked against it (test/contract/close-rules.test.ts).
import type { HistogramRow, Resolution, Snapshot } from '../model.ts';
import { isUnique } from './winning-rule.ts';

export interface ResolvableEntry {
  entryId: string;
  userId: string | null;
  number: number;
}

/**
 * Resolves a game.
 * - Counts, highest, median, average and most-frequent numbers cover every entry, mined or not.
 * - Unique = isUnique (winning-rule.ts); winner = lowest unique, runner-up = second lowest.
 * - missedWinNumber = lowest positive integer with no entry, when lower than the winning number or
 *   when there is no winner; else null.
 * - median = middle number (mean of the two middle ones for an even count); average rounded to 2 decimals.
 * - minedNumbers = the distinct mined numbers, ascending.
 * - Histogram: every distinct number ascending when there are at most `histogramLimit`; else the
 *   most-frequent numbers (lowest first, at most `histogramLimit`) plus the lowest other numbers up
 *   to `histogramLimit` rows, ascending, with histogramTruncated set.
 */
export const resolveNumbers = (
  entries: readonly ResolvableEntry[],
  mined: readonly number[],
  histogramLimit = 1000,
  gameKey = '',
): Resolution => {
  const minedSet = new Set(mined);
  const counts = new Map<number, number>();
  for (const e of entries) counts.set(e.number, (counts.get(e.number) ?? 0) + 1);
  const distinct = [...counts.keys()].sort((a, b) => a - b);

  const uniques = distinct.filter((n) => isUnique(counts.get(n) ?? 0, minedSet.has(n)));
  const winningNumber = uniques[0] ?? null;
  const secondPlaceNumber = uniques[1] ?? null;

  let lowestUnpicked = 1;
  for (const n of distinct) {
    if (n === lowestUnpicked) lowestUnpicked += 1;
    else if (n > lowestUnpicked) break;
  }
  const missedWinNumber = winningNumber === null || lowestUnpicked < winningNumber ? lowestUnpicked : null;

  let mostFrequentCount = 0;
  for (const c of counts.values()) mostFrequentCount = Math.max(mostFrequentCount, c);
  const mostFrequentNumbers =
    mostFrequentCount === 0 ? [] : distinct.filter((n) => counts.get(n) === mostFrequentCount);

  const sorted = entries.map((e) => e.number).sort((a, b) => a - b);
  const total = sorted.length;
  let median: number | null = null;
  let average: number | null = null;
  if (total > 0) {
    const mid = Math.floor(total / 2);
    median = total % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
    const sum = sorted.reduce((acc, n) => acc + n, 0);
    average = Math.round((sum / total) * 100) / 100;
  }

  const snapshot: Snapshot = {
    entriesTotal: total,
    uniquesTotal: uniques.length,
    winningNumber,
    secondPlaceNumber,
    missedWinNumber,
    highestNumber: distinct.at(-1) ?? null,
    mostFrequentNumbers,
    mostFrequentCount,
    median,
    average,
    minedNumbers: [...minedSet].sort((a, b) => a - b),
  };

  const histogramTruncated = distinct.length > histogramLimit;
  let shown = distinct;
  if (histogramTruncated) {
    const keep = new Set(mostFrequentNumbers.slice(0, histogramLimit));
    for (const n of distinct) {
      if (keep.size >= histogramLimit) break;
      keep.add(n);
    }
    shown = distinct.filter((n) => keep.has(n));
  }
  const histogram: HistogramRow[] = shown.map((n) => ({ number: n, count: counts.get(n) ?? 0 }));

  const holder = (n: number | null): Resolution['winner'] => {
    if (n === null) return null;
    const e = entries.find((x) => x.number === n);
    return e ? { userId: e.userId, entryId: e.entryId, number: n } : null;
  };

  return {
    gameKey,
    snapshot,
    histogram,
    histogramTruncated,
    winner: holder(winningNumber),
    runnerUp: holder(secondPlaceNumber),
  };
};
