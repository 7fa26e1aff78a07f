// Journey 9: a phone. At 360 px no screen scrolls sideways, signed out or in, even for a player whose display name is
// 50 characters without a space, and for the admin's tabs; the navigation folds behind MENU; every screen names
// itself in the page title; the web app manifest and icons are served for installing the game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  heading,
  launchBrowser,
  nav,
  pageWidthAt360,
  PHONE_360,
  see,
  seeNo,
  signIn,
  startJourney,
} from './support/browser.ts';
import { people } from './support/constants.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Opens the route as a person would land on it, waits for its data, and returns how wide the page is. */
async function widthOf(page: Page, route: string): Promise<number> {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await see(page.getByRole('heading', { level: 1 }).first());
  expect(await page.title()).toMatch(/ · LOWEST UNIQUE$/);
  return pageWidthAt360(page);
}

/** Every route at 360 px: the widths that are too wide, by route (an empty object when all fit). */
async function tooWide(page: Page, routes: string[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const route of routes) {
    const width = await widthOf(page, route);
    if (width > 360) found[route] = width;
  }
  return found;
}

describe('a 360 px phone', () => {
  it('signed out: every screen fits, and the links wait behind MENU', async () => {
    const { page, context } = await startJourney(browser, PHONE_360);
    expect(
      await tooWide(page, [
        '/',
        '/signup',
        '/stats',
        '/leaderboard',
        '/rules',
        '/about',
        '/referrals',
        '/guilds',
        '/winnings',
        '/admin',
        '/no-such-page',
      ]),
    ).toEqual({});

    await page.goto('/rules');
    const menu = nav(page).getByRole('button', { name: 'MENU' });
    await see(menu);
    await seeNo(nav(page).getByRole('link', { name: 'STATISTICS' }));
    await menu.click();
    await see(nav(page).getByRole('link', { name: 'STATISTICS' }));
    await nav(page).getByRole('link', { name: 'STATISTICS' }).click();
    await see(heading(page, 'STATISTICS'));
    expect(await page.title()).toBe('Statistics · LOWEST UNIQUE');
    // Arriving closes the menu again.
    await seeNo(nav(page).getByRole('link', { name: 'RULES' }));
    await context.close();
  });

  it('signed in with a 50-character unbroken display name: every screen fits', async () => {
    expect(people.longName.displayName).toHaveLength(50);
    const { page, context } = await startJourney(browser);
    await signIn(page, people.longName);
    await page.setViewportSize(PHONE_360);
    const routes = [
      '/',
      '/submit',
      '/confirmation',
      '/stats',
      '/leaderboard',
      '/rules',
      '/about',
      '/referrals',
      '/rewards',
      '/winnings',
      '/profile',
      '/guilds',
      '/admin',
      '/no-such-page',
    ];
    expect(await tooWide(page, routes)).toEqual({});
    // The name is on screen, broken to fit rather than pushing the page wide.
    await page.goto('/profile');
    await see(page.getByText(people.longName.displayName).first());
    expect(await pageWidthAt360(page)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('the admin’s tabs fit too', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.admin);
    await page.setViewportSize(PHONE_360);
    const found: Record<string, number> = {};
    expect(await widthOf(page, '/admin')).toBeLessThanOrEqual(360);
    for (const tab of ['SYSTEM', 'PRIZES', 'PAYOUTS', 'BOTS', 'DATA']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      const width = await pageWidthAt360(page);
      if (width > 360) found[tab] = width;
    }
    expect(found).toEqual({});
    await context.close();
  });

  it('the game installs: manifest and icons are served', async () => {
    const { page, context } = await startJourney(browser, PHONE_360);
    await page.goto('/');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    const body: unknown = await manifest.json();
    expect(body).toMatchObject({ name: 'LOWEST UNIQUE', display: 'standalone' });
    for (const icon of ['/icon-192.png', '/icon-512.png', '/favicon.svg']) {
      const response = await page.request.get(icon);
      expect(response.status(), icon).toBe(200);
    }
    await context.close();
  });
});
