import { queryOptions } from '@tanstack/react-query';
import type { WinnerProofResponse } from '../../../../server/routes/fairness.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { fairnessKeys } from '../../../api/query-keys.ts';

/** GET /api/fairness/{gameKey}/winner-proof */
export function getWinnerProof(gameKey: string): Promise<WinnerProofResponse> {
  return apiFetch<WinnerProofResponse>(`/api/fairness/${encodeURIComponent(gameKey)}/winner-proof`);
}

export function winnerProofQueryOptions(gameKey: string) {
  // Computed once at the close: fetch it once.
  return queryOptions({
    queryKey: fairnessKeys.winnerProof(gameKey),
    queryFn: () => getWinnerProof(gameKey),
    staleTime: Infinity,
  });
}
