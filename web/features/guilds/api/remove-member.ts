// DELETE /api/guilds/{id}/members/{userId}: the guild admin removes a member.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../server/routes/shared.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { reloadGuildData } from './reload-guild-data.ts';

export function removeMember({ guildId, userId }: { guildId: string; userId: string }): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/guilds/${encodeURIComponent(guildId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => reloadGuildData(queryClient) });
}
