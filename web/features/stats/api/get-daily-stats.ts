import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailyStatsResponse } from '../../../../server/routes/stats.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { statsKeys } from '../../../api/query-keys.ts';

/** GET /api/stats/daily/{date} */
export function getDailyStats(gameDate: string): Promise<DailyStatsResponse> {
  return apiFetch<DailyStatsResponse>(`/api/stats/daily/${encodeURIComponent(gameDate)}`);
}

export function dailyStatsQueryOptions(gameDate: string) {
  return queryOptions({ queryKey: statsKeys.daily(gameDate), queryFn: () => getDailyStats(gameDate) });
}

export function useDailyStats(gameDate: string | null) {
  return useQuery({ ...dailyStatsQueryOptions(gameDate ?? ''), enabled: gameDate !== null });
}
