// GET /admin/submissions?page=&limit=: the open game's submissions, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSubmissionsResponse } from '../../../../server/routes/admin.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

export function getAdminSubmissions(page: number, limit: number): Promise<AdminSubmissionsResponse> {
  return apiFetch<AdminSubmissionsResponse>(`/admin/submissions?page=${page}&limit=${limit}`);
}

export function adminSubmissionsQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: adminKeys.submissions(page, limit),
    queryFn: () => getAdminSubmissions(page, limit),
    // The table stays in place while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminSubmissions(page: number, limit: number) {
  return useQuery(adminSubmissionsQueryOptions(page, limit));
}
