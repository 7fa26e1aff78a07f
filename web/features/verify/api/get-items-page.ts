import type { FairnessItemsResponse } from '../../../../server/routes/fairness.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/fairness/{gameKey}/items?from&count: `count` items in tree order from position `from` (count ≤ the summary's pageSize). */
export function getItemsPage(gameKey: string, from: number, count: number): Promise<FairnessItemsResponse> {
  return apiFetch<FairnessItemsResponse>(
    `/api/fairness/${encodeURIComponent(gameKey)}/items?from=${from}&count=${count}`,
  );
}
