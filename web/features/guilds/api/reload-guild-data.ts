// After a guild change, every guild query is fetched again (their keys all start with '/api/guilds').
import type { QueryClient } from '@tanstack/react-query';
import { guildKeys } from '../../../api/query-keys.ts';

/**
 * After create, join, leave, remove or delete: everything about guilds may have changed. A guild the player has just
 * left or deleted is dropped rather than refetched, which would only answer 403/404.
 */
export async function reloadGuildData(queryClient: QueryClient, goneGuildId?: string): Promise<void> {
  if (goneGuildId !== undefined) queryClient.removeQueries({ queryKey: guildKeys.detail(goneGuildId) });
  await queryClient.invalidateQueries({
    predicate: (query) => guildKeys.isAny(query.queryKey),
  });
}
