// Contract: the trends read model (DESIGN.md §17) gives, on every adapter, what the brute-force
// reference computes from the whole history; the cache follows closes made through the database.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Repositories } from '../../core/ports.ts';
import { TREND_DAYS } from '../../core/trends/trend-rules.ts';
import { trendsReference, type HistoryEntry, type HistoryGame } from '../../core/trends/trends-reference.ts';
import { trends, trendsIn, TrendsCache } from '../../core/trends/trends.ts';
import { contract } from './harness.ts';
import { at, emptyStats, entryRow, game, seedUsers } from './fixtures.ts';

const PLAYERS = 12;
const players = Array.from({ length: PLAYERS }, (_, i) => `p${String(i).padStart(2, '0')}`);
const MAX_NUMBER = 2_147_483_647;

let closes = 0;
/** Stores a game with its entries (one per player) and closes it when asked. */
const play = async (r: Repositories, g: HistoryGame, numbers: number[]): Promise<void> => {
  await r.games.create(game(g.date, { key: g.key, number: g.number }));
  for (const [i, number] of numbers.entries()) {
    await r.entries.add(entryRow(`${g.key}:${i}`, g.key, players[i] ?? 'p00', number));
  }
  closes += 1;
  if (g.status === 'closed') await r.games.markClosed(g.key, at(closes % 60), emptyStats(g.key, g.winningNumber));
};

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const keyOf = (date: string, number: number): string => (number === 1 ? date : `${date}-${number}`);

