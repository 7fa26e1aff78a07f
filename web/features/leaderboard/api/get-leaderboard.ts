import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardKind, LeaderboardResponse } from '../../../../server/routes/leaderboard.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { leaderboardKeys } from '../../../api/query-keys.ts';

/** GET /api/leaderboard?kind=&limit= (the server's defaults are wins and 20; the screen asks for 50) */
export const leaderboardScreenLimit = 50;

export function getLeaderboard(kind: LeaderboardKind, limit: number): Promise<LeaderboardResponse> {
  return apiFetch<LeaderboardResponse>(`/api/leaderboard?kind=${kind}&limit=${limit}`);
}

export function leaderboardQueryOptions(kind: LeaderboardKind, limit = leaderboardScreenLimit) {
  return queryOptions({ queryKey: leaderboardKeys.list(kind, limit), queryFn: () => getLeaderboard(kind, limit) });
}

export function useLeaderboard(kind: LeaderboardKind) {
  return useQuery(leaderboardQueryOptions(kind));
}
