import type { NeighboursResponse } from '../../../../server/routes/fairness.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/fairness/{gameKey}/neighbours?number&leaf: the picks around where this one stands or would stand. */
export function getNeighbours(gameKey: string, number: number, leaf: string): Promise<NeighboursResponse> {
  return apiFetch<NeighboursResponse>(
    `/api/fairness/${encodeURIComponent(gameKey)}/neighbours?number=${number}&leaf=${encodeURIComponent(leaf)}`,
  );
}
