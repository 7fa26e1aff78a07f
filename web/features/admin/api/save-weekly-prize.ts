// POST /api/prizes/config/weekly: saves one weekday's prize.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrizeConfigDto, WeeklyPrizeRequest } from '../../../../server/routes/prizes.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

export function saveWeeklyPrize(request: WeeklyPrizeRequest): Promise<{ prize: PrizeConfigDto; message: string }> {
  return apiFetch('/api/prizes/config/weekly', { method: 'POST', body: request });
}

export function useSaveWeeklyPrize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWeeklyPrize,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.prizeConfig() }),
  });
}
