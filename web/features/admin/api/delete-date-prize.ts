// DELETE /api/prizes/config/date/{date}: removes a date override.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../server/routes/shared.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

export function deleteDatePrize(date: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/prizes/config/date/${encodeURIComponent(date)}`, { method: 'DELETE' });
}

export function useDeleteDatePrize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDatePrize,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.prizeConfig() }),
  });
}
