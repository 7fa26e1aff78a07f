import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameReceiptsResponse } from '../../../../server/routes/fairness.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { fairnessKeys } from '../../../api/query-keys.ts';

/** GET /api/fairness/{gameKey}/receipts (signed in): the player's receipts in that game. */
export function getGameReceipts(gameKey: string): Promise<GameReceiptsResponse> {
  return apiFetch<GameReceiptsResponse>(`/api/fairness/${encodeURIComponent(gameKey)}/receipts`);
}

export function gameReceiptsQueryOptions(gameKey: string) {
  return queryOptions({ queryKey: fairnessKeys.receipts(gameKey), queryFn: () => getGameReceipts(gameKey) });
}

export function useGameReceipts(gameKey: string, signedIn: boolean) {
  return useQuery({ ...gameReceiptsQueryOptions(gameKey), enabled: signedIn });
}
