import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { resolveNumbers, type ResolvableEntry } from './resolve.ts';
import { resolveFromTallies } from './close-resolution.ts';
import { makeDeps, createUser } from '../../test/support/fakes.ts';
import { entryRow } from '../../test/contract/fixtures.ts';

/** The rules of DESIGN.md §6 spelled out the slow, obvious way. */
const oracle = (entries: ResolvableEntry[], mined: number[], limit: number) => {
  const numbers = entries.map((e) => e.number);
  const count = (n: number): number => numbers.filter((x) => x === n).length;
  const distinct = [...new Set(numbers)].sort((a, b) => a - b);
  const uniques = distinct.filter((n) => count(n) === 1 && !mined.includes(n));
  const winning = uniques[0] ?? null;
  let missed = 1;
  while (numbers.includes(missed)) missed += 1;
  const top = Math.max(0, ...distinct.map(count));
  const mostFrequent = distinct.filter((n) => count(n) === top);
  const sorted = [...numbers].sort((a, b) => a - b);
  const median =
    sorted.length === 0
      ? null
      : sorted.length % 2 === 1
        ? sorted[(sorted.length - 1) / 2]
        : ((sorted[sorted.length / 2 - 1] ?? 0) + (sorted[sorted.length / 2] ?? 0)) / 2;
  let shown = distinct;
  if (distinct.length > limit) {
    const keep = mostFrequent.slice(0, limit);
    for (const n of distinct) if (keep.length < limit && !keep.includes(n)) keep.push(n);
    shown = distinct.filter((n) => keep.includes(n));
  }
  const holder = (n: number | null) => {
    const e = n === null ? undefined : entries.find((x) => x.number === n);
    return e ? { userId: e.userId, entryId: e.entryId, number: e.number } : null;
  };
  return {
    snapshot: {
      entriesTotal: numbers.length,
      uniquesTotal: uniques.length,
      winningNumber: winning,
      secondPlaceNumber: uniques[1] ?? null,
      missedWinNumber: winning === null || missed < winning ? missed : null,
      highestNumber: distinct.length ? Math.max(...distinct) : null,
      mostFrequentNumbers: distinct.length ? mostFrequent : [],
      mostFrequentCount: top,
      median,
      average: numbers.length ? Math.round((numbers.reduce((a, b) => a + b, 0) / numbers.length) * 100) / 100 : null,
      minedNumbers: [...new Set(mined)].sort((a, b) => a - b),
    },
    histogram: shown.map((n) => ({ number: n, count: count(n) })),
    histogramTruncated: distinct.length > limit,
    winner: holder(winning),
    runnerUp: holder(uniques[1] ?? null),
  };
};

/** Random games: up to 40 players with one or two distinct numbers in a small range (so collisions happen). */
const gameArb = fc
  .record({
    picks: fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 2 }), { maxLength: 40 }),
    mined: fc.array(fc.integer({ min: 10, max: 25 }), { maxLength: 4 }),
    limit: fc.integer({ min: 1, max: 30 }),
  })
  .map(({ picks, mined, limit }) => ({
    entries: picks.flatMap((numbers, p) =>
      numbers.map((number, i) => ({ entryId: `e${p}-${i}`, userId: `u${p}`, number })),
    ),
    mined,
    limit,
  }));

