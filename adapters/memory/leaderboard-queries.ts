import type { PlayerMetric, LeaderboardQueries, WinnerRow } from '../../core/leaderboards/ports.ts';
import { rankPlayers } from '../../core/leaderboards/ranking.ts';
import type { Game, PlayerStats } from '../../core/model.ts';
import type { MemoryState } from './state.ts';

const newestFirst = (a: Game, b: Game): number =>
  a.closesAt !== b.closesAt ? (a.closesAt < b.closesAt ? 1 : -1) : b.number - a.number;

export class MemoryLeaderboardQueries implements LeaderboardQueries {
  constructor(private readonly state: () => MemoryState) {}

  async latestWinners(limit: number): Promise<WinnerRow[]> {
    const s = this.state();
    const rows: WinnerRow[] = [];
    if (limit <= 0) return rows;
    for (const game of [...s.games.values()].filter((g) => g.status === 'closed').sort(newestFirst)) {
      const winningNumber = s.gameStats.get(game.key)?.snapshot.winningNumber ?? null;
      if (winningNumber === null) continue;
      const entry = [...s.entries.values()].find((e) => e.gameKey === game.key && e.number === winningNumber);
      const user = entry?.userId ? s.users.get(entry.userId) : undefined;
      const winning = [...s.winnings.values()].find((w) => w.gameKey === game.key);
      rows.push({
        gameKey: game.key,
        gameDate: game.date,
        playerName: user?.displayName ?? null,
        amountCents: winning?.prize.amountCents ?? null,
        currency: winning?.prize.currency ?? null,
        winningNumber,
      });
      if (rows.length >= limit) break;
    }
    return rows;
  }

  async topPlayers(metric: PlayerMetric, limit: number): Promise<(PlayerStats & { playerName: string })[]> {
    const s = this.state();
    return rankPlayers(s.playerStats.values(), metric, limit).map((p) => ({
      ...p,
      playerName: s.users.get(p.userId)?.displayName ?? '',
    }));
  }
}
