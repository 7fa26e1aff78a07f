// Query keys of the admin area, shared by the reads and the writes that must reload them.
import type { AuditFilter } from './get-audit-trail.ts';

export const adminKeys = {
  status: ['/admin/status'] as const,
  prizeConfig: ['/api/prizes/config'] as const,
  payouts: ['/api/prizes/admin/payouts'] as const,
  submissionsAll: ['/admin/submissions'] as const,
  submissions: (page: number, limit: number) => ['/admin/submissions', page, limit] as const,
  audit: (filter: AuditFilter, page: number) => ['/admin/audit', filter, page] as const,
};
