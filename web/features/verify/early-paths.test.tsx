// @vitest-environment happy-dom
// The verify page's early requests: on /verify/{gameKey} the page's first script asks for the record, the winner
// proof and the receipts beside /api/me; the screen takes those answers and asks only for what follows from them.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { itemsPath, KEY, receiptOf, sampleGame, treeV2Routes, type FakeTreeV2Game } from '../../../test/support/tree-v2-fake-game.ts';
import { startEarlyRequests } from '../../app/early-requests.ts';
import { AppRoutes } from '../../app/router.tsx';
import type { Handler } from '../../testing/fake-api.ts';
import { player } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { servePerTest } from '../../testing/serve-per-test.ts';

const serve = servePerTest();
const base = `/api/fairness/${KEY}`;

afterEach(() => {
  delete window.lowestEarlyResponses;
});

const mine = (game: FakeTreeV2Game) => [game.items[3], game.items.find((item) => item.kind === 'mine')].filter((item) => item !== undefined);

const routesOf = (game: FakeTreeV2Game, signedIn: boolean): Record<string, Handler> => ({
  ...treeV2Routes(game),
  'GET /api/me': signedIn ? { body: player } : { status: 401, body: { error: 'Sign in first.', code: 'UNAUTHENTICATED' } },
  [`GET ${base}/receipts`]: signedIn
    ? { body: { entries: mine(game).filter((i) => i.kind === 'entry').map(receiptOf), mines: mine(game).filter((i) => i.kind === 'mine').map(receiptOf) } }
    : { status: 401, body: { error: 'Sign in first.', code: 'UNAUTHENTICATED' } },
});

describe('the verify page’s early requests', () => {
  it('ask for the record, the winner proof and the receipts of the game in the address, at once', async () => {
    const game = sampleGame(30);
    const api = await serve(routesOf(game, true));
    startEarlyRequests(`/verify/${KEY}`);
    await waitFor(() => expect(api.requests.map((r) => r.path).sort()).toEqual(['/api/me', base, `${base}/receipts`, `${base}/winner-proof`].sort()));
  });

  it('ask nothing of a game on the list of games or another screen', async () => {
    const api = await serve({ 'GET /api/me': { body: player } });
    startEarlyRequests('/verify');
    startEarlyRequests(`/verify/${KEY}/more`);
    startEarlyRequests('/stats');
    await waitFor(() => expect(api.requests).toHaveLength(3));
    expect(api.requests.map((r) => r.path)).toEqual(['/api/me', '/api/me', '/api/me']);
  });

  it('hand their answers to the screen, which asks only for the items and the proofs that follow from them', async () => {
    const game = sampleGame(300, 64);
    const api = await serve(routesOf(game, true));
    window.lowestEarlyResponses = startEarlyRequests(`/verify/${KEY}`);
    await waitFor(() => expect(api.requests).toHaveLength(4));
    renderWithProviders(<AppRoutes />, { route: `/verify/${KEY}`, me: player });
    const record = await screen.findByRole('region', { name: `RECORD OF ${KEY}` });
    expect(await within(record).findByText('VERIFIED')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your receipts' });
    expect(await within(list).findAllByRole('status', { name: /: INCLUDED$/ })).toHaveLength(2);
    const fairness = api.requests.filter((r) => r.path.startsWith(base)).map((r) => r.path);
    expect(fairness.sort()).toEqual(
      [base, `${base}/winner-proof`, `${base}/receipts`, itemsPath(0, game.winnerProof.count), ...mine(game).map((item) => `${base}/proof/${item.leaf}`)].sort(),
    );
  });

  it('for a visitor, leave the receipts’ 401 untaken: the screen asks for no receipt', async () => {
    const game = sampleGame(30);
    const api = await serve(routesOf(game, false));
    window.lowestEarlyResponses = startEarlyRequests(`/verify/${KEY}`);
    await waitFor(() => expect(api.requests).toHaveLength(4));
    renderWithProviders(<AppRoutes />, { route: `/verify/${KEY}`, me: null });
    expect(await within(await screen.findByRole('region', { name: `RECORD OF ${KEY}` })).findByText('VERIFIED')).toBeTruthy();
    expect(await within(await screen.findByRole('region', { name: 'YOUR RECEIPTS' })).findByText('SIGN IN WITH GOOGLE')).toBeTruthy();
    expect(api.requestsTo(`GET ${base}/receipts`)).toHaveLength(1);
    expect(api.requests.filter((r) => r.path.includes('/proof/'))).toEqual([]);
  });
});
