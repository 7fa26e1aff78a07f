// The day turns over on its own: when the countdown of an open game reaches zero, everything that
// depends on which game is open is fetched again, and the screen learns which game just closed.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { GameToday } from './api/get-game-today.ts';
import { isGameClosed } from './countdown.ts';
import { entryKeys, gameKeys, historyKeys, leaderboardKeys, resultKeys } from '../../api/query-keys.ts';

/** The game, the player's entries and last result, the history and statistics lists and the rankings (keys with a query). */
export function reloadAfterClose(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: gameKeys.today() }),
    queryClient.invalidateQueries({ queryKey: entryKeys.mine() }),
    queryClient.invalidateQueries({ queryKey: resultKeys.latest() }),
    queryClient.invalidateQueries({
      predicate: (query) => historyKeys.isAny(query.queryKey) || leaderboardKeys.isAny(query.queryKey),
    }),
  ]);
}

/** The key of the game whose countdown reached zero while this screen watched it, or null. */
export function useDayTurnover(game: GameToday | undefined, now: number): string | null {
  const queryClient = useQueryClient();
  const [closedGame, setClosedGame] = useState<string | null>(null);
  // The game seen open here: only a game that was open on screen can be seen closing.
  const seenOpen = useRef<string | null>(null);
  const closed = game === undefined ? null : isGameClosed(game, now);
  const gameDate = game?.gameDate ?? null;

  useEffect(() => {
    if (gameDate === null || closed === null) return;
    if (!closed) {
      seenOpen.current = gameDate;
      return;
    }
    if (seenOpen.current !== gameDate) return;
    seenOpen.current = null;
    setClosedGame(gameDate);
    void reloadAfterClose(queryClient);
  }, [closed, gameDate, queryClient]);

  return closedGame;
}