describe('resolveNumbers', () => {
  it('finds the lowest unique number, the runner-up and the statistics', () => {
    const entries = [1, 1, 2, 3, 5, 8, 8, 8].map((number, i) => ({ entryId: `e${i}`, userId: `u${i}`, number }));
    const r = resolveNumbers(entries, []);
    expect(r.snapshot).toEqual({
      entriesTotal: 8,
      uniquesTotal: 3,
      winningNumber: 2,
      secondPlaceNumber: 3,
      missedWinNumber: null,
      highestNumber: 8,
      mostFrequentNumbers: [8],
      mostFrequentCount: 3,
      median: 4,
      average: 4.5,
      minedNumbers: [],
    });
    expect(r.winner).toEqual({ userId: 'u2', entryId: 'e2', number: 2 });
    expect(r.runnerUp).toEqual({ userId: 'u3', entryId: 'e3', number: 3 });
    expect(r.histogram).toEqual([
      { number: 1, count: 2 },
      { number: 2, count: 1 },
      { number: 3, count: 1 },
      { number: 5, count: 1 },
      { number: 8, count: 3 },
    ]);
  });

  it('knocks out mined numbers and reports a missed win below the winner', () => {
    const entries = [2, 2, 12, 15].map((number, i) => ({ entryId: `e${i}`, userId: `u${i}`, number }));
    const r = resolveNumbers(entries, [12, 12, 40]);
    expect(r.snapshot.winningNumber).toBe(15);
    expect(r.snapshot.secondPlaceNumber).toBeNull();
    expect(r.snapshot.uniquesTotal).toBe(1);
    expect(r.snapshot.missedWinNumber).toBe(1);
    expect(r.snapshot.minedNumbers).toEqual([12, 40]);
    expect(r.runnerUp).toBeNull();
  });

  it('has no winner when nothing is unique, and the missed win is then always given', () => {
    const entries = [1, 1, 2, 2].map((number, i) => ({ entryId: `e${i}`, userId: `u${i}`, number }));
    const r = resolveNumbers(entries, []);
    expect(r.winner).toBeNull();
    expect(r.snapshot.missedWinNumber).toBe(3);
    expect(r.snapshot.mostFrequentNumbers).toEqual([1, 2]);
  });

  it('resolves an empty game to nulls', () => {
    const r = resolveNumbers([], []);
    expect(r.snapshot).toMatchObject({
      entriesTotal: 0,
      winningNumber: null,
      missedWinNumber: 1,
      median: null,
      average: null,
      highestNumber: null,
      mostFrequentNumbers: [],
      mostFrequentCount: 0,
    });
    expect(r.histogram).toEqual([]);
  });

  it('keeps every most-frequent number when the histogram is cut', () => {
    const numbers = [1, 2, 3, 4, 5, 50, 50];
    const r = resolveNumbers(
      numbers.map((number, i) => ({ entryId: `e${i}`, userId: `u${i}`, number })),
      [],
      3,
    );
    expect(r.histogram).toEqual([
      { number: 1, count: 1 },
      { number: 2, count: 1 },
      { number: 50, count: 2 },
    ]);
    expect(r.histogramTruncated).toBe(true);
  });

  it('equals the brute-force oracle on random games', () => {
    fc.assert(
      fc.property(gameArb, ({ entries, mined, limit }) => {
        const r = resolveNumbers(entries, mined, limit, 'g');
        expect(r).toEqual({ gameKey: 'g', ...oracle(entries, mined, limit) });
      }),
      { numRuns: 400 },
    );
  });

  it('the resolution over the memory tallies equals the oracle on random games', async () => {
    await fc.assert(
      fc.asyncProperty(gameArb, async ({ entries, mined, limit }) => {
        const deps = makeDeps();
        const players = [...new Set(entries.map((e) => e.userId))];
        for (const id of players) await createUser(deps, { id });
        await deps.store.write(async (repos) => {
          for (const [i, e] of entries.entries()) {
            const first = entries.findIndex((x) => x.userId === e.userId) === i;
            await repos.entries.add(
              entryRow(
                e.entryId,
                'g',
                e.userId,
                e.number,
                first ? 'standard' : 'bonus',
                new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
              ),
            );
          }
        });
        const r = await deps.store.write((repos) => resolveFromTallies(repos.tallies, 'g', mined, limit));
        expect(r).toEqual({ gameKey: 'g', ...oracle(entries, mined, limit) });
      }),
      { numRuns: 150 },
    );
  });
});
