// The signed-in user: GET /api/me, where a 401 means "signed out" rather than an error (spec-1 §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '../../server/routes/me.schemas.ts';
import { ApiClientError, apiFetch } from '../lib/api-client.ts';
import { meKeys } from './query-keys.ts';

export async function fetchMe(): Promise<MeResponse | null> {
  try {
    return await apiFetch<MeResponse>('/api/me');
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({ queryKey: meKeys.me(), queryFn: fetchMe });

export function useMe(): { user: MeResponse | null; isLoading: boolean } {
  const query = useQuery(meQueryOptions);
  return { user: query.data ?? null, isLoading: query.isLoading };
}
