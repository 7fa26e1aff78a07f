// @vitest-environment happy-dom
// The verify page's early requests: on /verify/{gameKey} the page's first script asks for the record, the winner
// proof and the receipts beside /api/me; the screen takes those answers and asks only for what follows from them.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  itemsPath,
  KEY,
  receiptOf,
  sampleGame,
  treeV2Routes,
  type FakeTreeV2Game,
} from '../../../test/support/tree-v2-fake-game.ts';
import { startEarlyRequests } from '../../app/early-requests.ts';
import { AppRoutes } from '../../app/router.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import type { Handler } from '../../testing/fake-api.ts';
import { player } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { servePerTest } from '../../testing/serve-per-test.ts';

const serve = servePerTest();
const base = `/api/fairness/${KEY}`;

afterEach(() => {
  delete window.lowestEarlyResponses;
});

const mine = (game: FakeTreeV2Game) =>
  [game.items[3], game.items.find((item) => item.kind === 'mine')].filter((item) => item !== undefined);

const routesOf = (game: FakeTreeV2Game, signedIn: boolean): Record<string, Handler> => ({
  ...treeV2Routes(game),
  'GET /api/me': signedIn
    ? { body: player }
    : { status: 401, body: { error: 'Sign in first.', code: 'UNAUTHENTICATED' } },
  [`GET ${base}/receipts`]: signedIn
    ? {
        body: {
          entries: mine(game)
            .filter((i) => i.kind === 'entry')
            .map(receiptOf),
          mines: mine(game)
            .filter((i) => i.kind === 'mine')
            .map(receiptOf),
        },
      }
    : { status: 401, body: { error: 'Sign in first.', code: 'UNAUTHENTICATED' } },
});

/** What the early script asks of a closed game once every answer it waits for is in. */
const earlyPaths = (game: FakeTreeV2Game, receipts: readonly { leaf: string }[]) => [
  '/api/me',
  base,
  `${base}/winner-proof`,
  `${base}/receipts`,
  itemsPath(0, Math.min(game.winnerProof.count, game.summary.pageSize)),
  ...receipts.map((item) => `${base}/proof/${item.leaf}`),
];

const sorted = (requests: readonly { path: string }[]) => requests.map((r) => r.path).sort();

describe('the verify page’s early requests', () => {
  it('ask for the record, the winner proof and the receipts at once, then the winner’s first items and each receipt’s proof', async () => {
    const game = sampleGame(30);
    const api = await serve(routesOf(game, true));
    startEarlyRequests(`/verify/${KEY}`);
    await waitFor(() => expect(sorted(api.requests)).toEqual(earlyPaths(game, mine(game)).sort()));
  });

  it('ask nothing of a game on the list of games or another screen', async () => {
    const api = await serve({ 'GET /api/me': { body: player } });
    startEarlyRequests('/verify');
    startEarlyRequests(`/verify/${KEY}/more`);
    startEarlyRequests('/stats');
    await waitFor(() => expect(api.requests).toHaveLength(3));
    expect(api.requests.map((r) => r.path)).toEqual(['/api/me', '/api/me', '/api/me']);
  });

  it('ask for no items or proofs of a game still open', async () => {
    const api = await serve({
      'GET /api/me': { body: player },
      [`GET ${base}`]: { body: { gameDate: KEY, status: 'open' } },
      [`GET ${base}/winner-proof`]: { status: 404, body: { error: 'Not closed yet', code: 'NOT_FOUND' } },
      [`GET ${base}/receipts`]: { body: { entries: [receiptOf(sampleGame(5).items[0]!)], mines: [] } },
    });
    const responses = startEarlyRequests(`/verify/${KEY}`);
    await Promise.all(responses.values());
    await waitFor(() => expect(api.requests).toHaveLength(4));
    expect(sorted(api.requests)).toEqual(['/api/me', base, `${base}/receipts`, `${base}/winner-proof`].sort());
  });

  it('hand the app what they read with its status and text: a success as JSON, an error with the server’s words', async () => {
    const api = await serve({
      'GET /api/me': { body: player },
      [`GET ${base}`]: { body: { gameDate: KEY, status: 'open' } },
      [`GET ${base}/winner-proof`]: { status: 404, body: { error: 'Not closed yet', code: 'NOT_FOUND' } },
      [`GET ${base}/receipts`]: { body: { entries: [], mines: [] } },
    });
    window.lowestEarlyResponses = startEarlyRequests(`/verify/${KEY}`);
    expect(await apiFetch(base)).toEqual({ gameDate: KEY, status: 'open' });
    await expect(apiFetch(`${base}/winner-proof`)).rejects.toMatchObject({
      status: 404,
      message: 'Not closed yet',
      body: { code: 'NOT_FOUND' },
    });
    await waitFor(() =>
      expect(sorted(api.requests)).toEqual(['/api/me', base, `${base}/receipts`, `${base}/winner-proof`].sort()),
    );
  });

  it('hand their answers to the screen, which asks only for the winner’s items past the first page, each path once', async () => {
    const game = sampleGame(300, 4);
    expect(game.winnerProof.count).toBeGreaterThan(game.summary.pageSize);
    const api = await serve(routesOf(game, true));
    window.lowestEarlyResponses = startEarlyRequests(`/verify/${KEY}`);
    await waitFor(() => expect(api.requests).toHaveLength(earlyPaths(game, mine(game)).length));
    renderWithProviders(<AppRoutes />, { route: `/verify/${KEY}`, me: player });
    const record = await screen.findByRole('region', { name: `RECORD OF ${KEY}` });
    expect(await within(record).findByText('VERIFIED')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your receipts' });
    expect(await within(list).findAllByRole('status', { name: /: INCLUDED$/ })).toHaveLength(2);
    const pageSize = game.summary.pageSize;
    const laterPages = Array.from(
      { length: Math.ceil(game.winnerProof.count / pageSize) - 1 },
      (_, i) => (i + 1) * pageSize,
    ).map((from) => itemsPath(from, Math.min(pageSize, game.winnerProof.count - from)));
    expect(sorted(api.requests)).toEqual([...earlyPaths(game, mine(game)), ...laterPages].sort());
  });

  it('for a visitor, leave the receipts’ 401 untaken: nobody asks for a proof', async () => {
    const game = sampleGame(30);
    const api = await serve(routesOf(game, false));
    window.lowestEarlyResponses = startEarlyRequests(`/verify/${KEY}`);
    await waitFor(() => expect(api.requests).toHaveLength(5));
    renderWithProviders(<AppRoutes />, { route: `/verify/${KEY}`, me: null });
    expect(
      await within(await screen.findByRole('region', { name: `RECORD OF ${KEY}` })).findByText('VERIFIED'),
    ).toBeTruthy();
    expect(
      await within(await screen.findByRole('region', { name: 'YOUR RECEIPTS' })).findByText('SIGN IN WITH GOOGLE'),
    ).toBeTruthy();
    expect(api.requestsTo(`GET ${base}/receipts`)).toHaveLength(1);
    expect(api.requests.filter((r) => r.path.includes('/proof/'))).toEqual([]);
    expect(sorted(api.requests)).toEqual(earlyPaths(game, []).sort());
  });
});
