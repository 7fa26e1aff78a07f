// @vitest-environment happy-dom
// The route map and the navigation bar per role.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeApi, pointWindowAt, type FakeApi } from '../testing/fake-api.ts';
import { admin, player, playScreenRoutes } from '../testing/fixtures.ts';
import { renderWithProviders } from '../testing/render.tsx';
import { AppRoutes } from './router.tsx';

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi({
    ...playScreenRoutes(),
    'GET /api/history?limit=100': { body: { items: [] } },
  });
  pointWindowAt(api.origin);
});

afterEach(async () => {
  cleanup();
  await api.close();
});

const navLabels = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('navigation', () => {
  it('shows the title and the signed-out links', () => {
    renderWithProviders(<AppRoutes />, { route: '/rules' });
    expect(screen.getByRole('link', { name: 'LOWEST UNIQUE' })).toBeTruthy();
    expect(navLabels()).toEqual(['PLAY GAME', 'STATISTICS', 'RANKINGS', 'RULES', 'ABOUT', 'SIGN UP']);
  });

  it('adds the player links when signed in, and ADMIN for admins', () => {
    renderWithProviders(<AppRoutes />, { route: '/rules', me: player });
    const playerLinks = [
      'PLAY GAME',
      'STATISTICS',
      'RANKINGS',
      'RULES',
      'ABOUT',
      'MY WINNINGS',
      'REWARDS',
      'GUILDS',
      'PROFILE',
      'INVITE FRIENDS',
    ];
    expect(navLabels()).toEqual(playerLinks);
    cleanup();
    renderWithProviders(<AppRoutes />, { route: '/rules', me: admin });
    expect(navLabels()).toEqual([...playerLinks, 'ADMIN']);
  });

  it('does not flash the signed-out links for a signed-in player while /api/me loads', async () => {
    let answerMe: (value: { body: unknown }) => void = () => undefined;
    api.on('GET /api/me', () => new Promise((resolve) => (answerMe = resolve)));
    renderWithProviders(<AppRoutes />, { route: '/rules', me: 'unknown' });
    await waitFor(() => expect(api.requestsTo('GET /api/me')).toHaveLength(1));
    expect(navLabels()).toEqual(['PLAY GAME', 'STATISTICS', 'RANKINGS', 'RULES', 'ABOUT']);
    answerMe({ body: player });
    await waitFor(() => expect(navLabels()).toContain('PROFILE'));
    expect(navLabels()).not.toContain('SIGN UP');
  });

  it('folds the links behind MENU, which opens, and closes again on navigating', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/rules', me: player });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const menu = within(nav).getByRole('button', { name: 'MENU' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    // The stylesheet hides the list below 640 px unless the nav is open.
    expect(nav.className).toBe('nav');
    await user.click(menu);
    expect(within(nav).getByRole('button', { name: 'CLOSE MENU' }).getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).toBe('nav nav-open');
    expect(document.getElementById(menu.getAttribute('aria-controls') ?? '')?.tagName).toBe('UL');
    await user.click(within(nav).getByRole('link', { name: 'ABOUT' }));
    await waitFor(() => expect(nav.className).toBe('nav'));
    expect(within(nav).getByRole('button', { name: 'MENU' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('names each screen in the page title', async () => {
    const titles: [string, string][] = [
      ['/rules', 'Rules · LOWEST UNIQUE'],
      ['/about', 'About · LOWEST UNIQUE'],
      ['/leaderboard', 'Rankings · LOWEST UNIQUE'],
      ['/stats', 'Statistics · LOWEST UNIQUE'],
      ['/signup', 'Sign up · LOWEST UNIQUE'],
      ['/nowhere', 'Page not found · LOWEST UNIQUE'],
    ];
    for (const [route, title] of titles) {
      renderWithProviders(<AppRoutes />, { route });
      await waitFor(() => expect(document.title).toBe(title));
      cleanup();
    }
  });

  it('marks PLAY GAME current on / and /submit', () => {
    const navLink = (name: string) =>
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });
    renderWithProviders(<AppRoutes />, { route: '/submit' });
    expect(navLink('PLAY GAME').getAttribute('aria-current')).toBe('page');
    cleanup();
    renderWithProviders(<AppRoutes />, { route: '/rules' });
    expect(navLink('PLAY GAME').getAttribute('aria-current')).toBeNull();
    expect(navLink('RULES').getAttribute('aria-current')).toBe('page');
  });
});

describe('routes', () => {
  it('redirects /home to the play screen', async () => {
    renderWithProviders(<AppRoutes />, { route: '/home' });
    expect(await screen.findByText('TIME UNTIL CLOSE (NY)')).toBeTruthy();
  });

  it.each(['/results', '/history'])('redirects %s to the statistics', async (route) => {
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { name: 'NO STATS AVAILABLE' })).toBeTruthy();
  });

  it('shows Page not found with a link home for an unknown path', () => {
    renderWithProviders(<AppRoutes />, { route: '/nope/really' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('shows the rules and the about text', async () => {
    renderWithProviders(<AppRoutes />, { route: '/rules' });
    // Screens other than play load on demand, so they appear a moment after the route renders.
    expect(await screen.findByRole('heading', { name: 'HOW TO PLAY' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'OFFICIAL RULES' })).toBeTruthy();
    cleanup();
    renderWithProviders(<AppRoutes />, { route: '/about' });
    expect(await screen.findByText('A simple daily game: smallest unique number wins at 10 AM AEST')).toBeTruthy();
  });
});
