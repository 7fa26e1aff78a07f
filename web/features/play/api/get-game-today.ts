import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameTodayResponse } from '../../../../server/routes/game.schemas.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { gameKeys } from '../../../api/query-keys.ts';

/** The open game, stamped with when it arrived on this device (the countdown measures from there). */
export interface GameToday extends GameTodayResponse {
  receivedAtMs: number;
}

const lastGameKey = 'lastGameToday';

/**
 * The last game this device received, for opening the play screen offline. The game is public (no player's data),
 * so it may sit in localStorage; unreadable or foreign content counts as none.
 */
export function lastKnownGame(): GameToday | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(lastGameKey) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const game = stored as Partial<GameToday>;
    if (
      typeof game.gameDate !== 'string' ||
      typeof game.msUntilClose !== 'number' ||
      typeof game.receivedAtMs !== 'number'
    )
      return null;
    // The form checks numbers with the limits: a game stored without them counts as none.
    if (typeof game.limits !== 'object' || game.limits === null) return null;
    return game as GameToday;
  } catch {
    return null;
  }
}

/** GET /api/game/today */
export async function getGameToday(): Promise<GameToday> {
  const game = { ...(await apiFetch<GameTodayResponse>('/api/game/today')), receivedAtMs: Date.now() };
  try {
    localStorage.setItem(lastGameKey, JSON.stringify(game));
  } catch {
    // Storage full or refused (private mode): the screen works online all the same.
  }
  return game;
}

export const gameTodayQueryOptions = queryOptions({ queryKey: gameKeys.today(), queryFn: getGameToday });

export function useGameToday() {
  return useQuery(gameTodayQueryOptions);
}
