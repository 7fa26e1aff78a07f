// The brute-force twin of trendsIn: the trends straight from a whole history of games and entries,
// the spec the set-based adapters are tested against (STYLE.md 12).
import type { GameDate, GameKey } from '../model.ts';
import type { NumberChange, NumberCount } from './ports.ts';
import {
  averageOf,
  CHANGE_LIMIT,
  changeOrder,
  halvesOf,
  MOST_PICKED_LIMIT,
  mostPickedOrder,
  movesIn,
  NEVER_PICKED_LIMIT,
  type TrendDays,
} from './trend-rules.ts';
import type { Trends } from './trends.ts';

export interface HistoryGame {
  key: GameKey;
  date: GameDate;
  number: number;
  status: 'open' | 'closed';
  winningNumber: number | null;
}

export interface HistoryEntry {
  gameKey: GameKey;
  number: number;
}

const countBy = (numbers: number[]): Map<number, number> => {
  const counts = new Map<number, number>();
  for (const n of numbers) counts.set(n, (counts.get(n) ?? 0) + 1);
  return counts;
};

export const trendsReference = (
  games: readonly HistoryGame[],
  entries: readonly HistoryEntry[],
  days: TrendDays,
): Trends => {
  const closed = games.filter((g) => g.status === 'closed');
  const dates = [...new Set(closed.map((g) => g.date))].sort().slice(-days);
  const inWindow = closed
    .filter((g) => dates.includes(g.date))
    .sort((a, b) => (a.date === b.date ? a.number - b.number : a.date < b.date ? -1 : 1));
  const numbersOf = (keys: GameKey[]): number[] => entries.filter((e) => keys.includes(e.gameKey)).map((e) => e.number);
  const keysOfDates = (ds: GameDate[]): GameKey[] => inWindow.filter((g) => ds.includes(g.date)).map((g) => g.key);

  const all = numbersOf(inWindow.map((g) => g.key));
  const mostPicked: NumberCount[] = [...countBy(all)].map(([number, count]) => ({ number, count }));
  mostPicked.sort(mostPickedOrder);

  const { older, newer } = halvesOf(dates);
  const before = countBy(numbersOf(keysOfDates(older)));
  const after = countBy(numbersOf(keysOfDates(newer)));
  const changes: NumberChange[] = [...new Set([...before.keys(), ...after.keys()])].map((number) => ({
    number,
    before: before.get(number) ?? 0,
    after: after.get(number) ?? 0,
  }));
  const ranked = (direction: 'rising' | 'falling'): NumberChange[] =>
    changes
      .filter((c) => movesIn(c, direction))
      .sort(changeOrder(direction))
      .slice(0, CHANGE_LIMIT);

  const winning = inWindow.flatMap((g) => (g.winningNumber === null ? [] : [g.winningNumber]));
  const picked = new Set(all);
  const neverPicked: number[] = [];
  const highest = winning.length === 0 ? 0 : Math.max(...winning);
  for (let n = 1; n <= highest && neverPicked.length < NEVER_PICKED_LIMIT; n += 1)
    if (!picked.has(n)) neverPicked.push(n);

  return {
    days,
    gamesCount: inWindow.length,
    entriesTotal: numbersOf(inWindow.map((g) => g.key)).length,
    winningNumbers: inWindow.map((g) => ({
      gameDate: g.key,
      winningNumber: g.winningNumber,
      entriesTotal: entries.filter((e) => e.gameKey === g.key).length,
    })),
    mostPicked: mostPicked.slice(0, MOST_PICKED_LIMIT),
    rising: ranked('rising'),
    falling: ranked('falling'),
    neverPicked,
    averageWinningNumber: averageOf(winning),
  };
};
