// GET /api/winnings: the signed-in player's winnings and their payout state.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WinningsResponse } from '../../../../server/routes/winnings.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { winningsKeys } from '../../../api/query-keys.ts';

export function getWinnings(): Promise<WinningsResponse> {
  return apiFetch<WinningsResponse>('/api/winnings');
}

export const winningsQueryOptions = queryOptions({ queryKey: winningsKeys.mine(), queryFn: getWinnings });

export function useWinnings(enabled = true) {
  return useQuery({ ...winningsQueryOptions, enabled });
}
