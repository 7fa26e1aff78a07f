import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameTodayResponse } from '../../../../server/contract.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/game/today */
export const gameTodayQueryKey = ['/api/game/today'] as const;

/** The open game, stamped with when it arrived on this device (the countdown measures from there). */
export interface GameToday extends GameTodayResponse {
  receivedAtMs: number;
}

export async function getGameToday(): Promise<GameToday> {
  const game = await apiFetch<GameTodayResponse>('/api/game/today');
  return { ...game, receivedAtMs: Date.now() };
}

export const gameTodayQueryOptions = queryOptions({ queryKey: gameTodayQueryKey, queryFn: getGameToday });

export function useGameToday() {
  return useQuery(gameTodayQueryOptions);
}
