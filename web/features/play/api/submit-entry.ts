import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitEntryResponse } from '../../../../server/contract.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { myEntriesQueryKey } from './get-my-entries.ts';

/** POST /api/entry { number } */
export function submitEntry(number: number): Promise<SubmitEntryResponse> {
  return apiFetch<SubmitEntryResponse>('/api/entry', { method: 'POST', body: { number } });
}

/**
 * After a submit the entries reload (spec-1 §4); bonus counts change with them, and so do the guild's
 * picks of the day (keys under ['/api/guilds', id]).
 */
export function useSubmitEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitEntry,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myEntriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/referrals/bonuses'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/guilds'] }),
      ]);
    },
  });
}
