// POST /admin/create-bot-submissions: bots submit numbers in today's game.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBotsRequest, CreateBotsResponse } from '../../../../server/routes/admin.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

export function createBots(request: CreateBotsRequest): Promise<CreateBotsResponse> {
  return apiFetch<CreateBotsResponse>('/admin/create-bot-submissions', { method: 'POST', body: request });
}

export function useCreateBots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBots,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.submissionsAll() }),
  });
}