contract('trends', ({ store, adapter }) => {
  it('ranks a known window: halves without the middle date, ties by number, numbered games apart', async () => {
    const history: [HistoryGame, number[]][] = [
      [{ key: '2026-11-01', date: '2026-11-01', number: 1, status: 'closed', winningNumber: 2 }, [1, 1, 2, 5]],
      [{ key: '2026-11-02', date: '2026-11-02', number: 1, status: 'closed', winningNumber: null }, [3, 3, 3]],
      [{ key: '2026-11-03', date: '2026-11-03', number: 1, status: 'closed', winningNumber: 1 }, [1, 4, 4]],
      [{ key: '2026-11-03-2', date: '2026-11-03', number: 2, status: 'closed', winningNumber: 9 }, [2, 6]],
      [{ key: '2026-11-04', date: '2026-11-04', number: 1, status: 'open', winningNumber: null }, [7, 7]],
    ];
    await store().write(async (r) => {
      await seedUsers(r, ...players);
      for (const [g, numbers] of history) await play(r, g, numbers);
    });
    const actual = await store().read((r) => trendsIn(r, 7));
    expect(actual).toEqual({
      days: 7,
      gamesCount: 4,
      entriesTotal: 12,
      winningNumbers: [
        { gameDate: '2026-11-01', winningNumber: 2, entriesTotal: 4 },
        { gameDate: '2026-11-02', winningNumber: null, entriesTotal: 3 },
        { gameDate: '2026-11-03', winningNumber: 1, entriesTotal: 3 },
        { gameDate: '2026-11-03-2', winningNumber: 9, entriesTotal: 2 },
      ],
      mostPicked: [
        { number: 1, count: 3 },
        { number: 3, count: 3 },
        { number: 2, count: 2 },
        { number: 4, count: 2 },
        { number: 5, count: 1 },
        { number: 6, count: 1 },
      ],
      // Older half: 11-01; newer half: both games of 11-03; 11-02 is the middle date.
      rising: [
        { number: 4, before: 0, after: 2 },
        { number: 6, before: 0, after: 1 },
      ],
      falling: [
        { number: 1, before: 2, after: 1 },
        { number: 5, before: 1, after: 0 },
      ],
      neverPicked: [7, 8, 9],
      averageWinningNumber: 4,
    });
    expect(actual).toEqual(
      trendsReference(
        history.map(([g]) => g),
        history.flatMap(([g, ns]) => ns.map((number) => ({ gameKey: g.key, number }))),
        7,
      ),
    );
  });

  it('handles numbers at the top of the range and an empty history', async () => {
    expect(await store().read((r) => trendsIn(r, 30))).toEqual({
      days: 30,
      gamesCount: 0,
      entriesTotal: 0,
      winningNumbers: [],
      mostPicked: [],
      rising: [],
      falling: [],
      neverPicked: [],
      averageWinningNumber: null,
    });
    await store().write(async (r) => {
      await seedUsers(r, ...players);
      await play(r, { key: '2026-11-01', date: '2026-11-01', number: 1, status: 'closed', winningNumber: MAX_NUMBER }, [
        MAX_NUMBER,
        2,
        3,
      ]);
    });
    const actual = await store().read((r) => trendsIn(r, 30));
    expect(actual.neverPicked).toEqual([1, ...Array.from({ length: 19 }, (_, i) => i + 4)]);
    expect(actual.averageWinningNumber).toBe(MAX_NUMBER);
  });

  it('equals the brute-force reference over random histories', async () => {
    await store().write((r) => seedUsers(r, ...players));
    const games: HistoryGame[] = [];
    const entries: HistoryEntry[] = [];
    let lastDate = '2026-01-01';
    const numberArb = fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 1, max: 14 }) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: MAX_NUMBER }) },
    );
    const gameArb = fc.record({
      closed: fc.boolean(),
      winningNumber: fc.option(
        fc.oneof(
          { weight: 6, arbitrary: fc.integer({ min: 1, max: 40 }) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: MAX_NUMBER }) },
        ),
      ),
      // One entry per player: numbers may repeat within a game.
      numbers: fc.array(numberArb, { maxLength: PLAYERS }),
    });
    const dayArb = fc.record({
      gap: fc.integer({ min: 1, max: 3 }),
      games: fc.array(gameArb, { minLength: 1, maxLength: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(dayArb, { minLength: 1, maxLength: adapter === 'memory' ? 12 : 6 }), async (days) => {
        await store().write(async (r) => {
          for (const day of days) {
            lastDate = addDays(lastDate, day.gap);
            for (const [i, g] of day.games.entries()) {
              const played: HistoryGame = {
                key: keyOf(lastDate, i + 1),
                date: lastDate,
                number: i + 1,
                status: g.closed || i === 0 ? 'closed' : 'open',
                winningNumber: g.winningNumber,
              };
              await play(r, played, g.numbers);
              games.push(played);
              entries.push(...g.numbers.map((number) => ({ gameKey: played.key, number })));
            }
          }
        });
        for (const days of TREND_DAYS) {
          expect(await store().read((r) => trendsIn(r, days))).toEqual(trendsReference(games, entries, days));
        }
      }),
      { numRuns: adapter === 'memory' ? 60 : 15 },
    );
  });

  it('serves a cached answer until a close, whichever instance closes', async () => {
    const first = { key: '2026-11-01', date: '2026-11-01', number: 1, status: 'closed', winningNumber: 1 } as const;
    await store().write(async (r) => {
      await seedUsers(r, ...players);
      await play(r, first, [1, 2]);
    });
    const cache = new TrendsCache();
    const before = await trends({ store: store() }, 7, cache);
    expect(before.entriesTotal).toBe(2);
    // Entries of a closed game never change; adding one behind the cache's back shows it answers from memory.
    await store().write((r) => r.entries.add(entryRow('late', first.key, 'p05', 3, 'standard', at(2))));
    expect(await trends({ store: store() }, 7, cache)).toEqual(before);
    expect((await trends({ store: store() }, 7, new TrendsCache())).entriesTotal).toBe(3);
    // Another instance closes a game: this instance's next answer includes it.
    await store().write((r) =>
      play(r, { key: '2026-11-02', date: '2026-11-02', number: 1, status: 'closed', winningNumber: 4 }, [4]),
    );
    const after = await trends({ store: store() }, 7, cache);
    expect(after.gamesCount).toBe(2);
    expect(after.entriesTotal).toBe(4);
    await expect(trends({ store: store() }, 8, cache)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'days must be 7, 30 or 90.',
    });
  });
});
