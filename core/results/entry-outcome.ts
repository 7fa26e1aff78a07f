// How a player's number did in a closed game (spec-1 §4), from the stored snapshot and how many entries picked it.
import type { Snapshot } from '../model.ts';
import { isUnique } from '../game/winning-rule.ts';

export type EntryOutcome = 'winner' | 'runner_up' | 'unique' | 'duplicate';

/**
 * A mined number is never unique (DESIGN.md §6), so it is `duplicate` even when one player alone picked it.
 * `pickedBy` counts every entry of the game on that number, the player's own included.
 */
export const entryOutcome = (number: number, pickedBy: number, snapshot: Snapshot): EntryOutcome => {
  if (!isUnique(pickedBy, snapshot.minedNumbers.includes(number))) return 'duplicate';
  if (number === snapshot.winningNumber) return 'winner';
  if (number === snapshot.secondPlaceNumber) return 'runner_up';
  return 'unique';
};

/** Position among the game's unique numbers (1 = winner, 2 = runner-up); null for a duplicate. */
export const outcomeRank = (outcome: EntryOutcome, uniqueNumbersBelow: number): number | null => {
  if (outcome === 'duplicate') return null;
  if (outcome === 'winner') return 1;
  if (outcome === 'runner_up') return 2;
  return uniqueNumbersBelow + 1;
};
