// A player's latest result over the memory tables: the same answer as the SQL statement (adapters/sql/result-queries.ts).
import type { Game } from '../../core/model.ts';
import type { PlayerClosedGame, ResultQueries } from '../../core/results/ports.ts';
import type { MemoryState } from './state.ts';
import { bySubmission } from '../../core/entries/submission-order.ts';

const newestFirst = (a: Game, b: Game): number =>
  a.closesAt !== b.closesAt ? (a.closesAt < b.closesAt ? 1 : -1) : b.number - a.number;
export class MemoryResultQueries implements ResultQueries {
  constructor(private readonly state: () => MemoryState) {}

  async latestClosedGameOf(userId: string): Promise<PlayerClosedGame | null> {
    const s = this.state();
    const mine = [...s.entries.values()].filter((e) => e.userId === userId);
    const [game] = [...new Set(mine.map((e) => e.gameKey))]
      .map((key) => s.games.get(key))
      .filter((g): g is Game => g !== undefined && g.status === 'closed')
      .sort(newestFirst);
    const stats = game && s.gameStats.get(game.key);
    if (!game || !stats) return null;
    const tallies = new Map((s.numberTallies.get(game.key) ?? []).map((t) => [t.number, t]));
    const winning = [...s.winnings.values()].find((w) => w.gameKey === game.key && w.userId === userId);
    const payout = winning && [...s.payouts.values()].find((p) => p.winningId === winning.id);
    return {
      gameKey: game.key,
      snapshot: structuredClone(stats.snapshot),
      entries: mine
        .filter((e) => e.gameKey === game.key)
        .sort(bySubmission)
        .map(({ id, number, entryType, submittedAt }) => {
          const tally = tallies.get(number);
          return {
            id,
            number,
            entryType,
            submittedAt,
            tally: tally ? { count: tally.count, uniqueRank: tally.uniqueRank } : null,
          };
        }),
      winning: winning
        ? {
            userId: winning.userId,
            prize: {
              prizeType: winning.prize.prizeType,
              amountCents: winning.prize.amountCents,
              currency: winning.prize.currency,
            },
            payout: payout ? { status: payout.status } : null,
          }
        : null,
    };
  }
}
