// GET /admin/audit?from=&to=&admin=&page=&pageSize=: the money trail, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditTrailResponse } from '../../../../server/routes/admin.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

/** Empty strings mean no bound / every admin. */
export interface AuditFilter {
  from: string;
  to: string;
  admin: string;
}

export const AUDIT_PAGE_SIZE = 25;

export function auditTrailPath(filter: AuditFilter, page: number): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(AUDIT_PAGE_SIZE) });
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.admin.trim()) params.set('admin', filter.admin.trim());
  return `/admin/audit?${params.toString()}`;
}

export function getAuditTrail(filter: AuditFilter, page: number): Promise<AuditTrailResponse> {
  return apiFetch<AuditTrailResponse>(auditTrailPath(filter, page));
}

export function useAuditTrail(filter: AuditFilter, page: number) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.audit(filter, page),
      queryFn: () => getAuditTrail(filter, page),
      // The table stays in place while the next page loads.
      placeholderData: keepPreviousData,
    }),
  );
}
