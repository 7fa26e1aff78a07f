import type { Selectable } from 'kysely';
import { DomainError } from '../../core/errors.ts';
import type { GameKey, Mine } from '../../core/model.ts';
import type { MineRepository } from '../../core/entries/ports.ts';
import { affected, receiptSignature, type SqlContext } from './dialect.ts';
import type { MinesTable } from './schema.ts';

const toMine = (row: Selectable<MinesTable>, userId: string): Mine => ({
  id: row.id,
  gameKey: row.game_key,
  userId,
  number: row.number,
  placedAt: row.placed_at,
  salt: row.salt,
  leaf: row.leaf,
  ...receiptSignature(row),
});

export class SqlMineRepository implements MineRepository {
  constructor(private readonly ctx: SqlContext) {}

  async place(mine: Mine): Promise<void> {
    const result = await this.ctx.db
      .insertInto('mines')
      .values({
        id: mine.id,
        game_key: mine.gameKey,
        user_id: mine.userId,
        number: mine.number,
        placed_at: mine.placedAt,
        salt: mine.salt,
        leaf: mine.leaf,
        receipt_key_id: mine.signature?.keyId ?? null,
        receipt_sig: mine.signature?.sig ?? null,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirstOrThrow();
    if (affected(result) === 0) throw new DomainError('MINE_ALREADY_USED', 'You already laid a mine in this game.');
  }

  async forPlayer(gameKey: GameKey, userId: string): Promise<Mine | null> {
    const row = await this.ctx.db
      .selectFrom('mines')
      .selectAll()
      .where('game_key', '=', gameKey)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? toMine(row, userId) : null;
  }

  async numbers(gameKey: GameKey): Promise<number[]> {
    const rows = await this.ctx.db
      .selectFrom('mines')
      .select('number')
      .distinct()
      .where('game_key', '=', gameKey)
      .orderBy('number')
      .execute();
    return rows.map((r) => r.number);
  }

  async detachFromUser(userId: string): Promise<void> {
    await this.ctx.db.updateTable('mines').set({ user_id: null }).where('user_id', '=', userId).execute();
  }
}
