// GET /api/stats/user/me: the signed-in player's totals for 'Your Stats'.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTotalsResponse } from '../../server/routes/stats.schemas.ts';
import { apiFetch } from '../lib/api-client.ts';
import { statsKeys } from './query-keys.ts';

export function getUserTotals(): Promise<UserTotalsResponse> {
  return apiFetch<UserTotalsResponse>('/api/stats/user/me');
}

export const userTotalsQueryOptions = queryOptions({ queryKey: statsKeys.userTotals(), queryFn: getUserTotals });

export function useUserTotals(enabled = true) {
  return useQuery({ ...userTotalsQueryOptions, enabled });
}
