// POST /api/prizes/config/date: a prize override for one date.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DatePrizeRequest, PrizeConfigDto } from '../../../../server/routes/prizes.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

export function createDatePrize(request: DatePrizeRequest): Promise<{ prize: PrizeConfigDto; message: string }> {
  return apiFetch('/api/prizes/config/date', { method: 'POST', body: request });
}

export function useCreateDatePrize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDatePrize,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.prizeConfig() }),
  });
}
