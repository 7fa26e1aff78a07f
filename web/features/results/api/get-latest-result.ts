// GET /api/results/me/latest: the signed-in player's latest closed game with entries, outcomes decided by the server.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatestResultResponse } from '../../../../server/contract.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const latestResultQueryKey = ['/api/results/me/latest'] as const;

export function getLatestResult(): Promise<LatestResultResponse> {
  return apiFetch<LatestResultResponse>('/api/results/me/latest');
}

export const latestResultQueryOptions = queryOptions({ queryKey: latestResultQueryKey, queryFn: getLatestResult });

export function useLatestResult(signedIn: boolean) {
  return useQuery({ ...latestResultQueryOptions, enabled: signedIn });
}
