import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FairnessRecordResponse, FairnessSummaryV2 } from '../../../../server/routes/fairness.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { fairnessKeys } from '../../../api/query-keys.ts';

/** An open game, a closed game of tree version 1 (its whole record) or of version 2 (the summary: `treeVersion: 2`). */
export type FairnessAnswer = FairnessRecordResponse | FairnessSummaryV2;

export const isTreeV2 = (answer: FairnessAnswer): answer is FairnessSummaryV2 =>
  'treeVersion' in answer && answer.treeVersion === 2;

/** GET /api/fairness/{gameKey} */
export function getFairnessRecord(gameKey: string): Promise<FairnessAnswer> {
  return apiFetch<FairnessAnswer>(`/api/fairness/${encodeURIComponent(gameKey)}`);
}

export function fairnessRecordQueryOptions(gameKey: string) {
  // A closed game's record never changes: fetch it once.
  return queryOptions({
    queryKey: fairnessKeys.record(gameKey),
    queryFn: () => getFairnessRecord(gameKey),
    staleTime: Infinity,
  });
}

export function useFairnessRecord(gameKey: string | null) {
  return useQuery({ ...fairnessRecordQueryOptions(gameKey ?? ''), enabled: gameKey !== null });
}
