// Contract: a player's outcomes (core/results) read from the stored close data agree, on every adapter, with
// brute force over every entry of the game; and the player's latest closed game is found.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { resolveNumbers } from '../../core/game/resolve.ts';
import { resolveFromTallies } from '../../core/game/close-resolution.ts';
import { entryOutcomesIn, type EntryOutcomeView } from '../../core/results/my-results.ts';
import { contract } from './harness.ts';
import { at, entry, game, seedUsers } from './fixtures.ts';

const PLAYERS = 16;
const players = Array.from({ length: PLAYERS }, (_, i) => `p${String(i).padStart(2, '0')}`);

/** The oracle: spec-1 §4 straight from the list of numbers. */
const bruteForce = (
  numbers: readonly number[],
  mined: readonly number[],
  mine: readonly number[],
): EntryOutcomeView[] => {
  const count = (n: number) => numbers.filter((x) => x === n).length;
  const uniques = [...new Set(numbers)].filter((n) => count(n) === 1 && !mined.includes(n)).sort((a, b) => a - b);
  return mine.map((n) => {
    const position = uniques.indexOf(n);
    const outcome = position === -1 ? 'duplicate' : position === 0 ? 'winner' : position === 1 ? 'runner_up' : 'unique';
    return { number: n, entryType: 'standard', outcome, rank: position === -1 ? null : position + 1 };
  });
};

contract('results: entry outcomes', ({ store, adapter }) => {
  it('a known game: mined numbers are duplicate, ranks count unique numbers, bonus entries keep their type', async () => {
    const key = '2026-11-20';
    await store().write(async (r) => {
      await seedUsers(r, 'ann', 'bob', 'cat', 'dan', 'eve');
      await r.games.create(game(key));
      // 1 twice, 4 mined; uniques 2 (winner), 3 (runner-up), 7, 9.
      for (const [user, n] of [
        ['ann', 1],
        ['bob', 1],
        ['cat', 2],
        ['dan', 3],
        ['eve', 4],
        ['ann', 7],
        ['bob', 9],
      ] as const) {
        await r.entries.add(
          entry(key, user, n, (user === 'ann' && n === 7) || (user === 'bob' && n === 9) ? 'bonus' : 'standard'),
        );
      }
    });
    const snapshot = (await store().write((r) => resolveFromTallies(r.tallies, key, [4], 1000))).snapshot;
    const outcomes = await store().read(async (r) =>
      entryOutcomesIn(r, key, snapshot, await r.entries.forPlayer(key, 'ann')),
    );
    expect(outcomes).toEqual([
      { number: 1, entryType: 'standard', outcome: 'duplicate', rank: null },
      { number: 7, entryType: 'bonus', outcome: 'unique', rank: 3 },
    ]);
    const of = async (user: string) =>
      store().read(async (r) => entryOutcomesIn(r, key, snapshot, await r.entries.forPlayer(key, user)));
    expect((await of('cat'))[0]).toMatchObject({ outcome: 'winner', rank: 1 });
    expect((await of('dan'))[0]).toMatchObject({ outcome: 'runner_up', rank: 2 });
    expect((await of('eve'))[0]).toMatchObject({ outcome: 'duplicate', rank: null });
    expect(await of('bob')).toMatchObject([{ outcome: 'duplicate' }, { outcome: 'unique', rank: 4 }]);
  });

  it('stays right past a truncated histogram (more than 1,000 distinct numbers)', async () => {
    const key = '2026-11-20';
    // One entry per player: 1..1200 picked once each, 500 picked twice, ann alone on 1500.
    const pickers = Array.from({ length: 1201 }, (_, i) => `u${String(i).padStart(4, '0')}`);
    await store().write(async (r) => {
      await seedUsers(r, 'ann', ...pickers);
      await r.games.create(game(key));
      for (let n = 1; n <= 1200; n += 1) await r.entries.add(entry(key, pickers[n] ?? 'u0000', n));
      await r.entries.add(entry(key, 'u0000', 500));
      await r.entries.add(entry(key, 'ann', 1500));
    });
    const resolution = await store().write((r) => resolveFromTallies(r.tallies, key, [], 1000));
    expect(resolution.histogramTruncated).toBe(true);
    expect(resolution.histogram.some((h) => h.number === 1500)).toBe(false);
    const outcomes = await store().read(async (r) =>
      entryOutcomesIn(r, key, resolution.snapshot, await r.entries.forPlayer(key, 'ann')),
    );
    // 1199 unique numbers below 1500 (1..1200 without 500).
    expect(outcomes).toEqual([{ number: 1500, entryType: 'standard', outcome: 'unique', rank: 1200 }]);
  });

  it('equals brute force on random games', async () => {
    await store().write((r) => seedUsers(r, ...players));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: PLAYERS }),
        fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
        async (numbers, mined) => {
          run += 1;
          const key = `2026-11-20-${run + 1}`;
          await store().write(async (r) => {
            await r.games.create(game('2026-11-20', { key, number: run + 1 }));
            for (const [i, n] of numbers.entries())
              await r.entries.add({ ...entry(key, players[i] ?? 'p00', n), id: `${key}:e${i}` });
          });
          const snapshot = resolveNumbers(
            numbers.map((n, i) => ({ entryId: `e${i}`, userId: players[i] ?? null, number: n })),
            mined,
          ).snapshot;
          const outcomesOfEveryone = async () => {
            for (const [i, n] of numbers.entries()) {
              const user = players[i] ?? 'p00';
              const actual = await store().read(async (r) =>
                entryOutcomesIn(r, key, snapshot, await r.entries.forPlayer(key, user)),
              );
              expect(actual).toEqual(bruteForce(numbers, mined, [n]));
            }
          };
          // From the entries (a game closed before the close stored its tallies), then from the stored tallies.
          await outcomesOfEveryone();
          await store().write((r) => r.tallies.countNumbers(key, mined));
          await outcomesOfEveryone();
        },
      ),
      { numRuns: adapter === 'memory' ? 100 : 20 },
    );
  });

  it('latestClosedGameOf: the last closed game the player entered (by deadline, then number)', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'ann', 'bob');
      await r.games.create(game('2026-11-18', { status: 'closed', closedAt: at(1) }));
      await r.games.create(game('2026-11-19', { status: 'closed', closedAt: at(1) }));
      await r.games.create(game('2026-11-19', { key: '2026-11-19-2', number: 2, status: 'closed', closedAt: at(2) }));
      await r.games.create(game('2026-11-20'));
      await r.entries.add(entry('2026-11-18', 'ann', 3));
      await r.entries.add(entry('2026-11-19', 'ann', 4));
      await r.entries.add(entry('2026-11-19-2', 'ann', 5));
      await r.entries.add(entry('2026-11-20', 'ann', 6));
      await r.entries.add(entry('2026-11-18', 'bob', 3));
    });
    await store().read(async (r) => {
      expect(await r.entries.latestClosedGameOf('ann')).toBe('2026-11-19-2');
      expect(await r.entries.latestClosedGameOf('bob')).toBe('2026-11-18');
      expect(await r.entries.latestClosedGameOf('nobody')).toBeNull();
    });
  });
});
