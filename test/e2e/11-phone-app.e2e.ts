// Journey 11: the game as a phone app at 360 px. A screen whose code does not arrive says so and comes back with
// TRY AGAIN; a submit while the server is down says so in words and keeps the number; once installed (service
// worker) the game opens offline on the last game it saw; the dark theme passes axe; every route fits 360 px, every
// tap target is at least 44 × 44 px and every label sits by its control in both themes; the keyboard gets a skip link
// and focus on each new screen's heading.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  checkScreen,
  DESKTOP,
  heading,
  launchBrowser,
  nav,
  numberInput,
  PHONE_360,
  see,
  seeNo,
  signIn,
  startJourney,
  type Journey,
} from './support/browser.ts';
import { screenProblems } from './support/phone-checks.ts';
import { people, type Person } from './support/constants.ts';
import { startPrivateServer } from './support/private-server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const THEMES = ['light', 'dark'] as const;
const phoneUser = (name: string): Person => ({
  email: `${name.toLowerCase()}@phone.e2e.lowest.test`,
  displayName: `${name} Phone`,
});

/** The screen as it is now, in each theme (switched in place): how wide the page is, which tap targets are too small and which labels are misplaced. */
async function themedProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const colorScheme of THEMES) {
    await page.emulateMedia({ colorScheme });
    problems.push(...(await screenProblems(page)).map((problem) => `${colorScheme}: ${problem}`));
  }
  return problems;
}

/** Every route given at 360 px once its data is in, in both themes: the problems found, by route (empty when all fit). */
async function problemsOver(page: Page, routes: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await see(page.getByRole('heading', { level: 1 }).first());
    const problems = await themedProblems(page);
    if (problems.length > 0) found[route] = problems;
  }
  return found;
}

/** Each tab of the screen shown, opened in turn and checked in both themes. */
async function tabProblems(page: Page, screen: string, tabs: string[], found: Record<string, string[]>): Promise<void> {
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    const problems = await themedProblems(page);
    if (problems.length > 0) found[`${screen} ${tab}`] = problems;
  }
}

const everyone = [
  '/',
  '/signup',
  '/stats',
  '/leaderboard',
  '/rules',
  '/about',
  '/referrals',
  '/guilds',
  '/winnings',
  '/rewards',
  '/profile',
  '/admin',
  '/verify',
  '/no-such-page',
];
const players = [
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
  '/verify',
  '/no-such-page',
];

describe('a phone at 360 px, in both themes', () => {
  it("signed out: every route fits, every tap target is 44 px and every label sits by its control in both themes, the menu's links included", async () => {
    const { page, context } = await startJourney(browser, PHONE_360);
    const found = await problemsOver(page, everyone);
    await page.goto('/rules');
    await nav(page).getByRole('button', { name: 'MENU' }).click();
    await see(nav(page).getByRole('link', { name: 'STATISTICS' }));
    const menu = await themedProblems(page);
    if (menu.length > 0) found['/rules with the menu open'] = menu;
    expect(found).toEqual({});
    await context.close();
  });

  it('signed in: every route fits, every tap target is 44 px and every label sits by its control in both themes, the statistics tabs included', async () => {
    const { page, context } = await startJourney(browser, PHONE_360);
    await page.setViewportSize(DESKTOP);
    await signIn(page, phoneUser('Tap'));
    const found = await problemsOver(page, players);
    await page.goto('/stats');
    await tabProblems(page, '/stats', ['NUMBER DISTRIBUTION', 'TRENDS'], found);
    expect(found).toEqual({});
    await context.close();
  });

  it('the admin: every tab fits, every tap target is 44 px and every label sits by its control in both themes', async () => {
    const { page, context } = await startJourney(browser, PHONE_360);
    await page.setViewportSize(DESKTOP);
    await signIn(page, people.admin);
    const found = await problemsOver(page, ['/admin']);
    await tabProblems(page, '/admin', await page.getByRole('tab').allTextContents(), found);
    expect(found).toEqual({});
    await context.close();
  });

  it('the rewards screen keeps AVAILABLE on one line', async () => {
    const { page, context } = await startJourney(browser, PHONE_360);
    await page.setViewportSize(DESKTOP);
    await signIn(page, people.rita);
    await page.setViewportSize(PHONE_360);
    await page.goto('/rewards');
    const available = page.getByText('Available', { exact: true }).first();
    await see(available);
    const lineHeight = await available.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    const box = await available.boundingBox();
    expect(box?.height ?? Infinity).toBeLessThan(lineHeight * 1.5);
    await context.close();
  });
});

