// One Chromium per test file, a fresh context per journey, and helpers that act and look as a person would:
// sign in through the form, wait to see a thing, and check a screen (screenshots at two widths plus axe-core).
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_PATH, type Person } from './constants.ts';
import { readCaughtMails, type CaughtMail } from './mail-catcher.ts';

export const baseUrl = () => inject('baseUrl');

/** Waits (polling the catcher's log) until the in-test SMTP server has caught a mail matching `wanted`. */
export async function waitForMail(
  wanted: (mail: CaughtMail) => boolean,
  what: string,
  timeout = 20_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = readCaughtMails(inject('mailLog')).find(wanted);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`No mail arrived: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The narrowest phone the app is laid out for. */
export const PHONE_360 = { width: 360, height: 740 } as const;

/** The page's width at a phone's 360 px: wider means something scrolls sideways. */
export async function pageWidthAt360(page: Page): Promise<number> {
  await page.setViewportSize(PHONE_360);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
}

const resultsDir = join(import.meta.dirname, '..', '..', '..', 'test-results');
const shotsDir = join(resultsDir, 'screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

export async function launchBrowser(): Promise<Browser> {
  try {
    return await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`Chromium at ${CHROMIUM_PATH} did not start: ${reason}`);
  }
}

export interface Journey {
  context: BrowserContext;
  page: Page;
}

/**
 * A fresh context (no cookies, no local storage, no service worker) and one page in it, at desktop width; `options`
 * may ask for the dark theme, block service workers or point at another server.
 */
export async function startJourney(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  options: Pick<BrowserContextOptions, 'baseURL' | 'colorScheme' | 'serviceWorkers'> = {},
): Promise<Journey> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, ...options });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  return { context, page };
}

/** Development sign-in through the real form, as a person would; ends on the page the server sends them to. */
export async function signIn(page: Page, person: Person): Promise<void> {
  if (!page.url().includes('/auth/dev')) await page.goto('/auth/dev');
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Display name').fill(person.displayName);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/auth')),
    page.getByRole('button', { name: 'SIGN IN' }).click(),
  ]);
  // The header shows the signed-in navigation once the app knows who this is.
  await see(nav(page).getByRole('link', { name: 'PROFILE' }));
}

/** Waits until the thing is on screen, then records it as an assertion. */
export async function see(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: 'visible', ...(timeout === undefined ? {} : { timeout }) });
  expect(await locator.isVisible()).toBe(true);
}

/**
 * Like see(), but a thing that never shows is recorded as a soft failure and the journey goes on: for app defects
 * whose later steps are still worth checking.
 */
export async function seeSoftly(locator: Locator, what: string, timeout = 5_000): Promise<void> {
  const shown = await locator.waitFor({ state: 'visible', timeout }).then(
    () => true,
    () => false,
  );
  expect.soft(shown, what).toBe(true);
}

/** Waits until the thing is gone (or was never there). */
export async function seeNo(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: 'hidden', ...(timeout === undefined ? {} : { timeout }) });
  expect(await locator.isVisible()).toBe(false);
}

export const nav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' });
export const heading = (page: Page, name: string | RegExp): Locator =>
  page.getByRole('heading', { name, exact: typeof name === 'string' });
/** A number input by its visible label, exactly (the form's region is named after a longer heading). */
export const numberInput = (scope: Page | Locator, label: string): Locator =>
  scope.getByRole('spinbutton', { name: label, exact: true });
export const dialog = (page: Page): Locator => page.getByRole('dialog');
/** The one toast on screen (Radix renders it as a list item in the notifications region). */
export const toast = (page: Page): Locator =>
  page.getByRole('region', { name: /notifications/i }).getByRole('listitem');

/** Waits for the pathname (ignoring the query string). */
export async function onPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
  expect(new URL(page.url()).pathname).toBe(pathname);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated rather than added with page.addScriptTag: the app's Content-Security-Policy (script-src 'self')
  // rightly refuses inline scripts, and bypassing CSP would hide what the real browser enforces.
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/**
 * A main screen as it stands: full-page screenshots at 390 px and 1280 px under test-results/screenshots, and an
 * axe-core scan at both widths. Serious or critical violations fail the journey softly, so it still runs on.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  const found = new Map<string, AxeViolation>();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: join(shotsDir, `${name}-${size.width}.png`), fullPage: true });
    for (const violation of await runAxe(page)) if (!found.has(violation.id)) found.set(violation.id, violation);
  }
  await page.setViewportSize(original);
  const violations = [...found.values()];
  appendFileSync(
    join(resultsDir, 'axe-results.jsonl'),
    `${JSON.stringify({ screen: name, url: page.url(), violations: violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target).slice(0, 5), summary: v.nodes[0]?.failureSummary })) })}\n`,
  );
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      blocking.map(
        (v) =>
          `${v.impact ?? ''} ${v.id}: ${v.help} (${v.nodes
            .map((n) => JSON.stringify(n.target))
            .slice(0, 3)
            .join(', ')})`,
      ),
      `axe-core on the ${name} screen`,
    )
    .toEqual([]);
}
