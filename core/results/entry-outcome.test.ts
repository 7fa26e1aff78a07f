import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../model.ts';
import { entryOutcome, outcomeRank } from './entry-outcome.ts';
import { emptyStats } from '../../test/contract/fixtures.ts';

const snapshot = (fields: Partial<Snapshot>): Snapshot => ({ ...emptyStats('2026-11-20').snapshot, ...fields });

describe('entryOutcome', () => {
  const s = snapshot({ winningNumber: 3, secondPlaceNumber: 5, minedNumbers: [2] });
  it('follows spec-1 §4, a mined number alone on it is duplicate', () => {
    expect(entryOutcome(3, 1, s)).toBe('winner');
    expect(entryOutcome(5, 1, s)).toBe('runner_up');
    expect(entryOutcome(8, 1, s)).toBe('unique');
    expect(entryOutcome(1, 2, s)).toBe('duplicate');
    expect(entryOutcome(2, 1, s)).toBe('duplicate');
  });
  it('ranks unique numbers by position, duplicates get none', () => {
    expect(outcomeRank('winner', 0)).toBe(1);
    expect(outcomeRank('runner_up', 1)).toBe(2);
    expect(outcomeRank('unique', 4)).toBe(5);
    expect(outcomeRank('duplicate', 4)).toBeNull();
  });
});
