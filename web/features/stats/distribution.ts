// The number distribution's smart view: at most 25 numbers, 15 until expanded, bars at least 3% wide (spec-1 §9).
import type { SnapshotDto } from '../../../server/routes/stats.schemas.ts';

export const smartViewLimit = 25;
export const collapsedLimit = 15;
export const minimumBarPercent = 3;

export interface DistributionRow {
  number: number;
  count: number;
  /** Bar width in percent of the widest bar, at least 3. */
  widthPercent: number;
  isUnique: boolean;
  isWinner: boolean;
  isSecondPlace: boolean;
  isMined: boolean;
  isMine: boolean;
}

/** The server's histogram: each number's count and whether it is unique (the server decides it). */
type Histogram = readonly { number: number; count: number; unique: boolean }[];

/**
 * The numbers worth seeing: the winner, the runner-up, the player's own picks and the most frequent
 * ones always make it; the lowest numbers fill the rest. Shown in ascending order.
 */
export function smartDistribution(
  histogram: Histogram,
  snapshot: SnapshotDto,
  userNumbers: readonly number[] = [],
): DistributionRow[] {
  const byNumber = new Map(histogram.map((row) => [row.number, row.count]));
  const chosen = new Set<number>();
  const priority = [
    snapshot.winningNumber,
    snapshot.secondPlaceNumber,
    ...userNumbers,
    ...snapshot.mostFrequentNumbers,
  ];
  for (const number of priority) {
    if (number !== null && byNumber.has(number) && chosen.size < smartViewLimit) chosen.add(number);
  }
  const ascending = [...histogram].sort((a, b) => a.number - b.number);
  for (const row of ascending) {
    if (chosen.size >= smartViewLimit) break;
    chosen.add(row.number);
  }
  const rows = ascending.filter((row) => chosen.has(row.number));
  const maxCount = Math.max(1, ...rows.map((row) => row.count));
  const mined = new Set(snapshot.minedNumbers);
  const mine = new Set(userNumbers);
  return rows.map((row) => ({
    number: row.number,
    count: row.count,
    widthPercent: barWidthPercent(row.count, maxCount),
    isUnique: row.unique,
    isWinner: row.number === snapshot.winningNumber,
    isSecondPlace: row.number === snapshot.secondPlaceNumber,
    isMined: mined.has(row.number),
    isMine: mine.has(row.number),
  }));
}

export function barWidthPercent(count: number, maxCount: number): number {
  if (maxCount <= 0) return minimumBarPercent;
  return Math.max(minimumBarPercent, Math.round((count / maxCount) * 1000) / 10);
}

/** The rows shown: the first 15 until expanded. */
export function visibleRows<T>(rows: readonly T[], expanded: boolean): T[] {
  return expanded ? [...rows] : rows.slice(0, collapsedLimit);
}
