// The trends read model over the memory state, ranked by the core's rules.
import type { GameDate, GameKey, Instant } from '../../core/model.ts';
import type {
  ChangeDirection,
  NumberChange,
  NumberCount,
  NumberRun,
  TrendGame,
  TrendQueries,
} from '../../core/trends/ports.ts';
import { changeOrder, mostPickedOrder, movesIn, unpickedRunsOf } from '../../core/trends/trend-rules.ts';
import type { MemoryState } from './state.ts';

export class MemoryTrendQueries implements TrendQueries {
  constructor(private readonly state: () => MemoryState) {}

  async closedVersion(): Promise<{ closedGames: number; lastClosedAt: Instant | null }> {
    const closedAt = this.#closed().map((g) => g.closedAt ?? '');
    return {
      closedGames: closedAt.length,
      lastClosedAt: closedAt.length === 0 ? null : (closedAt.sort().at(-1) ?? null),
    };
  }

  async latestClosedDates(count: number): Promise<GameDate[]> {
    return [...new Set(this.#closed().map((g) => g.date))].sort().reverse().slice(0, Math.max(0, count));
  }

  async closedGamesOf(dates: GameDate[]): Promise<TrendGame[]> {
    const s = this.state();
    return this.#closed()
      .filter((g) => dates.includes(g.date))
      .sort((a, b) => (a.date === b.date ? a.number - b.number : a.date < b.date ? -1 : 1))
      .map((g) => ({
        key: g.key,
        date: g.date,
        number: g.number,
        winningNumber: s.gameStats.get(g.key)?.snapshot.winningNumber ?? null,
        entriesTotal: this.#numbers([g.key]).length,
      }));
  }

  async mostPicked(gameKeys: GameKey[], limit: number): Promise<NumberCount[]> {
    const counts = [...this.#countBy(gameKeys)].map(([number, count]) => ({ number, count }));
    return counts.sort(mostPickedOrder).slice(0, limit);
  }

  async changes(
    older: GameKey[],
    newer: GameKey[],
    direction: ChangeDirection,
    limit: number,
  ): Promise<NumberChange[]> {
    const before = this.#countBy(older);
    const after = this.#countBy(newer);
    const numbers = new Set([...before.keys(), ...after.keys()]);
    return [...numbers]
      .map((number) => ({ number, before: before.get(number) ?? 0, after: after.get(number) ?? 0 }))
      .filter((c) => movesIn(c, direction))
      .sort(changeOrder(direction))
      .slice(0, limit);
  }

  async unpickedRuns(gameKeys: GameKey[], upTo: number, limit: number): Promise<NumberRun[]> {
    return unpickedRunsOf(this.#numbers(gameKeys), upTo, limit);
  }

  #closed() {
    return [...this.state().games.values()].filter((g) => g.status === 'closed');
  }

  #numbers(gameKeys: GameKey[]): number[] {
    const keys = new Set(gameKeys);
    return [...this.state().entries.values()].filter((e) => keys.has(e.gameKey)).map((e) => e.number);
  }

  #countBy(gameKeys: GameKey[]): Map<number, number> {
    const counts = new Map<number, number>();
    for (const n of this.#numbers(gameKeys)) counts.set(n, (counts.get(n) ?? 0) + 1);
    return counts;
  }
}
