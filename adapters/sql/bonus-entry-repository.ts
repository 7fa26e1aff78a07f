import type { Selectable } from 'kysely';
import type { BonusEntry, GameKey, Instant } from '../../core/model.ts';
import type { BonusEntryRepository } from '../../core/entries/ports.ts';
import { affected, type SqlContext } from './dialect.ts';
import type { BonusEntriesTable } from './schema.ts';
import { prepare } from './prepared.ts';

/** Read with every player's picks and on a second submission (prepared.ts). */
const availableBonus = prepare(2, (db, userId: string, now: string) =>
  db
    .selectFrom('bonus_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('remaining_entries', '>', 0)
    .where('expires_at', '>', now)
    .orderBy('expires_at')
    .orderBy('id'),
);

const toBonus = (row: Selectable<BonusEntriesTable>): BonusEntry => ({
  id: row.id,
  userId: row.user_id,
  sourceType: row.source_type === 'referral' || row.source_type === 'streak' ? row.source_type : 'other',
  remainingEntries: row.remaining_entries,
  grantedAt: row.granted_at,
  expiresAt: row.expires_at,
  gameKey: row.game_key,
});

export class SqlBonusEntryRepository implements BonusEntryRepository {
  constructor(private readonly ctx: SqlContext) {}

  async forUser(userId: string): Promise<BonusEntry[]> {
    const rows = await this.ctx.db
      .selectFrom('bonus_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('granted_at')
      .orderBy('id')
      .execute();
    return rows.map(toBonus);
  }

  async grant(bonus: BonusEntry): Promise<void> {
    await this.ctx.db
      .insertInto('bonus_entries')
      .values({
        id: bonus.id,
        user_id: bonus.userId,
        source_type: bonus.sourceType,
        remaining_entries: bonus.remainingEntries,
        granted_at: bonus.grantedAt,
        expires_at: bonus.expiresAt,
        game_key: bonus.gameKey,
      })
      .execute();
  }

  async available(userId: string, now: Instant): Promise<BonusEntry[]> {
    const { rows } = await availableBonus.run(this.ctx, userId, now);
    return rows.map(toBonus);
  }

  async consume(id: string, now: Instant): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('bonus_entries')
      .set((eb) => ({ remaining_entries: eb('remaining_entries', '-', 1) }))
      .where('id', '=', id)
      .where('remaining_entries', '>', 0)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return affected(result) > 0;
  }

  async deleteBotGrants(gameKey: GameKey): Promise<number> {
    const { db, dialect } = this.ctx;
    const result = await db
      .deleteFrom('bonus_entries')
      .where('game_key', '=', gameKey)
      .where('user_id', 'in', db.selectFrom('users').select('id').where('is_bot', '=', dialect.bool(true)))
      .executeTakeFirstOrThrow();
    return affected(result);
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.ctx.db.deleteFrom('bonus_entries').where('user_id', '=', userId).execute();
  }
}
