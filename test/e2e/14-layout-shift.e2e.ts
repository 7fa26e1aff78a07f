// Journey 14: /leaderboard and /verify keep their layout while their data arrives. On Lighthouse's mobile profile
// (bench:web's phone: 390 px, 150 ms round trip, 1.6 Mbit/s down, CPU slowed 4×), with the screen's data held back
// until the screen has been drawn without it, the page's cumulative layout shift stays within 0.1, the figure
// Lighthouse calls good, and on /verify the card below the closed games stays where it was drawn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, heading, launchBrowser, see } from './support/browser.ts';
import { CPU_SLOWDOWN, MOBILE, PHONE } from '../../bench/web.ts';

const GOOD_CLS = 0.1;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * Runs in the page before its own scripts: sums the layout shifts not caused by input, as Lighthouse's CLS counts
 * them (its largest session window is never more than this sum). A string: tsx would add helpers to a function's
 * source that do not exist in the page.
 */
const RECORD_SHIFTS = `(() => {
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

interface Load {
  route: string;
  /** The requests whose answers the screen waits for; each is held until `drawn` shows. */
  data: RegExp;
  /** What the screen shows before its data, once it has been drawn. */
  drawn: (page: Page) => Locator;
  /** What shows once the data has arrived and been drawn. */
  arrived: (page: Page) => Locator;
  /** Something below the data whose place must not change when the data arrives. */
  staysPut?: (page: Page) => Locator;
}

interface Shift {
  cls: number;
  /** How far `staysPut` moved, in CSS pixels (0 when not asked). */
  moved: number;
}

/** Opens the route on the phone profile, its data held back until the screen is drawn without it. */
async function shiftWhileLoading(load: Load): Promise<Shift> {
  // Service workers blocked so every request reaches the route below; a fresh context is a cold cache.
  const context = await browser.newContext({ baseURL: baseUrl(), ...PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORD_SHIFTS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', MOBILE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let held = 0;
    let topBefore: number | null = null;
    await page.route(load.data, async (request) => {
      held += 1;
      await load.drawn(page).waitFor({ state: 'visible', timeout: 30_000 });
      if (load.staysPut) topBefore ??= (await load.staysPut(page).boundingBox())?.y ?? null;
      await request.continue();
    });
    await page.goto(load.route);
    await see(load.arrived(page), 30_000);
    expect(held).toBeGreaterThan(0);
    // Two frames after the data is drawn, so a shift it caused has been reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const cls = await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
    let moved = 0;
    if (load.staysPut) {
      const topAfter = (await load.staysPut(page).boundingBox())?.y ?? null;
      expect(topBefore).not.toBeNull();
      expect(topAfter).not.toBeNull();
      moved = Math.abs((topAfter ?? 0) - (topBefore ?? 0));
    }
    return { cls, moved };
  } finally {
    await context.close();
  }
}

describe('a phone while the data arrives', () => {
  it('/leaderboard shifts its layout by at most 0.1', async () => {
    const { cls } = await shiftWhileLoading({
      route: '/leaderboard',
      data: /\/api\/leaderboard\?/,
      drawn: (page) => heading(page, 'RANKINGS'),
      arrived: (page) => page.getByRole('list', { name: 'Latest winners' }).getByRole('listitem').first(),
    });
    console.log(`/leaderboard: CLS ${cls.toFixed(3)}`);
    expect(cls).toBeLessThanOrEqual(GOOD_CLS);
  });

  it('/verify shifts its layout by at most 0.1, and the card below the closed games stays put', async () => {
    const { cls, moved } = await shiftWhileLoading({
      route: '/verify',
      data: /\/api\/history\?/,
      drawn: (page) => heading(page, 'CLOSED GAMES'),
      arrived: (page) => page.getByRole('list', { name: 'Closed games, newest first' }).getByRole('link').first(),
      staysPut: (page) => heading(page, 'HOW THIS WORKS'),
    });
    console.log(`/verify: CLS ${cls.toFixed(3)}, HOW THIS WORKS moved ${moved.toFixed(0)} px`);
    expect(cls).toBeLessThanOrEqual(GOOD_CLS);
    expect(moved).toBeLessThan(1);
  });
});
