// GET /api/results/me/latest: the signed-in player's latest closed game with entries, outcomes decided by the server.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatestResultResponse } from '../../../../server/routes/results.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { resultKeys } from '../../../api/query-keys.ts';

export function getLatestResult(): Promise<LatestResultResponse> {
  return apiFetch<LatestResultResponse>('/api/results/me/latest');
}

export const latestResultQueryOptions = queryOptions({ queryKey: resultKeys.latest(), queryFn: getLatestResult });

export function useLatestResult(signedIn: boolean) {
  return useQuery({ ...latestResultQueryOptions, enabled: signedIn });
}
