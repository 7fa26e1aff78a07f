import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FairnessRecordResponse } from '../../../../server/contract.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { fairnessKeys } from '../../../api/query-keys.ts';

/** GET /api/fairness/{gameKey} */
export function getFairnessRecord(gameKey: string): Promise<FairnessRecordResponse> {
  return apiFetch<FairnessRecordResponse>(`/api/fairness/${encodeURIComponent(gameKey)}`);
}

export function fairnessRecordQueryOptions(gameKey: string) {
  // A closed game's record never changes: fetch it once.
  return queryOptions({ queryKey: fairnessKeys.record(gameKey), queryFn: () => getFairnessRecord(gameKey), staleTime: Infinity });
}

export function useFairnessRecord(gameKey: string | null) {
  return useQuery({ ...fairnessRecordQueryOptions(gameKey ?? ''), enabled: gameKey !== null });
}
