import { describe, expect, it } from 'vitest';
import type { SnapshotDto } from '../../../server/contract.ts';
import { derivePersonalStats, ordinal } from './personal-stats.ts';

// Picks: 1 ×2, 2 ×1 (winner), 3 ×3, 5 ×1 (second), 8 ×1, 12 ×1 (mined), 20 ×1
const histogram = [
  { number: 1, count: 2 },
  { number: 2, count: 1 },
  { number: 3, count: 3 },
  { number: 5, count: 1 },
  { number: 8, count: 1 },
  { number: 12, count: 1 },
  { number: 20, count: 1 },
];
const snapshot: SnapshotDto = {
  entriesTotal: 10,
  uniquesTotal: 4,
  winningNumber: 2,
  secondPlaceNumber: 5,
  missedWinNumber: null,
  highestNumber: 20,
  mostFrequentNumbers: [3],
  mostFrequentCount: 3,
  median: 3,
  average: 5.8,
  minedNumbers: [12],
};
const pick = (number: number) => derivePersonalStats(snapshot, histogram, { number, entryType: 'standard' });

describe('personal stats', () => {
  it('ranks the winner first', () => {
    expect(pick(2)).toMatchObject({ status: 'winner', rank: 1, isUnique: true, distanceToWin: 0, distanceToSecondPlace: -3, totalPlayers: 10 });
  });

  it('ranks the runner-up second', () => {
    expect(pick(5)).toMatchObject({ status: 'runner_up', rank: 2, isUnique: true, distanceToWin: 3, distanceToSecondPlace: 0 });
  });

  it('ranks another unique number by its position among unique numbers', () => {
    // unique numbers in order: 2, 5, 8, 20 (12 is mined)
    expect(pick(8)).toMatchObject({ status: 'unique', rank: 3, isUnique: true, duplicateCount: 0 });
    expect(pick(20)).toMatchObject({ status: 'unique', rank: 4 });
    expect(pick(8).personalMessage).toBe('8 was unique, but 2 was lower.');
  });

  it('puts a duplicate after all unique numbers and counts the others', () => {
    expect(pick(3)).toMatchObject({ status: 'duplicate', rank: 5, isUnique: false, duplicateCount: 2, distanceToWin: 1 });
    expect(pick(3).personalMessage).toBe('3 was also picked by 2 other entries.');
  });

  it('treats a mined number as knocked out', () => {
    expect(pick(12)).toMatchObject({ status: 'duplicate', isUnique: false, isMined: true, rank: 5 });
  });

  it('has no distances when nobody won', () => {
    const noWinner = { ...snapshot, winningNumber: null, secondPlaceNumber: null, uniquesTotal: 0 };
    const stats = derivePersonalStats(noWinner, [{ number: 4, count: 2 }], { number: 4, entryType: 'bonus' });
    expect(stats).toMatchObject({ status: 'duplicate', rank: 1, distanceToWin: null, distanceToSecondPlace: null, entryType: 'bonus' });
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th',
    ]);
  });
});
