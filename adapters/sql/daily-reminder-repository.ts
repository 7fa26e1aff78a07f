import type { GameDate, User } from '../../core/model.ts';
import type { DailyReminderRepository } from '../../core/mail/ports.ts';
import { affected, type SqlContext } from './dialect.ts';
import { toUser } from './user-repository.ts';

export class SqlDailyReminderRepository implements DailyReminderRepository {
  constructor(private readonly ctx: SqlContext) {}

  async due(gameDate: GameDate, limit: number): Promise<User[]> {
    const { db, dialect } = this.ctx;
    const rows = await db
      .selectFrom('users as u')
      .selectAll('u')
      .where('u.daily_reminder', '=', dialect.bool(true))
      .where('u.is_bot', '=', dialect.bool(false))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('entries as e')
              .innerJoin('games as g', 'g.key', 'e.game_key')
              .select('e.id')
              .whereRef('e.user_id', '=', 'u.id')
              .where('g.date', '=', gameDate),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('daily_reminders as d')
              .select('d.user_id')
              .whereRef('d.user_id', '=', 'u.id')
              .where('d.game_date', '=', gameDate),
          ),
        ),
      )
      .orderBy('u.id')
      .limit(limit)
      .execute();
    return rows.map(toUser);
  }

  async mark(userId: string, gameDate: GameDate, at: string): Promise<boolean> {
    const result = await this.ctx.db
      .insertInto('daily_reminders')
      .values({ user_id: userId, game_date: gameDate, sent_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'game_date']).doNothing())
      .executeTakeFirst();
    return affected(result) > 0;
  }
}
