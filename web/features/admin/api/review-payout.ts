// POST /api/prizes/admin/payouts/{id}: approve, reject or mark paid; the list reloads afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPayoutDto, PayoutReviewRequest } from '../../../../server/routes/prizes.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../api/query-keys.ts';

export function reviewPayout({
  id,
  request,
}: {
  id: string;
  request: PayoutReviewRequest;
}): Promise<{ payout: AdminPayoutDto; message: string }> {
  return apiFetch(`/api/prizes/admin/payouts/${encodeURIComponent(id)}`, { method: 'POST', body: request });
}

export function useReviewPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.payouts() }),
  });
}
