import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameTodayResponse } from '../../../../server/contract.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/game/today */
export const gameTodayQueryKey = ['/api/game/today'] as const;

export function getGameToday(): Promise<GameTodayResponse> {
  return apiFetch<GameTodayResponse>('/api/game/today');
}

export const gameTodayQueryOptions = queryOptions({ queryKey: gameTodayQueryKey, queryFn: getGameToday });

export function useGameToday() {
  return useQuery(gameTodayQueryOptions);
}
