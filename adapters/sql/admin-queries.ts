import type { AdminQueries, AdminSubmissionRow } from '../../core/admin/ports.ts';
import type { GameKey } from '../../core/model.ts';
import { toNumber, type SqlContext } from './dialect.ts';

export class SqlAdminQueries implements AdminQueries {
  constructor(private readonly ctx: SqlContext) {}

  async submissions(
    gameKey: GameKey,
    offset: number,
    limit: number,
  ): Promise<{ rows: AdminSubmissionRow[]; totalCount: number }> {
    const { db } = this.ctx;
    const count = await db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('game_key', '=', gameKey)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('entries as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('guild_members as gm', 'gm.user_id', 'e.user_id')
      .leftJoin('guilds as g', 'g.id', 'gm.guild_id')
      .select([
        'e.id',
        'e.number',
        'e.user_id',
        'u.display_name',
        'u.email',
        'e.entry_type',
        'g.name',
        'e.submitted_at',
      ])
      .where('e.game_key', '=', gameKey)
      .orderBy('e.submitted_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(Math.max(0, limit))
      .offset(Math.max(0, offset))
      .execute();
    return {
      totalCount: toNumber(count.n),
      rows: rows.map((r) => ({
        id: r.id,
        number: r.number,
        userId: r.user_id,
        userDisplayName: r.display_name,
        userEmail: r.email,
        entryType: r.entry_type === 'bonus' ? 'bonus' : 'standard',
        guildName: r.name,
        submittedAt: r.submitted_at,
      })),
    };
  }
}
