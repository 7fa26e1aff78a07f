// @vitest-environment happy-dom
// The rewards screen against a real local HTTP server.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/router.tsx';
import { startFakeApi, pointWindowAt, type FakeApi } from '../../testing/fake-api.ts';
import { myRewards, player } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi({ 'GET /api/rewards/mine': { body: myRewards } });
  pointWindowAt(api.origin);
});

afterEach(async () => {
  cleanup();
  await api.close();
});

describe('rewards screen', () => {
  it('sends a signed-out visitor to sign-up', async () => {
    renderWithProviders(<AppRoutes />, { route: '/rewards' });
    expect(await screen.findByRole('heading', { name: 'JOIN THE GAME' })).toBeTruthy();
  });

  it('shows the totals and the inventory with defaults for missing texts', async () => {
    renderWithProviders(<AppRoutes />, { route: '/rewards', me: player });
    expect((await screen.findByRole('heading', { name: 'Total Earned' })).nextElementSibling?.textContent).toBe('5');
    expect(screen.getByRole('heading', { name: 'Total Used' }).nextElementSibling?.textContent).toBe('1');
    expect(screen.getByText('All rewards expire after 7 days')).toBeTruthy();
    // Cards, not a table that scrolls sideways on a phone.
    expect(screen.queryByRole('table')).toBeNull();
    const mine = within(screen.getByRole('list', { name: 'Reward inventory' })).getByRole('article', { name: 'Mine' });
    expect(within(mine).getByText('No description available')).toBeTruthy();
    const counts = Array.from(mine.querySelectorAll('dt')).map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
    );
    expect(counts).toEqual(['Available: 0', 'Used: 1', 'Expired: 0']);
    expect(mine.textContent).toContain('How to Earn: Unknown');
    expect(within(screen.getByRole('article', { name: 'Peak' })).getByText('Peek at a number')).toBeTruthy();
    expect(document.title).toBe('Rewards · LOWEST UNIQUE');
  });

  it('offers RETRY after a failure', async () => {
    api.on('GET /api/rewards/mine', { status: 500, body: { error: 'boom', code: 'INTERNAL' } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/rewards', me: player });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load rewards');
    api.on('GET /api/rewards/mine', { body: myRewards });
    await user.click(screen.getByRole('button', { name: 'RETRY' }));
    expect(await screen.findByRole('heading', { name: 'REWARD INVENTORY' })).toBeTruthy();
  });
});
