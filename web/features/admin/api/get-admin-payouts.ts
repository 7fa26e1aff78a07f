// GET /api/prizes/admin/payouts: every payout for review.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPayoutsResponse } from '../../../../server/routes/prizes.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

export function getAdminPayouts(): Promise<AdminPayoutsResponse> {
  return apiFetch<AdminPayoutsResponse>('/api/prizes/admin/payouts');
}

export const adminPayoutsQueryOptions = queryOptions({ queryKey: adminKeys.payouts(), queryFn: getAdminPayouts });

export function useAdminPayouts() {
  return useQuery(adminPayoutsQueryOptions);
}
