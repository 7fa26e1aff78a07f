import { queryOptions } from '@tanstack/react-query';
import type { FairnessKeysResponse } from '../../../../server/contract.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { fairnessKeys } from '../../../api/query-keys.ts';

/** GET /api/fairness/keys: every key that signs or signed receipts, oldest first. */
export function getFairnessKeys(): Promise<FairnessKeysResponse> {
  return apiFetch<FairnessKeysResponse>('/api/fairness/keys');
}

export function fairnessKeysQueryOptions() {
  // The server publishes them cacheable for five minutes; a page checks its receipts against one list.
  return queryOptions({ queryKey: fairnessKeys.keys(), queryFn: getFairnessKeys, staleTime: 5 * 60 * 1000 });
}
