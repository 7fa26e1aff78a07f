import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrendsResponse } from '../../../../server/routes/stats.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { statsKeys } from '../../../api/query-keys.ts';

export type TrendDays = TrendsResponse['days'];
export const trendDays: readonly TrendDays[] = [7, 30, 90];

/** GET /api/stats/trends?days= */
export function getTrends(days: TrendDays): Promise<TrendsResponse> {
  return apiFetch<TrendsResponse>(`/api/stats/trends?days=${days}`);
}

export function trendsQueryOptions(days: TrendDays) {
  return queryOptions({ queryKey: statsKeys.trends(days), queryFn: () => getTrends(days) });
}

export function useTrends(days: TrendDays) {
  return useQuery(trendsQueryOptions(days));
}
