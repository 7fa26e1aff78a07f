// The close's tallies over the in-memory entries: the same small answers the SQL adapters give from
// game_number_counts, computed from the counted rows (the rules combining them are core's).
import type { GameKey, HistogramRow } from '../../core/model.ts';
import type { EntryHolder, NumberTallies, NumberTally, TallyTotals } from '../../core/game/ports.ts';
import { isUnique } from '../../core/game/winning-rule.ts';
import type { CountedNumber, MemoryState } from './state.ts';

export class MemoryNumberTallies implements NumberTallies {
  constructor(private readonly state: () => MemoryState) {}

  async countNumbers(gameKey: GameKey, minedNumbers: readonly number[]): Promise<void> {
    const mined = new Set(minedNumbers);
    const counts = new Map<number, number>();
    for (const e of this.state().entries.values()) {
      if (e.gameKey === gameKey) counts.set(e.number, (counts.get(e.number) ?? 0) + 1);
    }
    const rows: CountedNumber[] = [];
    let below = 0;
    let uniques = 0;
    for (const number of [...counts.keys()].sort((a, b) => a - b)) {
      const count = counts.get(number) ?? 0;
      const unique = isUnique(count, mined.has(number));
      if (unique) uniques += 1;
      rows.push({ number, count, below, uniqueRank: unique ? uniques : null });
      below += count;
    }
    this.state().numberTallies.set(gameKey, rows);
  }

  async totals(gameKey: GameKey): Promise<TallyTotals> {
    const rows = this.#rows(gameKey);
    let entries = 0;
    let sum = 0;
    let topCount = 0;
    let uniques = 0;
    for (const r of rows) {
      entries += r.count;
      sum += r.number * r.count;
      topCount = Math.max(topCount, r.count);
      if (r.uniqueRank !== null) uniques += 1;
    }
    return { entries, sum, distinct: rows.length, highest: rows.at(-1)?.number ?? null, topCount, uniques };
  }

  async lowestUniques(gameKey: GameKey, limit: number): Promise<number[]> {
    return this.#rows(gameKey)
      .filter((r) => r.uniqueRank !== null)
      .slice(0, limit)
      .map((r) => r.number);
  }

  async numberAtOffset(gameKey: GameKey, offset: number): Promise<number | null> {
    return this.#rows(gameKey).find((r) => r.below + r.count > offset)?.number ?? null;
  }

  async lowestUnpicked(gameKey: GameKey): Promise<number> {
    let next = 1;
    for (const r of this.#rows(gameKey)) {
      if (r.number > next) break;
      if (r.number === next) next += 1;
    }
    return next;
  }

  async rows(
    gameKey: GameKey,
    filter: { count?: number; exceptCount?: number; limit?: number },
  ): Promise<HistogramRow[]> {
    return this.#rows(gameKey)
      .filter(
        (r) =>
          (filter.count === undefined || r.count === filter.count) &&
          (filter.exceptCount === undefined || r.count !== filter.exceptCount),
      )
      .slice(0, filter.limit)
      .map((r) => ({ number: r.number, count: r.count }));
  }

  async holders(gameKey: GameKey, numbers: readonly number[]): Promise<EntryHolder[]> {
    const wanted = new Set(numbers);
    return [...this.state().entries.values()]
      .filter((e) => e.gameKey === gameKey && wanted.has(e.number))
      .map((e) => ({ entryId: e.id, userId: e.userId, number: e.number }));
  }

  async storedTallies(gameKey: GameKey, numbers: readonly number[]): Promise<Map<number, NumberTally> | null> {
    if (numbers.length === 0) return new Map();
    const rows = this.state().numberTallies.get(gameKey);
    if (!rows) return null;
    const byNumber = new Map(rows.map((r) => [r.number, r]));
    const tallies = new Map<number, NumberTally>();
    for (const n of numbers) {
      const r = byNumber.get(n);
      if (!r) return null;
      tallies.set(n, { count: r.count, uniqueRank: r.uniqueRank });
    }
    return tallies;
  }

  /** The twin of core/rewards/peak-earners.ts over the counted rows, held equal to it by test/contract/close-rules.test.ts. */
  async uniqueHolders(gameKey: GameKey, exceptNumber: number | null): Promise<string[]> {
    const uniques = new Set(
      this.#rows(gameKey).flatMap((r) => (r.uniqueRank !== null && r.number !== exceptNumber ? [r.number] : [])),
    );
    const holders = new Set<string>();
    for (const e of this.state().entries.values()) {
      if (e.gameKey === gameKey && e.userId !== null && uniques.has(e.number)) holders.add(e.userId);
    }
    return [...holders].sort();
  }

  #rows(gameKey: GameKey): CountedNumber[] {
    return this.state().numberTallies.get(gameKey) ?? [];
  }
}
