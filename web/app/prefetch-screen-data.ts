// Starts the first screen's requests as the app boots, before React renders, and all at once where nothing depends
// on another: on the play screen, who is signed in, today's game and the player's entries go out together, then the
// prize (it needs the game's date), the rewards and the last result (signed in only). The screens' queries find them
// in the cache.
import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../api/me.ts';
import { gameTodayQueryOptions } from '../features/play/api/get-game-today.ts';
import { myEntriesQueryOptions } from '../features/play/api/get-my-entries.ts';
import { prizeForDateQueryOptions } from '../features/play/api/get-prize-for-date.ts';
import { latestResultQueryOptions } from '../features/play/api/get-latest-result.ts';
import { myRewardsQueryOptions } from '../api/get-my-rewards.ts';
import { parseGameKey } from '../lib/dates.ts';
import { paths } from '../lib/paths.ts';

const playPaths: readonly string[] = [paths.home, paths.submit];

/** Settles once the data the screen first shows is in the cache (or failed): the first requests, not those after. */
export function prefetchScreenData(queryClient: QueryClient, pathname: string): Promise<void> {
  // A failure stays in the cache as the query's error; the screen shows it as it would have.
  const me = queryClient.fetchQuery(meQueryOptions).catch(() => null);
  if (!playPaths.includes(pathname)) return me.then(() => undefined);
  // Asked before the answer on who is signed in: a visitor's 401 costs one small parallel request (the play screen
  // reads entries only when signed in), a player's entries come a round trip sooner; the entry form waits for them.
  const entries = queryClient.prefetchQuery(myEntriesQueryOptions);
  const game = queryClient.fetchQuery(gameTodayQueryOptions).then(
    (today) => {
      void queryClient.prefetchQuery(prizeForDateQueryOptions(parseGameKey(today.gameDate).date));
    },
    () => undefined,
  );
  void me.then((user) =>
    user === null
      ? undefined
      : Promise.all([
          queryClient.prefetchQuery(myRewardsQueryOptions),
          queryClient.prefetchQuery(latestResultQueryOptions),
        ]),
  );
  return Promise.all([me, entries, game]).then(() => undefined);
}