describe('the dark theme', () => {
  it('passes axe on every main screen, signed out and signed in', async () => {
    const { page, context } = await startJourney(browser, DESKTOP, { colorScheme: 'dark' });
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    for (const [route, name] of [
      ['/signup', 'dark-signup'],
      ['/rules', 'dark-rules'],
    ] as const) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await checkScreen(page, name);
    }
    await signIn(page, people.rita);
    const screens = [
      ['/', 'dark-play'],
      ['/stats', 'dark-stats'],
      ['/leaderboard', 'dark-leaderboard'],
      ['/rewards', 'dark-rewards'],
      ['/winnings', 'dark-winnings'],
      ['/profile', 'dark-profile'],
      ['/guilds', 'dark-guilds'],
      ['/referrals', 'dark-referrals'],
      ['/verify', 'dark-verify'],
    ] as const;
    for (const [route, name] of screens) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await see(page.getByRole('heading', { level: 1 }).first());
      await checkScreen(page, name);
    }
    // The page really is dark: the body's background is near black.
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(18, 18, 18)');
    await context.close();
  });
});

describe('a screen whose code does not arrive', () => {
  it('says so with TRY AGAIN, which loads it once the network is back', async () => {
    // No service worker: the chunk must come from the network, where the test blocks it.
    const { page, context } = await startJourney(browser, PHONE_360, { serviceWorkers: 'block' });
    await page.goto('/');
    await see(heading(page, 'LOWEST UNIQUE NUMBER WINS'));
    const chunk = '**/assets/leaderboard-screen-*.js';
    let blocked = 0;
    await page.route(chunk, async (route) => {
      blocked += 1;
      await route.abort('internetdisconnected');
    });
    await nav(page).getByRole('button', { name: 'MENU' }).click();
    await nav(page).getByRole('link', { name: 'RANKINGS' }).click();
    await see(heading(page, 'SCREEN NOT LOADED'));
    expect(blocked).toBeGreaterThan(0);
    const alert = page.getByRole('main').getByRole('alert');
    expect(await alert.textContent()).toBe(
      'This screen could not load. The game server cannot be reached right now. Check your connection, then try again.',
    );
    expect(await page.getByRole('main').textContent()).not.toMatch(/failed to fetch|dynamically imported/i);
    await see(page.getByText('CANNOT REACH THE GAME SERVER.'));

    await page.unroute(chunk);
    // The screen's own TRY AGAIN (the banner above has one for the data).
    await page.getByRole('main').locator('section').getByRole('button', { name: 'TRY AGAIN' }).click();
    await see(heading(page, 'RANKINGS'));
    await seeNo(heading(page, 'SCREEN NOT LOADED'));
    await context.close();
  });

  it('opened at its own address, its preload failing too, says so and loads with TRY AGAIN', async () => {
    const { page, context } = await startJourney(browser, PHONE_360, { serviceWorkers: 'block' });
    const chunk = '**/assets/leaderboard-screen-*.js';
    let blocked = 0;
    await page.route(chunk, async (route) => {
      blocked += 1;
      await route.abort('internetdisconnected');
    });
    await page.goto('/leaderboard');
    await see(heading(page, 'SCREEN NOT LOADED'));
    // The page's first script preloads the screen's code, and the app imports it: both were refused.
    expect(blocked).toBeGreaterThan(0);
    await page.unroute(chunk);
    await page.getByRole('main').locator('section').getByRole('button', { name: 'TRY AGAIN' }).click();
    await see(heading(page, 'RANKINGS'));
    await context.close();
  });
});

