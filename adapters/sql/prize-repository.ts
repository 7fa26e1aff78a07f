import type { Selectable } from 'kysely';
import type { GameDate, PrizeConfig } from '../../core/model.ts';
import type { AuditActor, AuditFilter } from '../../core/payouts/ports.ts';
import type { PrizeAuditEntry, PrizeRepository } from '../../core/prizes/ports.ts';
import { auditConditions, auditCount } from './audit-filter.ts';
import { affected, fromSqlBoolean, type SqlContext } from './dialect.ts';
import type { PrizeConfigsTable } from './schema.ts';

const toConfig = (row: Selectable<PrizeConfigsTable>): PrizeConfig => ({
  id: row.id,
  prizeType: row.prize_type === 'voucher' ? 'voucher' : 'cash',
  amountCents: row.amount_cents,
  currency: row.currency,
  description: row.description,
  dayOfWeek: row.day_of_week,
  date: row.date,
  isActive: fromSqlBoolean(row.is_active),
  updatedAt: row.updated_at,
});

export class SqlPrizeRepository implements PrizeRepository {
  constructor(private readonly ctx: SqlContext) {}

  async list(): Promise<PrizeConfig[]> {
    const rows = await this.ctx.db
      .selectFrom('prize_configs')
      .selectAll()
      .orderBy('date')
      .orderBy('day_of_week')
      .orderBy('id')
      .execute();
    return rows.map(toConfig);
  }

  async weekly(dayOfWeek: number): Promise<PrizeConfig | null> {
    const row = await this.ctx.db
      .selectFrom('prize_configs')
      .selectAll()
      .where('day_of_week', '=', dayOfWeek)
      .where('date', 'is', null)
      .executeTakeFirst();
    return row ? toConfig(row) : null;
  }

  async forDate(date: GameDate): Promise<PrizeConfig | null> {
    const row = await this.ctx.db.selectFrom('prize_configs').selectAll().where('date', '=', date).executeTakeFirst();
    return row ? toConfig(row) : null;
  }

  async byId(id: string): Promise<PrizeConfig | null> {
    const row = await this.ctx.db.selectFrom('prize_configs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toConfig(row) : null;
  }

  /** The new row replaces the slot's old one (and its id), as in memory. */
  async upsert(config: PrizeConfig): Promise<PrizeConfig> {
    const { db, dialect } = this.ctx;
    await db
      .deleteFrom('prize_configs')
      .where((eb) =>
        eb.or([
          eb('id', '=', config.id),
          config.date !== null
            ? eb('date', '=', config.date)
            : eb.and([eb('date', 'is', null), eb('day_of_week', '=', config.dayOfWeek)]),
        ]),
      )
      .execute();
    await db
      .insertInto('prize_configs')
      .values({
        id: config.id,
        prize_type: config.prizeType,
        amount_cents: config.amountCents,
        currency: config.currency,
        description: config.description,
        day_of_week: config.dayOfWeek,
        date: config.date,
        is_active: dialect.bool(config.isActive),
        updated_at: config.updatedAt,
      })
      // A concurrent save of the same slot inserted after our delete: take its place, last writer wins
      // (otherwise the slot's unique index fails the whole write).
      .onConflict((oc) =>
        (config.date !== null ? oc.column('date') : oc.column('day_of_week').where('date', 'is', null)).doUpdateSet({
          id: config.id,
          prize_type: config.prizeType,
          amount_cents: config.amountCents,
          currency: config.currency,
          description: config.description,
          day_of_week: config.dayOfWeek,
          is_active: dialect.bool(config.isActive),
          updated_at: config.updatedAt,
        }),
      )
      .execute();
    return { ...config };
  }

  async deleteWeekly(dayOfWeek: number): Promise<boolean> {
    const result = await this.ctx.db
      .deleteFrom('prize_configs')
      .where('day_of_week', '=', dayOfWeek)
      .where('date', 'is', null)
      .executeTakeFirstOrThrow();
    return affected(result) > 0;
  }

  async deleteForDate(date: GameDate): Promise<boolean> {
    return (
      affected(await this.ctx.db.deleteFrom('prize_configs').where('date', '=', date).executeTakeFirstOrThrow()) > 0
    );
  }

  async addAudit(entry: PrizeAuditEntry): Promise<void> {
    await this.ctx.db
      .insertInto('prize_audit')
      .values({
        id: entry.id,
        admin_id: entry.adminId,
        slot: entry.slot,
        from_state: entry.fromState,
        to_state: entry.toState,
        at: entry.at,
      })
      .execute();
  }

  async auditTrail(filter: AuditFilter, limit: number): Promise<(PrizeAuditEntry & AuditActor)[]> {
    const rows = await this.ctx.db
      .selectFrom('prize_audit')
      .leftJoin('users', 'users.id', 'prize_audit.admin_id')
      .selectAll('prize_audit')
      .select(['users.display_name', 'users.email'])
      .where((eb) => eb.and(auditConditions('prize_audit', filter)))
      .orderBy('prize_audit.at', 'desc')
      .orderBy('prize_audit.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      adminId: r.admin_id,
      adminName: r.display_name || r.email,
      slot: r.slot,
      fromState: r.from_state,
      toState: r.to_state,
      at: r.at,
    }));
  }

  auditCount(filter: AuditFilter): Promise<number> {
    return auditCount(this.ctx.db, 'prize_audit', filter);
  }
}
