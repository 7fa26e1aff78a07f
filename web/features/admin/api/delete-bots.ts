// DELETE /admin/delete-bot-submissions: removes bot entries of today's game, keeping the bot users.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteBotsResponse } from '../../../../server/routes/admin.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

export function deleteBots(): Promise<DeleteBotsResponse> {
  return apiFetch<DeleteBotsResponse>('/admin/delete-bot-submissions', { method: 'DELETE' });
}

export function useDeleteBots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBots,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.submissionsAll() }),
  });
}
