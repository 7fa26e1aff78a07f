import { queryOptions } from '@tanstack/react-query';
import type { FairnessKeysResponse } from '../../../../server/routes/fairness.schemas.ts';
import { ApiClientError, apiFetch } from '../../../lib/api-client.ts';
import { fairnessKeys } from '../../../api/query-keys.ts';

/**
 * GET /api/fairness/keys: every key that signs or signed receipts, oldest first. A deployment that publishes none
 * (404) has none: a signed receipt then names an unknown key.
 */
export async function getFairnessKeys(): Promise<FairnessKeysResponse> {
  try {
    return await apiFetch<FairnessKeysResponse>('/api/fairness/keys');
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return [];
    throw error;
  }
}

export function fairnessKeysQueryOptions() {
  // The server publishes them cacheable for five minutes; a page checks its receipts against one list.
  return queryOptions({ queryKey: fairnessKeys.keys(), queryFn: getFairnessKeys, staleTime: 5 * 60 * 1000 });
}
