import type { Selectable } from 'kysely';
import { DomainError } from '../../core/errors.ts';
import type { AuditEntry, GameDate, Instant, Payout, PayoutStatus } from '../../core/model.ts';
import type { AuditFilter, PayoutAuditRow, PayoutPlayer, PayoutRepository } from '../../core/payouts/ports.ts';
import { auditConditions, auditCount } from './audit-filter.ts';
import { affected, fromSqlBoolean, type SqlContext } from './dialect.ts';
import type { PayoutsTable } from './schema.ts';

const statuses: readonly PayoutStatus[] = ['pending_review', 'approved', 'paid', 'failed'];
export const payoutStatus = (value: string): PayoutStatus => statuses.find((s) => s === value) ?? 'pending_review';

export const toPayout = (row: Selectable<PayoutsTable>): Payout => ({
  id: row.id,
  winningId: row.winning_id,
  userId: row.user_id,
  status: payoutStatus(row.status),
  amountCents: row.amount_cents,
  currency: row.currency,
  prizeType: row.prize_type === 'voucher' ? 'voucher' : 'cash',
  paypalEmail: row.paypal_email,
  preferredName: row.preferred_name,
  reviewNotes: row.review_notes,
  paymentReference: row.payment_reference,
  createdAt: row.created_at,
  processedAt: row.processed_at,
});

export class SqlPayoutRepository implements PayoutRepository {
  constructor(private readonly ctx: SqlContext) {}

  async create(payout: Payout): Promise<void> {
    const { db } = this.ctx;
    const result = await db
      .insertInto('payouts')
      .values({
        id: payout.id,
        winning_id: payout.winningId,
        user_id: payout.userId,
        status: payout.status,
        amount_cents: payout.amountCents,
        currency: payout.currency,
        prize_type: payout.prizeType,
        paypal_email: payout.paypalEmail,
        preferred_name: payout.preferredName,
        review_notes: payout.reviewNotes,
        payment_reference: payout.paymentReference,
        created_at: payout.createdAt,
        processed_at: payout.processedAt,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirstOrThrow();
    if (affected(result) > 0) return;
    const claimed = await db
      .selectFrom('payouts')
      .select('id')
      .where('winning_id', '=', payout.winningId)
      .executeTakeFirst();
    if (claimed) throw new DomainError('ALREADY_CLAIMED', 'This prize has already been claimed.');
    throw new DomainError('CONFLICT', `Payout ${payout.id} already exists.`);
  }

  async byId(id: string): Promise<Payout | null> {
    const row = await this.ctx.db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toPayout(row) : null;
  }

  async list(): Promise<(Payout & { gameDate: GameDate; player: PayoutPlayer | null })[]> {
    const rows = await this.ctx.db
      .selectFrom('payouts as p')
      .innerJoin('winnings as w', 'w.id', 'p.winning_id')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('p')
      .select([
        'w.game_date',
        'u.id as player_id',
        'u.display_name',
        'u.email',
        'u.verified_email',
        'u.is_bot',
        'u.email_confirmed',
      ])
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
    return rows.map((r) => ({
      ...toPayout(r),
      gameDate: r.game_date,
      player:
        r.player_id === null
          ? null
          : {
              displayName: r.display_name ?? '',
              email: r.email ?? '',
              verifiedEmail: r.verified_email ?? null,
              isBot: fromSqlBoolean(r.is_bot ?? false),
              contactEmailConfirmed: fromSqlBoolean(r.email_confirmed ?? false),
            },
    }));
  }

  async transition(
    id: string,
    from: PayoutStatus,
    to: PayoutStatus,
    fields: { reviewNotes: string | null; paymentReference: string | null; processedAt: Instant | null },
  ): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('payouts')
      .set({
        status: to,
        review_notes: fields.reviewNotes,
        payment_reference: fields.paymentReference,
        processed_at: fields.processedAt,
      })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirstOrThrow();
    return affected(result) > 0;
  }

  async addAudit(entry: AuditEntry): Promise<void> {
    await this.ctx.db
      .insertInto('payout_audit')
      .values({
        id: entry.id,
        payout_id: entry.payoutId,
        admin_id: entry.adminId,
        from_status: entry.fromStatus,
        to_status: entry.toStatus,
        note: entry.note,
        at: entry.at,
      })
      .execute();
  }

  /** Oldest first. */
  async audit(payoutId: string): Promise<AuditEntry[]> {
    const rows = await this.ctx.db
      .selectFrom('payout_audit')
      .selectAll()
      .where('payout_id', '=', payoutId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      payoutId: r.payout_id,
      adminId: r.admin_id,
      fromStatus: payoutStatus(r.from_status),
      toStatus: payoutStatus(r.to_status),
      note: r.note,
      at: r.at,
    }));
  }

  async auditTrail(filter: AuditFilter, limit: number): Promise<PayoutAuditRow[]> {
    const rows = await this.ctx.db
      .selectFrom('payout_audit')
      .innerJoin('payouts', 'payouts.id', 'payout_audit.payout_id')
      .leftJoin('winnings', 'winnings.id', 'payouts.winning_id')
      .leftJoin('users as player', 'player.id', 'payouts.user_id')
      .leftJoin('users as admin', 'admin.id', 'payout_audit.admin_id')
      .selectAll('payout_audit')
      .select([
        'winnings.game_date',
        'payouts.amount_cents',
        'payouts.currency',
        'player.display_name as player_name',
        'admin.display_name as admin_display_name',
        'admin.email as admin_email',
      ])
      .where((eb) => eb.and(auditConditions('payout_audit', filter)))
      .orderBy('payout_audit.at', 'desc')
      .orderBy('payout_audit.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      payoutId: r.payout_id,
      adminId: r.admin_id,
      adminName: r.admin_display_name || r.admin_email,
      fromStatus: payoutStatus(r.from_status),
      toStatus: payoutStatus(r.to_status),
      note: r.note,
      at: r.at,
      gameDate: r.game_date,
      amountCents: r.amount_cents,
      currency: r.currency,
      playerName: r.player_name,
    }));
  }

  auditCount(filter: AuditFilter): Promise<number> {
    return auditCount(this.ctx.db, 'payout_audit', filter);
  }
}
