// Who earns Peak at a close (DESIGN.md §7), with the text that says so.
import type { Entry } from '../model.ts';
import { isUnique } from '../game/winning-rule.ts';

export const PEAK_HOW_TO_EARN = 'Pick a unique number that does not win';

/**
 * The players holding a unique number (winning-rule.ts) other than the winning number, each once, in id order.
 * Entries of deleted accounts earn nothing.
 */
export const peakEarners = (
  entries: readonly Pick<Entry, 'userId' | 'number'>[],
  minedNumbers: readonly number[],
  winningNumber: number | null,
): string[] => {
  const counts = new Map<number, number>();
  for (const e of entries) counts.set(e.number, (counts.get(e.number) ?? 0) + 1);
  const mined = new Set(minedNumbers);
  const earners = new Set<string>();
  for (const e of entries) {
    if (e.userId === null || e.number === winningNumber) continue;
    if (isUnique(counts.get(e.number) ?? 0, mined.has(e.number))) earners.add(e.userId);
  }
  return [...earners].sort();
};
