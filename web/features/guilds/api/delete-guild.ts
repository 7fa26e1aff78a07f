// DELETE /api/guilds/{id}: the guild admin deletes the guild.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../server/routes/shared.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { reloadGuildData } from './reload-guild-data.ts';

export function deleteGuild(guildId: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/guilds/${encodeURIComponent(guildId)}`, { method: 'DELETE' });
}

export function useDeleteGuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGuild,
    onSuccess: (_answer, guildId) => reloadGuildData(queryClient, guildId),
  });
}
