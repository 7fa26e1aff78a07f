import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyEntriesResponse } from '../../../../server/routes/entry.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { entryKeys } from '../../../api/query-keys.ts';

/** GET /api/entry/mine (signed in only) */
export function getMyEntries(): Promise<MyEntriesResponse> {
  return apiFetch<MyEntriesResponse>('/api/entry/mine');
}

export const myEntriesQueryOptions = queryOptions({ queryKey: entryKeys.mine(), queryFn: getMyEntries });

export function useMyEntries(signedIn: boolean) {
  return useQuery({ ...myEntriesQueryOptions, enabled: signedIn });
}
