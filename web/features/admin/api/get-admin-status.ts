// GET /admin/status: the server's status object, shown raw in the SYSTEM tab.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

export function getAdminStatus(): Promise<unknown> {
  return apiFetch<unknown>('/admin/status');
}

export const adminStatusQueryOptions = queryOptions({
  queryKey: adminKeys.status(),
  queryFn: getAdminStatus,
  // The status is loaded each time the SYSTEM tab is entered, not only the first time (spec-2 §2).
  refetchOnMount: 'always',
});

export function useAdminStatus() {
  return useQuery(adminStatusQueryOptions);
}
