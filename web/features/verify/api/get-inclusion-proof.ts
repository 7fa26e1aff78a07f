import type { InclusionProofResponse } from '../../../../server/routes/fairness.schemas.ts';
import { ApiClientError, apiFetch } from '../../../lib/api-client.ts';

/** GET /api/fairness/{gameKey}/proof/{leaf}; null when the game holds no such leaf (404). */
export async function getInclusionProof(gameKey: string, leaf: string): Promise<InclusionProofResponse | null> {
  try {
    return await apiFetch<InclusionProofResponse>(
      `/api/fairness/${encodeURIComponent(gameKey)}/proof/${encodeURIComponent(leaf)}`,
    );
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return null;
    throw error;
  }
}
