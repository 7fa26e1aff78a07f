import type { PlayerMetric, LeaderboardQueries, WinnerRow } from '../../core/leaderboards/ports.ts';
import type { PlayerStats } from '../../core/model.ts';
import { toNullableNumber, type SqlContext } from './dialect.ts';
import { RANKED_PLAYERS, toPlayerStats } from './player-stats-repository.ts';

export class SqlLeaderboardQueries implements LeaderboardQueries {
  constructor(private readonly ctx: SqlContext) {}

  async latestWinners(limit: number): Promise<WinnerRow[]> {
    // The winner's name comes from the winning entry (the only entry on a unique number), so a day
    // whose prize was disabled (no winning row) still names its winner.
    const rows = await this.ctx.db
      .selectFrom('games as g')
      .leftJoin('winnings as w', 'w.game_key', 'g.key')
      .leftJoin('entries as e', (join) =>
        join.onRef('e.game_key', '=', 'g.key').onRef('e.number', '=', 'g.winning_number'),
      )
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .select(['g.key', 'g.date', 'g.winning_number', 'u.display_name', 'w.amount_cents', 'w.currency'])
      .where('g.status', '=', 'closed')
      .where('g.winning_number', 'is not', null)
      .orderBy('g.closes_at', 'desc')
      .orderBy('g.number', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      gameKey: r.key,
      gameDate: r.date,
      playerName: r.display_name,
      amountCents: toNullableNumber(r.amount_cents),
      currency: r.currency,
      winningNumber: r.winning_number ?? 0,
    }));
  }

  async topPlayers(metric: PlayerMetric, limit: number): Promise<(PlayerStats & { playerName: string })[]> {
    // The close keeps the top of each ranking (player-stats-repository.ts); the counters and names are read live.
    const rows = await this.ctx.db
      .selectFrom('leaderboard_ranks as r')
      .innerJoin('player_stats as s', 's.user_id', 'r.user_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('s')
      .select('u.display_name')
      .where('r.metric', '=', metric)
      .orderBy('r.rank')
      .limit(Math.max(0, Math.min(limit, RANKED_PLAYERS)))
      .execute();
    return rows.map((r) => ({ ...toPlayerStats(r), playerName: r.display_name }));
  }
}
