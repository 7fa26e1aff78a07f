// @vitest-environment happy-dom
// The early requests: which the page sends before the app loads, and the app's client taking each answer once.
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFetch } from '../lib/api-client.ts';
import { myEntries, openGame, player, playScreenRoutes } from '../testing/fixtures.ts';
import { servePerTest } from '../testing/serve-per-test.ts';
import { startEarlyRequests } from './early-requests.ts';

const serve = servePerTest();
const paths = (requests: { path: string }[]) => requests.map((request) => request.path).sort();

afterEach(() => {
  delete window.lowestEarlyResponses;
});

describe('early requests', () => {
  it('asks for me, the game and the entries on the play screen, only me elsewhere', async () => {
    const api = await serve({ ...playScreenRoutes(), 'GET /api/me': { body: player } });
    startEarlyRequests('/');
    await waitFor(() => expect(paths(api.requests)).toEqual(['/api/entry/mine', '/api/game/today', '/api/me']));
    startEarlyRequests('/stats');
    await waitFor(() => expect(api.requestsTo('GET /api/me')).toHaveLength(2));
    expect(api.requests).toHaveLength(4);
  });

  it('hands each answer to the app once, then the app asks the server again', async () => {
    const api = await serve({ ...playScreenRoutes(), 'GET /api/me': { body: player } });
    window.lowestEarlyResponses = startEarlyRequests('/submit');
    await waitFor(() => expect(api.requests).toHaveLength(3));
    expect(await apiFetch('/api/game/today')).toMatchObject({ gameDate: openGame().gameDate });
    expect(await apiFetch('/api/entry/mine')).toEqual(myEntries());
    expect(await apiFetch('/api/me')).toEqual(player);
    expect(api.requests).toHaveLength(3);
    await apiFetch('/api/game/today');
    expect(api.requestsTo('GET /api/game/today')).toHaveLength(2);
  });

  it('keeps errors as the app reports them, and never hands an answer to a write', async () => {
    const api = await serve({
      'GET /api/me': { status: 401, body: { error: 'Sign in first.', code: 'UNAUTHENTICATED' } },
      'POST /api/me': { body: { wrote: true } },
    });
    window.lowestEarlyResponses = startEarlyRequests('/rules');
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(await apiFetch('/api/me', { method: 'POST' })).toEqual({ wrote: true });
    await expect(apiFetch('/api/me')).rejects.toMatchObject({ status: 401, message: 'Sign in first.' });
    expect(api.requestsTo('GET /api/me')).toHaveLength(1);
  });
});
