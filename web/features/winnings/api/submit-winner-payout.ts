// POST /api/prizes/winner-payout: the winner's claim; the winnings list reloads afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WinnerPayoutRequest } from '../../../../server/routes/prizes.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { winningsKeys } from '../../../api/query-keys.ts';

export interface WinnerPayoutResponse {
  message: string;
  payoutId: string;
}

export function submitWinnerPayout(request: WinnerPayoutRequest): Promise<WinnerPayoutResponse> {
  return apiFetch<WinnerPayoutResponse>('/api/prizes/winner-payout', { method: 'POST', body: request });
}

export function useSubmitWinnerPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitWinnerPayout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: winningsKeys.mine() }),
  });
}
