import type { Selectable } from 'kysely';
import { DomainError } from '../../core/errors.ts';
import type { GameKey, Payout, Winning } from '../../core/model.ts';
import type { WinningRepository } from '../../core/payouts/ports.ts';
import { affected, type SqlContext } from './dialect.ts';
import { toPayout } from './payout-repository.ts';
import type { WinningsTable } from './schema.ts';

const toWinning = (row: Selectable<WinningsTable>): Winning => ({
  id: row.id,
  gameKey: row.game_key,
  gameDate: row.game_date,
  userId: row.user_id,
  winningNumber: row.winning_number,
  prize: {
    prizeType: row.prize_type === 'voucher' ? 'voucher' : 'cash',
    amountCents: row.amount_cents,
    currency: row.currency,
    description: row.description,
  },
  createdAt: row.created_at,
});

export class SqlWinningRepository implements WinningRepository {
  constructor(private readonly ctx: SqlContext) {}

  async create(winning: Winning): Promise<void> {
    const result = await this.ctx.db
      .insertInto('winnings')
      .values({
        id: winning.id,
        game_key: winning.gameKey,
        game_date: winning.gameDate,
        user_id: winning.userId,
        winning_number: winning.winningNumber,
        prize_type: winning.prize.prizeType,
        amount_cents: winning.prize.amountCents,
        currency: winning.prize.currency,
        description: winning.prize.description,
        created_at: winning.createdAt,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirstOrThrow();
    if (affected(result) === 0) throw new DomainError('CONFLICT', `Game ${winning.gameKey} already has a winning.`);
  }

  async byId(id: string): Promise<Winning | null> {
    const row = await this.ctx.db.selectFrom('winnings').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toWinning(row) : null;
  }

  async byGame(gameKey: GameKey): Promise<Winning | null> {
    const row = await this.ctx.db.selectFrom('winnings').selectAll().where('game_key', '=', gameKey).executeTakeFirst();
    return row ? toWinning(row) : null;
  }

  async dueForReminder(createdBefore: string, limit: number): Promise<Winning[]> {
    const { db } = this.ctx;
    const rows = await db
      .selectFrom('winnings')
      .selectAll()
      .where('user_id', 'is not', null)
      .where('reminded_at', 'is', null)
      .where('created_at', '<=', createdBefore)
      .where('id', 'not in', db.selectFrom('payouts').select('winning_id'))
      .orderBy('created_at')
      .orderBy('id')
      .limit(Math.max(0, limit))
      .execute();
    return rows.map(toWinning);
  }

  async markReminded(id: string, at: string): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('winnings')
      .set({ reminded_at: at })
      .where('id', '=', id)
      .where('reminded_at', 'is', null)
      .executeTakeFirst();
    return affected(result) > 0;
  }

  async forUser(userId: string): Promise<{ winning: Winning; payout: Payout | null }[]> {
    const { db } = this.ctx;
    const winnings = await db
      .selectFrom('winnings')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('game_date', 'desc')
      .orderBy('game_key', 'desc')
      .execute();
    if (winnings.length === 0) return [];
    const payouts = await db
      .selectFrom('payouts')
      .selectAll()
      .where(
        'winning_id',
        'in',
        winnings.map((w) => w.id),
      )
      .execute();
    return winnings.map((w) => {
      const payout = payouts.find((p) => p.winning_id === w.id);
      return { winning: toWinning(w), payout: payout ? toPayout(payout) : null };
    });
  }

  async detachFromUser(userId: string): Promise<void> {
    const { db } = this.ctx;
    const theirs = db.selectFrom('winnings').select('id').where('user_id', '=', userId);
    // Only a payment made keeps where it went; a rejected claim's PayPal details go with the person.
    await db
      .updateTable('payouts')
      .set({ paypal_email: null, preferred_name: null })
      .where('winning_id', 'in', theirs)
      .where('status', '<>', 'paid')
      .execute();
    await db.updateTable('payouts').set({ user_id: null }).where('winning_id', 'in', theirs).execute();
    await db.updateTable('winnings').set({ user_id: null }).where('user_id', '=', userId).execute();
  }
}
