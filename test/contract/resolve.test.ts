// Contract: the close's resolution composed from each adapter's tallies (core/game/close-resolution.ts)
// equals the reference resolveNumbers (core/game/resolve.ts) on every adapter.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { resolveNumbers } from '../../core/game/resolve.ts';
import { resolveFromTallies } from '../../core/game/close-resolution.ts';
import { contract } from './harness.ts';
import { entryRow, game, seedUsers } from './fixtures.ts';

const PLAYERS = 24;
const players = Array.from({ length: PLAYERS }, (_, i) => `p${String(i).padStart(2, '0')}`);

contract('close resolution over the tallies', ({ store, adapter }) => {
  it('resolves a known game: mines knock numbers out, gaps give the missed win, ties give most-frequent', async () => {
    const numbers = [1, 1, 2, 3, 3, 3, 5, 6, 6, 6, 9, 12];
    const entries = numbers.map((number, i) => ({ entryId: `e${i}`, userId: players[i] ?? 'p00', number }));
    await store().write(async (r) => {
      await seedUsers(r, ...players);
      await r.games.create(game('2026-11-20'));
      for (const e of entries) {
        await r.entries.add(entryRow(e.entryId, '2026-11-20', e.userId ?? 'p00', e.number));
      }
    });
    const resolution = await store().write((r) => resolveFromTallies(r.tallies, '2026-11-20', [2, 40], 1000));
    expect(resolution).toEqual(resolveNumbers(entries, [2, 40], 1000, '2026-11-20'));
    expect(resolution.snapshot).toMatchObject({
      entriesTotal: 12,
      uniquesTotal: 3,
      winningNumber: 5,
      secondPlaceNumber: 9,
      missedWinNumber: 4,
      highestNumber: 12,
      mostFrequentNumbers: [3, 6],
      mostFrequentCount: 3,
      median: 4,
      average: 4.75,
      minedNumbers: [2, 40],
    });
    expect(resolution.winner).toEqual({ userId: players[6], entryId: 'e6', number: 5 });
    expect(resolution.runnerUp).toEqual({ userId: players[10], entryId: 'e10', number: 9 });

    // A cut histogram keeps the most-frequent numbers, then the lowest others.
    const cut = await store().write((r) => resolveFromTallies(r.tallies, '2026-11-20', [], 4));
    expect(cut.histogramTruncated).toBe(true);
    expect(cut.histogram).toEqual([
      { number: 1, count: 2 },
      { number: 2, count: 1 },
      { number: 3, count: 3 },
      { number: 6, count: 3 },
    ]);
  });

  it('finds the missed win after a long run of picked numbers, beside the highest number there is', async () => {
    // 1…11 picked twice each, 2,147,483,647 once: the winner is the highest integer, 12 was free.
    const numbers = [
      ...Array.from({ length: 11 }, (_, i) => i + 1),
      ...Array.from({ length: 11 }, (_, i) => i + 1),
      2_147_483_647,
    ];
    const entries = numbers.map((number, i) => ({ entryId: `e${i}`, userId: players[i] ?? 'p00', number }));
    await store().write(async (r) => {
      await seedUsers(r, ...players);
      await r.games.create(game('2026-11-20'));
      for (const e of entries) await r.entries.add(entryRow(e.entryId, '2026-11-20', e.userId, e.number));
    });
    const resolution = await store().write((r) => resolveFromTallies(r.tallies, '2026-11-20', [], 1000));
    expect(resolution).toEqual(resolveNumbers(entries, [], 1000, '2026-11-20'));
    expect(resolution.snapshot).toMatchObject({
      winningNumber: 2_147_483_647,
      missedWinNumber: 12,
      highestNumber: 2_147_483_647,
    });
  });

  it('resolves an empty game', async () => {
    await store().write((r) => r.games.create(game('2026-11-20')));
    const resolution = await store().write((r) => resolveFromTallies(r.tallies, '2026-11-20', [], 1000));
    expect(resolution).toEqual(resolveNumbers([], [], 1000, '2026-11-20'));
    expect(resolution.snapshot.missedWinNumber).toBe(1);
  });

  it('equals resolveNumbers on random games', async () => {
    await store().write((r) => seedUsers(r, ...players));
    let run = 0;
    const numberArb = fc.oneof(
      { weight: 5, arbitrary: fc.integer({ min: 1, max: 12 }) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(numberArb, { maxLength: PLAYERS }),
        fc.uniqueArray(fc.integer({ min: 1, max: 14 }), { maxLength: 3 }),
        fc.integer({ min: 1, max: 8 }),
        async (numbers, mined, histogramLimit) => {
          run += 1;
          const key = `2026-11-20-${run + 1}`;
          const entries = numbers.map((number, i) => ({
            entryId: `${key}:e${i}`,
            userId: players[i] ?? 'p00',
            number,
          }));
          await store().write(async (r) => {
            await r.games.create(game('2026-11-20', { key, number: run + 1 }));
            for (const e of entries) {
              await r.entries.add(entryRow(e.entryId, key, e.userId ?? 'p00', e.number));
            }
          });
          const actual = await store().write((r) => resolveFromTallies(r.tallies, key, mined, histogramLimit));
          expect(actual).toEqual(resolveNumbers(entries, mined, histogramLimit, key));
        },
      ),
      { numRuns: adapter === 'memory' ? 200 : 30 },
    );
  });
});
