// @vitest-environment happy-dom
// The play screen's data as the app boots: the independent requests go out together, the dependent ones follow.
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import type { FakeResponse } from '../testing/fake-api.ts';
import { myEntries, myRewards, openGame, player, playScreenRoutes } from '../testing/fixtures.ts';
import { servePerTest } from '../testing/serve-per-test.ts';
import { prefetchScreenData } from './prefetch-screen-data.ts';
import { entryKeys, gameKeys, meKeys, resultKeys, rewardKeys } from '../api/query-keys.ts';

const serve = servePerTest();

/** Answers held back until release(): shows which requests were sent before any answer came. */
function gate() {
  let release = () => {};
  const opened = new Promise<void>((resolve) => (release = resolve));
  const held = (answer: FakeResponse) => async () => {
    await opened;
    return answer;
  };
  return { release, held };
}

const paths = (requests: { path: string }[]) => requests.map((request) => request.path).sort();

describe('prefetchScreenData', () => {
  it('asks for me, the game and the entries at once, then the prize, the rewards and the last result, for a player on /', async () => {
    const { release, held } = gate();
    const api = await serve({
      ...playScreenRoutes(),
      'GET /api/me': held({ body: player }),
      'GET /api/game/today': held({ body: openGame() }),
      'GET /api/entry/mine': held({ body: myEntries() }),
      'GET /api/rewards/mine': { body: myRewards },
      'GET /api/results/me/latest': { body: { result: null } },
    });
    const queryClient = createQueryClient();
    let settled = false;
    const firstData = prefetchScreenData(queryClient, '/').then(() => (settled = true));
    // All three are on the wire while none has been answered.
    await waitFor(() => expect(paths(api.requests)).toEqual(['/api/entry/mine', '/api/game/today', '/api/me']));
    expect(settled).toBe(false);
    release();
    await firstData;
    // The screen's first data is in when the promise settles; the prize and rewards follow.
    expect(queryClient.getQueryData(entryKeys.mine())).toEqual(myEntries());
    expect(queryClient.getQueryData(meKeys.me())).toEqual(player);
    await waitFor(() =>
      expect(paths(api.requests)).toEqual([
        '/api/entry/mine',
        '/api/game/today',
        '/api/me',
        '/api/prizes/date/2026-11-22',
        '/api/results/me/latest',
        '/api/rewards/mine',
      ]),
    );
    await waitFor(() => expect(queryClient.getQueryData(['/api/prizes/date', '2026-11-22'])).toBeDefined());
    expect(queryClient.getQueryData(meKeys.me())).toEqual(player);
    expect(queryClient.getQueryData(gameKeys.today())).toMatchObject({ gameDate: '2026-11-22' });
    expect(queryClient.getQueryData(entryKeys.mine())).toEqual(myEntries());
    await waitFor(() => expect(queryClient.getQueryData(rewardKeys.mine())).toEqual(myRewards));
    await waitFor(() => expect(queryClient.getQueryData(resultKeys.latest())).toEqual({ result: null }));
  });

  it('asks for no rewards for a visitor, and caches who is signed in as nobody', async () => {
    const api = await serve({
      ...playScreenRoutes(),
      'GET /api/me': { status: 401, body: { error: 'Sign in first.', code: 'UNAUTHENTICATED' } },
      'GET /api/entry/mine': { status: 401, body: { error: 'Sign in first.', code: 'UNAUTHENTICATED' } },
    });
    const queryClient = createQueryClient();
    prefetchScreenData(queryClient, '/submit');
    await waitFor(() => expect(queryClient.getQueryData(['/api/prizes/date', '2026-11-22'])).toBeDefined());
    await waitFor(() => expect(queryClient.getQueryState(meKeys.me())?.status).toBe('success'));
    expect(queryClient.getQueryData(meKeys.me())).toBeNull();
    expect(api.requestsTo('GET /api/rewards/mine')).toHaveLength(0);
    expect(api.requestsTo('GET /api/results/me/latest')).toHaveLength(0);
  });

  it('asks only who is signed in on other screens', async () => {
    const api = await serve({ 'GET /api/me': { body: player } });
    const queryClient = createQueryClient();
    prefetchScreenData(queryClient, '/stats');
    await waitFor(() => expect(queryClient.getQueryData(meKeys.me())).toEqual(player));
    expect(paths(api.requests)).toEqual(['/api/me']);
  });
});
