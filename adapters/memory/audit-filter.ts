// The audit trails' filter and order over the memory tables, as adapters/sql/audit-filter.ts and the SQL order.
import type { Instant } from '../../core/model.ts';
import type { AuditFilter } from '../../core/payouts/ports.ts';
import type { MemoryState } from './state.ts';

export const matchesAudit = (filter: AuditFilter, entry: { at: Instant; adminId: string }): boolean =>
  (filter.since === null || entry.at >= filter.since) &&
  (filter.until === null || entry.at < filter.until) &&
  (filter.adminId === null || entry.adminId === filter.adminId);

/** Newest first, ties by id descending; the first `limit`. */
export const newestAudit = <T extends { at: Instant; id: string }>(entries: T[], limit: number): T[] =>
  [...entries]
    .sort((a, b) => (a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, Math.max(0, limit));

export const adminNameOf = (state: MemoryState, adminId: string): string | null => {
  const admin = state.users.get(adminId);
  return admin ? admin.displayName || admin.email : null;
};
