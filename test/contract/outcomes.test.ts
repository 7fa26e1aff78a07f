// Contract: a player's outcomes (core/results) read from the stored close data agree, on every adapter, with
// brute force over every entry of the game; the player's latest closed game is read at once, and its result is the
// one the separate reads of the game, the entries, the tallies and the winnings make.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { resolveNumbers } from '../../core/game/resolve.ts';
import { resolveFromTallies } from '../../core/game/close-resolution.ts';
import { canClaim } from '../../core/payouts/winnings.ts';
import {
  entryOutcomesIn,
  myLatestResult,
  type EntryOutcomeView,
  type MyResult,
} from '../../core/results/my-results.ts';
import { makeDeps } from '../support/fakes.ts';
import { contract } from './harness.ts';
import { at, emptyStats, entry, game, payout, seedUsers, winning } from './fixtures.ts';

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

  it('results.latestClosedGameOf: the last closed game the player entered (by deadline, then number), at once', async () => {
    const closeWithTallies = async (key: string, minute: number) =>
      store().write(async (r) => {
        const resolution = await resolveFromTallies(r.tallies, key, [], 1000);
        expect(await r.games.markClosed(key, at(minute), resolution)).toBe(true);
        return resolution.snapshot;
      });
    await store().write(async (r) => {
      await seedUsers(r, 'ann', 'bob', 'cat', 'dan');
      await r.games.create(game('2026-11-18'));
      await r.games.create(game('2026-11-19'));
      await r.games.create(game('2026-11-19', { key: '2026-11-19-2', number: 2 }));
      await r.games.create(game('2026-11-20'));
      await r.entries.add(entry('2026-11-18', 'ann', 3));
      await r.entries.add(entry('2026-11-18', 'bob', 3));
      await r.entries.add(entry('2026-11-19', 'ann', 4));
      // Two entries, the bonus one first in time; ann's 2 wins, cat's 6 comes second, 5 is picked twice.
      await r.entries.add(entry('2026-11-19-2', 'ann', 5, 'standard', 2));
      await r.entries.add(entry('2026-11-19-2', 'ann', 2, 'bonus', 1));
      await r.entries.add(entry('2026-11-19-2', 'bob', 5));
      await r.entries.add(entry('2026-11-19-2', 'cat', 6));
      await r.entries.add(entry('2026-11-20', 'ann', 6));
      // dan skipped the newest closed game: his latest is an older one, though he entered the open game.
      await r.entries.add(entry('2026-11-18', 'dan', 7));
      await r.entries.add(entry('2026-11-19', 'dan', 8));
      await r.entries.add(entry('2026-11-20', 'dan', 9));
      // An older game's winning is not the latest game's.
      await r.winnings.create(winning('w18', '2026-11-18', 'ann'));
    });
    await closeWithTallies('2026-11-18', 1);
    await closeWithTallies('2026-11-19', 2);
    // The same deadline as 2026-11-19: the game's number decides.
    const snapshot = await closeWithTallies('2026-11-19-2', 3);
    expect(snapshot).toMatchObject({ winningNumber: 2, secondPlaceNumber: 6 });
    await store().write((r) => r.winnings.create(winning('w19', '2026-11-19-2', 'ann', { winningNumber: 2 })));

    const latest = (user: string) => store().read((r) => r.results.latestClosedGameOf(user));
    const annEntries = [
      {
        id: '2026-11-19-2:ann:2',
        number: 2,
        entryType: 'bonus',
        submittedAt: at(1),
        tally: { count: 1, uniqueRank: 1 },
      },
      {
        id: '2026-11-19-2:ann:5',
        number: 5,
        entryType: 'standard',
        submittedAt: at(2),
        tally: { count: 2, uniqueRank: null },
      },
    ];
    const annWinning = { userId: 'ann', prize: { prizeType: 'cash', amountCents: 5000, currency: 'USD' } };
    expect(await latest('ann')).toEqual({
      gameKey: '2026-11-19-2',
      snapshot,
      entries: annEntries,
      winning: { ...annWinning, payout: null },
    });
    expect(await latest('bob')).toEqual({
      gameKey: '2026-11-19-2',
      snapshot,
      entries: [
        {
          id: '2026-11-19-2:bob:5',
          number: 5,
          entryType: 'standard',
          submittedAt: at(1),
          tally: { count: 2, uniqueRank: null },
        },
      ],
      winning: null,
    });
    expect((await latest('cat'))?.entries.map((e) => e.tally)).toEqual([{ count: 1, uniqueRank: 2 }]);
    expect(await latest('dan')).toMatchObject({
      gameKey: '2026-11-19',
      entries: [{ number: 8, tally: { count: 1, uniqueRank: 2 } }],
      winning: null,
    });
    expect(await latest('nobody')).toBeNull();

    // The claim, then its review: the payout's state comes with the winning.
    await store().write((r) => r.payouts.create(payout('p19', 'w19', 'ann')));
    expect((await latest('ann'))?.winning).toEqual({ ...annWinning, payout: { status: 'pending_review' } });
    await store().write((r) =>
      r.payouts.transition('p19', 'pending_review', 'paid', {
        reviewNotes: null,
        paymentReference: 'TX-1',
        processedAt: at(9),
      }),
    );
    expect((await latest('ann'))?.winning).toEqual({ ...annWinning, payout: { status: 'paid' } });

    // A deleted account's entries are nobody's; they still count in the game's tallies.
    await store().write(async (r) => {
      await r.entries.detachFromUser('bob');
      await r.winnings.detachFromUser('ann');
    });
    expect(await latest('bob')).toBeNull();
    expect((await latest('ann'))?.winning).toBeNull();
    expect((await latest('ann'))?.entries).toEqual(annEntries);
  });

  it('results.latestClosedGameOf: no tally for a game closed before the close stored them; null without a stored close', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'ann', 'bob');
      await r.games.create(game('2026-11-18'));
      await r.games.create(game('2026-11-19', { status: 'closed', closedAt: at(2) }));
      await r.entries.add(entry('2026-11-18', 'ann', 3));
      await r.entries.add(entry('2026-11-18', 'bob', 4));
      await r.entries.add(entry('2026-11-19', 'bob', 5));
      await r.games.markClosed('2026-11-18', at(1), emptyStats('2026-11-18', 3));
    });
    expect(await store().read((r) => r.results.latestClosedGameOf('ann'))).toEqual({
      gameKey: '2026-11-18',
      snapshot: emptyStats('2026-11-18', 3).snapshot,
      entries: [{ id: '2026-11-18:ann:3', number: 3, entryType: 'standard', submittedAt: at(1), tally: null }],
      winning: null,
    });
    // bob's latest closed game has no stored close (a row written closed): no result, as before the snapshot.
    expect(await store().read((r) => r.results.latestClosedGameOf('bob'))).toBeNull();
  });

  it('myLatestResult answers what the separate reads of the game, the entries, the tallies and the winnings answer', async () => {
    const deps = { ...makeDeps(), store: store() };
    // The answer assembled read by read: the latest closed game the player entered, its stats, the player's entries
    // and their outcomes (stored tallies, or counted from the entries), the player's winning of it.
    const assembled = async (userId: string): Promise<{ result: MyResult | null }> =>
      store().read(async (r) => {
        const closed = (await r.games.history(100)).filter((g) => g.status === 'closed');
        for (const g of closed) {
          const entries = await r.entries.forPlayer(g.key, userId);
          if (entries.length === 0) continue;
          const stats = await r.games.stats(g.key);
          if (!stats) return { result: null };
          const won = (await r.winnings.forUser(userId)).find((w) => w.winning.gameKey === g.key);
          return {
            result: {
              gameDate: g.key,
              winningNumber: stats.snapshot.winningNumber,
              secondPlaceNumber: stats.snapshot.secondPlaceNumber,
              entries: await entryOutcomesIn(r, g.key, stats.snapshot, entries),
              winning: won
                ? {
                    canClaim: canClaim(won.winning, won.payout),
                    amountCents: won.winning.prize.amountCents,
                    prizeType: won.winning.prize.prizeType,
                    currency: won.winning.prize.currency,
                  }
                : null,
            },
          };
        }
        return { result: null };
      });
    const users = ['ann', 'bob', 'cat', 'dan', 'eve', 'nobody'];
    const agree = async (when: string) => {
      for (const user of users) {
        const answer = await myLatestResult(deps, user);
        expect(JSON.stringify(answer), `${user} ${when}`).toBe(JSON.stringify(await assembled(user)));
      }
    };
    await store().write(async (r) => {
      await seedUsers(r, 'ann', 'bob', 'cat', 'dan', 'eve');
      await r.games.create(game('2026-11-18'));
      await r.games.create(game('2026-11-19'));
      await r.games.create(game('2026-11-20'));
      // 2026-11-18, closed before the close stored tallies: 1 twice, 2 and 4 unique, 3 mined.
      for (const [user, n, type] of [
        ['ann', 1, 'standard'],
        ['bob', 1, 'standard'],
        ['cat', 2, 'standard'],
        ['dan', 3, 'standard'],
        ['ann', 4, 'bonus'],
      ] as const)
        await r.entries.add(entry('2026-11-18', user, n, type));
      // 2026-11-19: 2 twice, 1 wins (cat), 5 second (ann's bonus), 9 unique (eve).
      for (const [user, n, type] of [
        ['ann', 2, 'standard'],
        ['ann', 5, 'bonus'],
        ['bob', 2, 'standard'],
        ['cat', 1, 'standard'],
        ['eve', 9, 'standard'],
      ] as const)
        await r.entries.add(entry('2026-11-19', user, n, type));
      await r.entries.add(entry('2026-11-20', 'dan', 7));
    });
    await agree('before any close');
    await store().write(async (r) => {
      const resolution = resolveNumbers(
        [1, 1, 2, 3, 4].map((n, i) => ({ entryId: `e${i}`, userId: null, number: n })),
        [3],
      );
      await r.games.markClosed('2026-11-18', at(1), resolution);
      await r.winnings.create(winning('w18', '2026-11-18', 'cat', { winningNumber: 2 }));
    });
    await agree('after a close without tallies');
    await store().write(async (r) => {
      const resolution = await resolveFromTallies(r.tallies, '2026-11-19', [], 1000);
      await r.games.markClosed('2026-11-19', at(2), resolution);
      await r.winnings.create(winning('w19', '2026-11-19', 'cat', { winningNumber: 1 }));
    });
    await agree('after a close with tallies');
    await store().write((r) => r.payouts.create(payout('p19', 'w19', 'cat')));
    await agree('after the claim');
    await store().write((r) =>
      r.payouts.transition('p19', 'pending_review', 'paid', {
        reviewNotes: null,
        paymentReference: 'TX-1',
        processedAt: at(9),
      }),
    );
    await agree('once paid');
    expect((await myLatestResult(deps, 'ann')).result).toEqual({
      gameDate: '2026-11-19',
      winningNumber: 1,
      secondPlaceNumber: 5,
      entries: [
        { number: 2, entryType: 'standard', outcome: 'duplicate', rank: null },
        { number: 5, entryType: 'bonus', outcome: 'runner_up', rank: 2 },
      ],
      winning: null,
    });
    expect((await myLatestResult(deps, 'dan')).result).toEqual({
      gameDate: '2026-11-18',
      winningNumber: 2,
      secondPlaceNumber: 4,
      entries: [{ number: 3, entryType: 'standard', outcome: 'duplicate', rank: null }],
      winning: null,
    });
    expect((await myLatestResult(deps, 'cat')).result?.winning).toEqual({
      canClaim: false,
      amountCents: 5000,
      prizeType: 'cash',
      currency: 'USD',
    });
  });
});
