// DELETE /api/prizes/config/weekly/{dayOfWeek}: back to the built-in default of that weekday.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../server/routes/shared.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

export function resetWeeklyPrize(dayOfWeek: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/prizes/config/weekly/${dayOfWeek}`, { method: 'DELETE' });
}

export function useResetWeeklyPrize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetWeeklyPrize,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.prizeConfig() }),
  });
}
