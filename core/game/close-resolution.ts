// The close's resolution (DESIGN.md §6) composed from the database's tallies: the same rules as the
// reference resolveNumbers (resolve.ts), which the contract suite checks it against on every adapter.
import type { GameKey, HistogramRow, Resolution, Snapshot } from '../model.ts';
import type { NumberTallies } from './ports.ts';

const ascending = (a: HistogramRow, b: HistogramRow): number => a.number - b.number;

/** The middle number; the mean of the two middle ones for an even count. */
const medianOf = async (tallies: NumberTallies, gameKey: GameKey, total: number): Promise<number | null> => {
  if (total === 0) return null;
  const mid = Math.floor(total / 2);
  const upper = (await tallies.numberAtOffset(gameKey, mid)) ?? 0;
  if (total % 2 === 1) return upper;
  return (((await tallies.numberAtOffset(gameKey, mid - 1)) ?? 0) + upper) / 2;
};

/**
 * Counts the game (in the caller's unit of work, which writes) and resolves it: the snapshot, the
 * histogram (every number when at most `histogramLimit`; else the most-frequent ones, lowest first,
 * then the lowest others up to the limit, ascending), the winner and the runner-up.
 */
export const resolveFromTallies = async (
  tallies: NumberTallies,
  gameKey: GameKey,
  mined: readonly number[],
  histogramLimit: number,
): Promise<Resolution> => {
  await tallies.countNumbers(gameKey, mined);
  const totals = await tallies.totals(gameKey);
  const [winningNumber = null, secondPlaceNumber = null] = await tallies.lowestUniques(gameKey, 2);
  const lowestUnpicked = await tallies.lowestUnpicked(gameKey);
  const frequent = totals.topCount === 0 ? [] : await tallies.rows(gameKey, { count: totals.topCount });

  const snapshot: Snapshot = {
    entriesTotal: totals.entries,
    uniquesTotal: totals.uniques,
    winningNumber,
    secondPlaceNumber,
    missedWinNumber: winningNumber === null || lowestUnpicked < winningNumber ? lowestUnpicked : null,
    highestNumber: totals.highest,
    mostFrequentNumbers: frequent.map((r) => r.number),
    mostFrequentCount: totals.topCount,
    median: await medianOf(tallies, gameKey, totals.entries),
    // Sum and count are exact integers, so this rounds exactly as the reference does.
    average: totals.entries === 0 ? null : Math.round((totals.sum / totals.entries) * 100) / 100,
    minedNumbers: [...new Set(mined)].sort((a, b) => a - b),
  };

  const histogramTruncated = totals.distinct > histogramLimit;
  let histogram: HistogramRow[];
  if (!histogramTruncated) {
    histogram = await tallies.rows(gameKey, {});
  } else {
    const kept = frequent.slice(0, histogramLimit);
    const room = histogramLimit - kept.length;
    const others = room > 0 ? await tallies.rows(gameKey, { exceptCount: totals.topCount, limit: room }) : [];
    histogram = [...kept, ...others].sort(ascending);
  }

  const picked = [winningNumber, secondPlaceNumber].filter((n): n is number => n !== null);
  const holders = picked.length === 0 ? [] : await tallies.holders(gameKey, picked);
  const holder = (n: number | null): Resolution['winner'] => {
    const h = n === null ? undefined : holders.find((x) => x.number === n);
    return h ? { userId: h.userId, entryId: h.entryId, number: h.number } : null;
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
