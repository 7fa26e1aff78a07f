// GET /api/guilds/{id}: the guild and its members.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuildDetailResponse } from '../../../../server/routes/guilds.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { guildKeys } from '../../../api/query-keys.ts';

export function getGuildDetail(id: string): Promise<GuildDetailResponse> {
  return apiFetch<GuildDetailResponse>(`/api/guilds/${encodeURIComponent(id)}`);
}

export function guildDetailQueryOptions(id: string) {
  return queryOptions({ queryKey: guildKeys.detail(id), queryFn: () => getGuildDetail(id) });
}

export function useGuildDetail(id: string) {
  return useQuery(guildDetailQueryOptions(id));
}
