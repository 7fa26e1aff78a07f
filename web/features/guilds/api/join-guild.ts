// POST /api/guilds/join: joins a guild with its password.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuildDto, JoinGuildRequest } from '../../../../server/routes/guilds.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { reloadGuildData } from './reload-guild-data.ts';

export function joinGuild(request: JoinGuildRequest): Promise<{ guild: GuildDto; message: string }> {
  return apiFetch('/api/guilds/join', { method: 'POST', body: request });
}

export function useJoinGuild() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinGuild, onSuccess: () => reloadGuildData(queryClient) });
}
