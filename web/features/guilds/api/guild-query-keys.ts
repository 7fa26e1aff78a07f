// Query keys of the guild data; every key starts with a '/api/guilds' path so one predicate reloads them all.
import type { QueryClient } from '@tanstack/react-query';

export const guildKeys = {
  my: ['/api/guilds/my'] as const,
  list: ['/api/guilds?limit=50'] as const,
  detail: (id: string) => ['/api/guilds', id] as const,
  submissions: (id: string) => ['/api/guilds', id, 'submissions'] as const,
};

/**
 * After create, join, leave, remove or delete: everything about guilds may have changed. A guild the player has just
 * left or deleted is dropped rather than refetched, which would only answer 403/404.
 */
export async function reloadGuildData(queryClient: QueryClient, goneGuildId?: string): Promise<void> {
  if (goneGuildId !== undefined) queryClient.removeQueries({ queryKey: guildKeys.detail(goneGuildId) });
  await queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/guilds'),
  });
}
