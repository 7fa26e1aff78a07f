// The audit trails' shared filter: a time range (since inclusive, until exclusive) and one admin.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from './schema.ts';
import type { AuditFilter } from '../../core/payouts/ports.ts';

export const auditConditions = (table: 'payout_audit' | 'prize_audit', filter: AuditFilter): Expression<SqlBool>[] => {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.since !== null) conditions.push(sql<SqlBool>`${sql.ref(`${table}.at`)} >= ${filter.since}`);
  if (filter.until !== null) conditions.push(sql<SqlBool>`${sql.ref(`${table}.at`)} < ${filter.until}`);
  if (filter.adminId !== null) conditions.push(sql<SqlBool>`${sql.ref(`${table}.admin_id`)} = ${filter.adminId}`);
  return conditions;
};

/** How many rows of one audit trail the filter keeps. */
export const auditCount = async (
  db: Kysely<Database>,
  table: 'payout_audit' | 'prize_audit',
  filter: AuditFilter,
): Promise<number> => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => eb.and(auditConditions(table, filter)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
