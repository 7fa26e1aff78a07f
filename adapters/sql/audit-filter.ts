// The audit trails' shared filter: a time range (since inclusive, until exclusive) and one admin.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AuditFilter } from '../../core/payouts/ports.ts';

export const auditConditions = (table: 'payout_audit' | 'prize_audit', filter: AuditFilter): Expression<SqlBool>[] => {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.since !== null) conditions.push(sql<SqlBool>`${sql.ref(`${table}.at`)} >= ${filter.since}`);
  if (filter.until !== null) conditions.push(sql<SqlBool>`${sql.ref(`${table}.at`)} < ${filter.until}`);
  if (filter.adminId !== null) conditions.push(sql<SqlBool>`${sql.ref(`${table}.admin_id`)} = ${filter.adminId}`);
  return conditions;
};
