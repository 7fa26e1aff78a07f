// POST /api/guilds/leave: leaves the caller's guild (a sole admin leaving deletes it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../server/routes/shared.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { reloadGuildData } from './reload-guild-data.ts';

export function leaveGuild(): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/guilds/leave', { method: 'POST' });
}

/** The mutation takes the id of the guild being left, so its cached detail can be dropped afterwards. */
export function useLeaveGuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_guildId: string) => leaveGuild(),
    onSuccess: (_answer, guildId) => reloadGuildData(queryClient, guildId),
  });
}