describe('the server stops during a submit', () => {
  it('the player reads why, the number stays in the box, and it goes through once the server is back', async () => {
    const server = await startPrivateServer();
    let journey: Journey | null = null;
    try {
      journey = await startJourney(browser, PHONE_360, { baseURL: server.baseUrl, serviceWorkers: 'block' });
      const { page } = journey;
      await page.setViewportSize(DESKTOP);
      await signIn(page, phoneUser('Outage'));
      await page.setViewportSize(PHONE_360);
      await page.goto('/');
      const input = numberInput(page, 'YOUR NUMBER');
      await input.fill('17');
      // The submit leaves the page, then the server goes down before it arrives.
      await page.route('**/api/entry', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        await server.stop();
        return route.continue();
      });
      await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
      const alert = page.getByRole('main').getByRole('alert');
      await see(alert, 20_000);
      expect(await alert.textContent()).toBe(
        'The game server cannot be reached right now. Check your connection, then try again. Your number was not sent; it is still in the box. Submit again once you are back online.',
      );
      expect(await input.inputValue()).toBe('17');
      await see(page.getByText('CANNOT REACH THE GAME SERVER.'));

      await page.unroute('**/api/entry');
      await server.start();
      await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
      await see(heading(page, 'SUBMISSION CONFIRMED'));
      await see(page.getByRole('list', { name: 'Your numbers' }).getByLabel('Receipt for number 17', { exact: true }));
      await seeNo(page.getByText('CANNOT REACH THE GAME SERVER.'));
    } finally {
      await journey?.context.close();
      await server.dispose();
    }
  });
});

describe('the installed app', () => {
  it('opens offline on the last game it saw, explains a submit, and shows the other screens without their data', async () => {
    const { page, context } = await startJourney(browser, PHONE_360);
    await page.goto('/');
    await see(heading(page, 'LOWEST UNIQUE NUMBER WINS'));
    // The service worker installs (precaching the app) and takes control of the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');

    await context.setOffline(true);
    await page.reload();
    await see(heading(page, 'LOWEST UNIQUE NUMBER WINS'));
    await see(page.getByText(/^OFFLINE: this is the game as this device last saw it/));
    await see(page.getByText('YOU ARE OFFLINE.'));
    await see(page.getByRole('timer'));
    const input = numberInput(page, 'YOUR NUMBER');
    await input.fill('23');
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await see(alert);
    expect(await alert.textContent()).toBe(
      'You are offline. Check your connection, then try again. Your number was not sent; it is still in the box. Submit again once you are back online.',
    );
    expect(await input.inputValue()).toBe('23');

    // Another screen's address, opened offline: the app shell, the screen, its message and the banner.
    await page.goto('/leaderboard');
    await see(heading(page, 'RANKINGS'));
    await see(page.getByText('Failed to load leaderboard'));
    await see(page.getByText('YOU ARE OFFLINE.'));

    // Back online, TRY AGAIN brings the data.
    await context.setOffline(false);
    await seeNo(page.getByText('YOU ARE OFFLINE.'));
    await page.getByRole('button', { name: 'TRY AGAIN' }).click();
    await seeNo(page.getByText('Failed to load leaderboard'));
    await context.close();
  });
});

describe('the keyboard', () => {
  it('skips to the content, and lands on each new screen’s heading', async () => {
    const { page, context } = await startJourney(browser, DESKTOP);
    await page.goto('/');
    await see(heading(page, 'LOWEST UNIQUE NUMBER WINS'));
    // On a desktop the menu shows in full, without a MENU button.
    await seeNo(nav(page).getByRole('button', { name: 'MENU' }));
    await see(nav(page).getByRole('link', { name: 'RULES' }));

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await see(skip);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await numberInput(page, 'YOUR NUMBER').evaluate((element) => element === document.activeElement)).toBe(true);

    await nav(page).getByRole('link', { name: 'RULES' }).click();
    await see(heading(page, 'RULES'));
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('RULES');

    await nav(page).getByRole('link', { name: 'RANKINGS' }).click();
    // The clicked link is focused first (its text is RANKINGS too): wait for the heading.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('RANKINGS');
    await context.close();
  });

  it('the display name field stops at 50 characters', async () => {
    const { page, context } = await startJourney(browser, PHONE_360);
    await page.setViewportSize(DESKTOP);
    await signIn(page, phoneUser('Namer'));
    await page.goto('/profile');
    const field = page.getByLabel('DISPLAY NAME');
    await field.fill('');
    await field.pressSequentially('N'.repeat(60));
    expect(await field.inputValue()).toHaveLength(50);
    await context.close();
  });
});
