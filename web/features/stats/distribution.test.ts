import { describe, expect, it } from 'vitest';
import type { SnapshotDto } from '../../../server/routes/stats.schemas.ts';
import { barWidthPercent, smartDistribution, visibleRows } from './distribution.ts';
import { emptyStats } from '../../../test/contract/fixtures.ts';

const baseSnapshot: SnapshotDto = emptyStats('2026-11-20').snapshot;

describe('smart distribution', () => {
  it('keeps every number of a small game, ascending', () => {
    const rows = smartDistribution(
      [
        { number: 9, count: 1, unique: true },
        { number: 2, count: 4, unique: false },
      ],
      baseSnapshot,
    );
    expect(rows.map((row) => row.number)).toEqual([2, 9]);
    expect(rows.map((row) => row.widthPercent)).toEqual([100, 25]);
  });

  it('caps at 25 numbers and always keeps the winner, the player picks and the most frequent', () => {
    const histogram = Array.from({ length: 60 }, (_, i) => ({ number: i + 1, count: i === 49 ? 9 : 2, unique: false }));
    histogram.push({ number: 100, count: 1, unique: true });
    const snapshot = { ...baseSnapshot, winningNumber: 100, mostFrequentNumbers: [50], mostFrequentCount: 9 };
    const rows = smartDistribution(histogram, snapshot, [44]);
    expect(rows).toHaveLength(25);
    const numbers = rows.map((row) => row.number);
    expect(numbers).toContain(100);
    expect(numbers).toContain(44);
    expect(numbers).toContain(50);
    expect(numbers.slice(0, 22)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const winner = rows.find((row) => row.number === 100);
    expect(winner).toMatchObject({ isWinner: true, isUnique: true });
    expect(rows.find((row) => row.number === 44)?.isMine).toBe(true);
  });

  it('draws bars at least 3% wide', () => {
    expect(barWidthPercent(1, 1000)).toBe(3);
    expect(barWidthPercent(500, 1000)).toBe(50);
    const rows = smartDistribution(
      [
        { number: 1, count: 1, unique: true },
        { number: 2, count: 200, unique: false },
      ],
      baseSnapshot,
    );
    expect(rows[0]?.widthPercent).toBe(3);
  });

  it('marks mined numbers, and takes which numbers are unique from the server', () => {
    const rows = smartDistribution(
      [
        { number: 12, count: 1, unique: false },
        { number: 13, count: 2, unique: true },
      ],
      { ...baseSnapshot, minedNumbers: [12] },
    );
    expect(rows[0]).toMatchObject({ isMined: true, isUnique: false });
    // Whatever the count says: a rule copied here would disagree with the server's answer.
    expect(rows[1]).toMatchObject({ isMined: false, isUnique: true });
  });

  it('shows 15 rows until expanded', () => {
    const rows = Array.from({ length: 25 }, (_, i) => i);
    expect(visibleRows(rows, false)).toHaveLength(15);
    expect(visibleRows(rows, true)).toHaveLength(25);
    expect(visibleRows(rows.slice(0, 4), false)).toHaveLength(4);
  });
});
