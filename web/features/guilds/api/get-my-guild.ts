// GET /api/guilds/my: the player's guild (or null) and membership.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyGuildResponse } from '../../../../server/routes/guilds.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { guildKeys } from '../../../api/query-keys.ts';

export function getMyGuild(): Promise<MyGuildResponse> {
  return apiFetch<MyGuildResponse>('/api/guilds/my');
}

export const myGuildQueryOptions = queryOptions({ queryKey: guildKeys.my(), queryFn: getMyGuild });

export function useMyGuild(enabled = true) {
  return useQuery({ ...myGuildQueryOptions, enabled });
}
