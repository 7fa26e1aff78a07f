// The QueryClient with the spec's defaults: cached data never goes stale, no refetch on focus, no retries, no polling.
// Requests go out even when the browser says it is offline (networkMode 'always'): they fail at once with the
// API client's words, where a paused request would leave the screen loading with nothing said.
import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';

/** A generic read: the key parts joined with '/' are the path (spec-1 §7). */
export function defaultQueryFn({ queryKey }: QueryFunctionContext): Promise<unknown> {
  return apiFetch<unknown>(queryKey.map(String).join('/'));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
