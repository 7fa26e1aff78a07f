// GET /api/guilds/{id}/submissions: today's picks of the members (members only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuildSubmissionsResponse } from '../../../../server/routes/guilds.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { guildKeys } from '../../../api/query-keys.ts';

export function getGuildSubmissions(id: string): Promise<GuildSubmissionsResponse> {
  return apiFetch<GuildSubmissionsResponse>(`/api/guilds/${encodeURIComponent(id)}/submissions`);
}

export function guildSubmissionsQueryOptions(id: string) {
  return queryOptions({ queryKey: guildKeys.submissions(id), queryFn: () => getGuildSubmissions(id) });
}

export function useGuildSubmissions(id: string) {
  return useQuery(guildSubmissionsQueryOptions(id));
}
