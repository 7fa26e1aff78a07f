// The money trail read back: every payout review and prize setting change, newest first, for the admin panel's
// AUDIT tab and `lowest audit`.
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { Instant } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import { formatMoney } from '../prizes/money.ts';
import { slotLabel } from '../prizes/prize-audit.ts';
import { isCalendarDate } from '../prizes/weekly-defaults.ts';
import type { AuditFilter, PayoutAuditRow } from './ports.ts';
import type { PrizeAuditEntry } from '../prizes/ports.ts';

export interface AuditRecordDto {
  id: string;
  at: Instant;
  kind: 'payout' | 'prize';
  adminId: string;
  /** Display name, else e-mail; null once the admin's account is deleted. */
  adminName: string | null;
  /** What changed: `Payout 2026-11-20: $10.00 to Ann`, `Prize Monday (weekly)`. */
  subject: string;
  fromState: string | null;
  toState: string | null;
  note: string | null;
  /** The payment reference a `paid` review recorded. */
  reference: string | null;
}

export interface AuditQuery {
  /** First UTC day included, YYYY-MM-DD. */
  from?: string;
  /** Last UTC day included, YYYY-MM-DD. */
  to?: string;
  /** Only this admin's changes. */
  adminEmail?: string;
}

export const MAX_AUDIT_PAGE_SIZE = 200;

// A `paid` review stores its payment reference as the note (reviewPayout): shown as the reference.
const payoutRecord = (row: PayoutAuditRow): AuditRecordDto => ({
  id: row.id,
  at: row.at,
  kind: 'payout',
  adminId: row.adminId,
  adminName: row.adminName,
  subject: `Payout ${row.gameDate ?? '?'}: ${formatMoney(row.amountCents, row.currency)} to ${row.playerName ?? 'a deleted player'}`,
  fromState: row.fromStatus,
  toState: row.toStatus,
  note: row.toStatus === 'paid' ? null : row.note,
  reference: row.toStatus === 'paid' ? row.note : null,
});

const prizeRecord = (row: PrizeAuditEntry & { adminName: string | null }): AuditRecordDto => ({
  id: row.id,
  at: row.at,
  kind: 'prize',
  adminId: row.adminId,
  adminName: row.adminName,
  subject: `Prize ${slotLabel(row.slot)}`,
  fromState: row.fromState,
  toState: row.toState,
  note: null,
  reference: null,
});

const newestFirst = (a: AuditRecordDto, b: AuditRecordDto): number =>
  a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

const dayStart = (field: string, date: string): Instant => {
  if (!isCalendarDate(date)) fail('VALIDATION', `${field} must be a date YYYY-MM-DD`);
  return `${date}T00:00:00.000Z`;
};

const nextDayStart = (field: string, date: string): Instant => {
  const start = new Date(dayStart(field, date));
  start.setUTCDate(start.getUTCDate() + 1);
  return start.toISOString();
};

const filterOf = async (repos: RepositoriesOf<'users'>, query: AuditQuery): Promise<AuditFilter> => {
  const since = query.from ? dayStart('from', query.from) : null;
  const until = query.to ? nextDayStart('to', query.to) : null;
  if (since !== null && until !== null && since >= until) fail('VALIDATION', 'from must be on or before to');
  let adminId: string | null = null;
  const email = query.adminEmail?.trim();
  if (email) {
    const admin = await repos.users.byEmail(email);
    if (!admin) fail('VALIDATION', `admin: no account has the e-mail ${email}`);
    adminId = admin?.id ?? null;
  }
  return { since, until, adminId };
};

// Both trails are read newest first up to the page's end and merged: the tables stay apart (a payout's audit
// follows its payout), the order is one.
const pageOf = async (
  repos: RepositoriesOf<'prizes' | 'payouts'>,
  filter: AuditFilter,
  offset: number,
  limit: number,
): Promise<AuditRecordDto[]> => {
  const [payouts, prizes] = await Promise.all([
    repos.payouts.auditTrail(filter, offset + limit),
    repos.prizes.auditTrail(filter, offset + limit),
  ]);
  return [...payouts.map(payoutRecord), ...prizes.map(prizeRecord)].sort(newestFirst).slice(offset, offset + limit);
};

const countOf = async (repos: RepositoriesOf<'prizes' | 'payouts'>, filter: AuditFilter): Promise<number> => {
  const [payouts, prizes] = await Promise.all([repos.payouts.auditCount(filter), repos.prizes.auditCount(filter)]);
  return payouts + prizes;
};

/** GET /admin/audit: one page, newest first, with the number of records that match. */
export const auditTrail = async (
  deps: Deps<'users' | 'prizes' | 'payouts'>,
  query: AuditQuery & { page: number; pageSize: number },
): Promise<{ records: AuditRecordDto[]; totalCount: number; page: number; pageSize: number }> => {
  if (!Number.isSafeInteger(query.page) || query.page < 1) fail('VALIDATION', 'page must be a whole number from 1');
  if (!Number.isSafeInteger(query.pageSize) || query.pageSize < 1 || query.pageSize > MAX_AUDIT_PAGE_SIZE) {
    fail('VALIDATION', `pageSize must be a whole number from 1 to ${MAX_AUDIT_PAGE_SIZE}`);
  }
  return deps.store.read(async (repos) => {
    const filter = await filterOf(repos, query);
    const [records, totalCount] = await Promise.all([
      pageOf(repos, filter, (query.page - 1) * query.pageSize, query.pageSize),
      countOf(repos, filter),
    ]);
    return { records, totalCount, page: query.page, pageSize: query.pageSize };
  });
};

/** `lowest audit`: every record that matches, newest first, read in one snapshot. */
export const auditExport = async (
  deps: Deps<'users' | 'prizes' | 'payouts'>,
  query: AuditQuery,
): Promise<AuditRecordDto[]> =>
  deps.store.read(async (repos) => {
    const filter = await filterOf(repos, query);
    return pageOf(repos, filter, 0, await countOf(repos, filter));
  });
