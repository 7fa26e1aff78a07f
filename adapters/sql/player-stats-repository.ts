import { sql, type Selectable } from 'kysely';
import type { GameDate, GameKey, PlayerStats } from '../../core/model.ts';
import type { PlayerMetric } from '../../core/leaderboards/ports.ts';
import type { PlayerStatsRepository } from '../../core/rewards/ports.ts';
import type { SqlContext } from './dialect.ts';
import type { PlayerStatsTable } from './schema.ts';

/** The counter each ranking orders by. */
export const METRIC_COLUMNS = {
  wins: 'wins',
  entries: 'entries',
  streak: 'current_streak',
  bestStreak: 'best_streak',
} as const satisfies Record<PlayerMetric, keyof PlayerStatsTable>;

/**
 * Players kept per ranking: the screen shows at most 100 (core/leaderboards/leaderboard.ts), and the rest stand by
 * for ranked accounts deleted before the next close (their rows go with them).
 */
export const RANKED_PLAYERS = 200;

export const toPlayerStats = (row: Selectable<PlayerStatsTable>): PlayerStats => ({
  userId: row.user_id,
  wins: row.wins,
  entries: row.entries,
  currentStreak: row.current_streak,
  bestStreak: row.best_streak,
  lastPlayedDate: row.last_played_date,
  lastPlayedAt: row.last_played_at,
});

export class SqlPlayerStatsRepository implements PlayerStatsRepository {
  constructor(private readonly ctx: SqlContext) {}

  async byUser(userId: string): Promise<PlayerStats | null> {
    const row = await this.ctx.db
      .selectFrom('player_stats')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? toPlayerStats(row) : null;
  }

  /**
   * The set-based twin of core/rewards/streaks.ts (statsAfterClose) and streak-milestones.ts (reachesMilestone):
   * three UPDATEs (players of the game, lapsed streaks, the winner), no per-player loop;
   * test/contract/close-rules.test.ts holds it equal to them on random histories.
   */
  async applyClose(args: {
    gameKey: GameKey;
    date: GameDate;
    previousDate: GameDate;
    winnerUserId: string | null;
    milestones: number[];
  }): Promise<{ userId: string; currentStreak: number }[]> {
    const { db } = this.ctx;
    const { gameKey, date, previousDate } = args;
    // Every right-hand side of an UPDATE sees the row as it was, so the streak expression is reused as is.
    const newStreak = sql<number>`(case when player_stats.last_played_date = ${date} then player_stats.current_streak when player_stats.last_played_date = ${previousDate} then player_stats.current_streak + 1 else 1 end)`;
    const milestones = args.milestones.filter((m) => Number.isInteger(m) && m > 0);

    // The milestone test first, then whether the player played: a few index probes instead of a list of the game's
    // players (0.3–1.3 s at 500,000 players, against about 60 ms).
    const reached =
      milestones.length === 0
        ? []
        : await db
            .selectFrom('player_stats')
            .select(['user_id', newStreak.as('streak')])
            .where(newStreak, '>', sql<number>`player_stats.current_streak`)
            .where((eb) => eb.or(milestones.map((m) => eb(sql<number>`${newStreak} % ${sql.lit(m)}`, '=', 0))))
            .where(({ exists, selectFrom }) =>
              exists(
                selectFrom('entries as e')
                  .select('e.id')
                  .where('e.game_key', '=', gameKey)
                  .whereRef('e.user_id', '=', 'player_stats.user_id'),
              ),
            )
            .orderBy('user_id')
            .execute();

    // UPDATE … FROM one aggregate over the game's entries (same syntax in SQLite ≥ 3.33 and PostgreSQL):
    // a correlated count per player would rescan the game's entries for every row.
    const perPlayer = db
      .selectFrom('entries')
      .select((eb) => ['user_id', eb.fn.countAll<number>().as('n'), eb.fn.max('submitted_at').as('latest')])
      .where('game_key', '=', gameKey)
      .where('user_id', 'is not', null)
      .groupBy('user_id');
    await db
      .updateTable('player_stats')
      .from(perPlayer.as('p'))
      .set({
        entries: sql<number>`player_stats.entries + p.n`,
        last_played_at: sql<string>`(case when player_stats.last_played_at is not null and player_stats.last_played_at > p.latest then player_stats.last_played_at else p.latest end)`,
        current_streak: newStreak,
        best_streak: sql<number>`(case when player_stats.best_streak > ${newStreak} then player_stats.best_streak else ${newStreak} end)`,
        last_played_date: date,
      })
      .whereRef('p.user_id', '=', 'player_stats.user_id')
      .execute();

    await db
      .updateTable('player_stats')
      .set({ current_streak: 0 })
      .where('current_streak', '>', 0)
      // The game's players were just set to lastPlayedDate = date, so this leaves them out.
      .where((eb) => eb.or([eb('last_played_date', 'is', null), eb('last_played_date', '<', date)]))
      .execute();

    if (args.winnerUserId !== null) {
      await db
        .updateTable('player_stats')
        .set((eb) => ({ wins: eb('wins', '+', 1) }))
        .where('user_id', '=', args.winnerUserId)
        .execute();
    }
    await this.#rank();
    return reached.map((r) => ({ userId: r.user_id, currentStreak: Number(r.streak) }));
  }

  /**
   * The top of each ranking, for leaderboard-queries.ts (migration 0007 says why it is kept rather than indexed): one
   * top-N read per metric and its rows, ranked in that order (metric descending, then user id).
   */
  async #rank(): Promise<void> {
    const { db } = this.ctx;
    await db.deleteFrom('leaderboard_ranks').execute();
    for (const [metric, column] of Object.entries(METRIC_COLUMNS)) {
      const top = await db
        .selectFrom('player_stats')
        .select('user_id')
        .where(column, '>', 0)
        .orderBy(column, 'desc')
        .orderBy('user_id')
        .limit(RANKED_PLAYERS)
        .execute();
      if (top.length === 0) continue;
      await db
        .insertInto('leaderboard_ranks')
        .values(top.map((row, i) => ({ metric, rank: i + 1, user_id: row.user_id })))
        .execute();
    }
  }
}
