import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitEntryRequest, SubmitEntryResponse } from '../../../../server/routes/entry.schemas.ts';
import { ApiClientError, apiFetch } from '../../../lib/api-client.ts';
import { entryKeys, gameKeys, guildKeys, referralKeys } from '../../../api/query-keys.ts';

/** POST /api/entry { number, gameDate }: the game the player saw, so a stale tab's pick cannot land in the next one. */
export function submitEntry(number: number, gameDate?: string): Promise<SubmitEntryResponse> {
  const body: SubmitEntryRequest = gameDate === undefined ? { number } : { number, gameDate };
  return apiFetch<SubmitEntryResponse>('/api/entry', { method: 'POST', body });
}

/**
 * After a submit the entries reload (spec-1 §4); bonus counts change with them, and so do the guild's
 * picks of the day (keys under ['/api/guilds', id]). A 409 means the screen is out of date (the game closed, or the
 * entries changed in another tab): the game and the entries reload so the player picks again in the right game.
 */
export function useSubmitEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, gameDate }: SubmitEntryRequest) => submitEntry(number, gameDate),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: entryKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: referralKeys.bonuses() }),
        queryClient.invalidateQueries({ queryKey: guildKeys.everyGuild() }),
      ]);
    },
    onError: async (error) => {
      if (!(error instanceof ApiClientError) || error.status !== 409) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: gameKeys.today() }),
        queryClient.invalidateQueries({ queryKey: entryKeys.mine() }),
      ]);
    },
  });
}
