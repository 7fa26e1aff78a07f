import type { WinnerProofResponse } from '../../../../server/contract.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/fairness/{gameKey}/winner-proof */
export function getWinnerProof(gameKey: string): Promise<WinnerProofResponse> {
  return apiFetch<WinnerProofResponse>(`/api/fairness/${encodeURIComponent(gameKey)}/winner-proof`);
}
