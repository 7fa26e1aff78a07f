// POST /api/guilds: creates a guild with the caller as its admin.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGuildRequest, GuildDto } from '../../../../server/routes/guilds.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { reloadGuildData } from './reload-guild-data.ts';

export function createGuild(request: CreateGuildRequest): Promise<{ guild: GuildDto; message: string }> {
  return apiFetch('/api/guilds', { method: 'POST', body: request });
}

export function useCreateGuild() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGuild, onSuccess: () => reloadGuildData(queryClient) });
}
