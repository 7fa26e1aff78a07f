import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryResponse } from '../../server/routes/history.schemas.ts';
import { apiFetch } from '../lib/api-client.ts';
import { historyKeys } from './query-keys.ts';

/** GET /api/history?limit= (default 14; the statistics screen asks for 100) */
export const defaultHistoryLimit = 14;

export function getHistory(limit: number): Promise<HistoryResponse> {
  return apiFetch<HistoryResponse>(`/api/history?limit=${limit}`);
}

export function historyQueryOptions(limit = defaultHistoryLimit) {
  return queryOptions({ queryKey: historyKeys.list(limit), queryFn: () => getHistory(limit) });
}

export function useHistory(limit = defaultHistoryLimit) {
  return useQuery(historyQueryOptions(limit));
}
