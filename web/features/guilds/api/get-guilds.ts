// GET /api/guilds?limit=50: every guild for the ALL GUILDS grid and the join list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuildsResponse } from '../../../../server/routes/guilds.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { guildKeys } from '../../../api/query-keys.ts';

export function getGuilds(): Promise<GuildsResponse> {
  return apiFetch<GuildsResponse>('/api/guilds?limit=50');
}

export const guildsQueryOptions = queryOptions({ queryKey: guildKeys.list(), queryFn: getGuilds });

export function useGuilds(enabled = true) {
  return useQuery({ ...guildsQueryOptions, enabled });
}
