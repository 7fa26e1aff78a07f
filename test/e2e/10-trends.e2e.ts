// Journey 10 (issue 17): the TRENDS tab of the statistics screen (chart, lists, the 7 / 30 / 90 DAYS toggle, the
// keyboard), a game's permalink surviving a reload and reached from the leaderboard, SHARE on the game story and
// on the play screen's LAST RESULT through the clipboard fallback, and the TRENDS tab at 390 px after
// `lowest seed-demo --days 30` on a server of its own.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrendsResponse } from '../../server/routes/stats.schemas.ts';
import { formatLongDate } from '../../web/lib/dates.ts';
import {
  baseUrl,
  checkScreen,
  heading,
  launchBrowser,
  nav,
  onPath,
  PHONE,
  see,
  signIn,
  startJourney,
} from './support/browser.ts';
import { people, SEEDED, TODAY } from './support/constants.ts';
import { freePort } from '../support/free-port.ts';

const root = join(import.meta.dirname, '..', '..');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function trendsOf(page: Page, days: 7 | 30 | 90): Promise<TrendsResponse> {
  const response = await page.request.get(`/api/stats/trends?days=${days}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as TrendsResponse;
}

/** The clipboard fallback, whatever this Chromium build says about the Web Share API. */
async function useClipboardFallback(context: BrowserContext, origin: string): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await context.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share');
  });
}

async function openTrends(page: Page): Promise<void> {
  await page.goto('/stats');
  await page.getByRole('tab', { name: 'TRENDS' }).click();
  await see(page.getByRole('img', { name: 'Winning number per game' }));
}

describe('trends, permalinks and sharing', () => {
  it('the TRENDS tab charts every closed game of the period and lists the numbers', async () => {
    const { page } = await startJourney(browser);
    const week = await trendsOf(page, 7);
    // The seed's past week plus today's game, which journey 04 closed with the winner's 1.
    expect(week.gamesCount).toBeGreaterThanOrEqual(SEEDED.days);
    expect(week.winningNumbers.map((g) => g.winningNumber)).toContain(SEEDED.winningNumber);

    await openTrends(page);
    expect(await page.getByRole('button', { name: '7 DAYS' }).getAttribute('aria-pressed')).toBe('true');
    const panel = page.getByRole('tabpanel');
    // The chart's text alternative: one row per game, oldest first.
    const rows = panel.getByRole('table', { name: 'Winning number per game' }).locator('tbody tr');
    expect(await rows.count()).toBe(week.gamesCount);
    expect(await rows.last().locator('td').first().textContent()).toBe(
      String(week.winningNumbers.at(-1)?.winningNumber ?? 'No winner'),
    );
    expect(await panel.locator('svg circle').count()).toBe(
      week.winningNumbers.filter((g) => g.winningNumber !== null).length,
    );
    const mostPicked = panel.getByRole('region', { name: 'MOST PICKED' }).getByRole('listitem');
    expect(await mostPicked.count()).toBe(week.mostPicked.length);
    expect(await mostPicked.first().textContent()).toBe(`${week.mostPicked[0]?.number} ×${week.mostPicked[0]?.count}`);
    for (const list of ['RISING', 'FALLING', 'NEVER PICKED']) await see(panel.getByRole('heading', { name: list }));
    await checkScreen(page, 'stats-trends');

    const month = await trendsOf(page, 30);
    await panel.getByRole('button', { name: '30 DAYS' }).click();
    expect(await panel.getByRole('button', { name: '30 DAYS' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => rows.count()).toBe(month.gamesCount);

    // The tabs work from the keyboard: End and Home move and select.
    await page.getByRole('tab', { name: 'TRENDS' }).focus();
    await page.keyboard.press('Home');
    expect(await page.getByRole('tab', { name: 'GAME STATS' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    expect(await page.getByRole('tab', { name: 'TRENDS' }).getAttribute('aria-selected')).toBe('true');
    await see(page.getByRole('img', { name: 'Winning number per game' }));
  });

  it('a game has a permalink that survives a reload; the leaderboard links to it', async () => {
    const { page } = await startJourney(browser);
    const oldest = (await trendsOf(page, 7)).winningNumbers[0]?.gameDate ?? '';
    await page.goto(`/stats/${oldest}`);
    await see(heading(page, formatLongDate(oldest)));
    await page.reload();
    await see(heading(page, formatLongDate(oldest)));
    expect(new URL(page.url()).pathname).toBe(`/stats/${oldest}`);

    await nav(page).getByRole('link', { name: 'RANKINGS' }).click();
    const firstResult = page.getByRole('list', { name: 'Latest winners' }).getByRole('link').first();
    const href = (await firstResult.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/stats\/\d{4}-\d{2}-\d{2}(-\d+)?$/);
    await firstResult.click();
    await onPath(page, href);
    await see(page.getByRole('tab', { name: 'GAME STATS' }));
  });

  it('SHARE puts the result on the clipboard with COPIED!, on the game story and on LAST RESULT', async () => {
    const sam = await startJourney(browser);
    await useClipboardFallback(sam.context, baseUrl());
    await signIn(sam.page, people.sam);
    const week = await trendsOf(sam.page, 7);
    const samsGame = week.winningNumbers.filter((g) => g.winningNumber === SEEDED.winningNumber).at(-1)?.gameDate ?? '';
    await sam.page.goto(`/stats/${samsGame}`);
    const story = sam.page.getByRole('region', { name: 'YOUR GAME STORY' });
    await story.getByRole('button', { name: 'SHARE' }).click();
    await see(story.getByRole('button', { name: 'COPIED!' }));
    expect(await sam.page.evaluate(() => navigator.clipboard.readText())).toBe(
      `LOWEST UNIQUE ${samsGame}: my ${SEEDED.winningNumber} was the winner. Winning number: ${SEEDED.winningNumber}. ${baseUrl()}/stats/${samsGame}`,
    );

    const winner = await startJourney(browser);
    await useClipboardFallback(winner.context, baseUrl());
    await signIn(winner.page, people.winner);
    await winner.page.goto('/');
    const card = winner.page.getByRole('region', { name: 'LAST RESULT' });
    await card.getByRole('button', { name: 'SHARE' }).click();
    await see(card.getByRole('button', { name: 'COPIED!' }));
    const text = await winner.page.evaluate(() => navigator.clipboard.readText());
    expect(text).toMatch(
      new RegExp(
        `^LOWEST UNIQUE \\d{4}-\\d{2}-\\d{2}: my ${TODAY.winnerNumber} was the winner\\. Winning number: ${TODAY.winnerNumber}\\. `,
      ),
    );
    const link = text.split(' ').at(-1) ?? '';
    expect(link.startsWith(`${baseUrl()}/stats/`)).toBe(true);
    expect(await card.getByRole('link', { name: 'SEE STATISTICS' }).getAttribute('href')).toBe(new URL(link).pathname);
  });

  it('the TRENDS tab at 390 px after lowest seed-demo --days 30', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lowest-trends-demo-'));
    const env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: `sqlite:${join(dir, 'demo.db')}` };
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'seed-demo', '--days', '30'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(seeded.status, seeded.stderr).toBe(0);
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port), PUBLIC_URL: origin, AUTH_MODE: 'dev' },
      stdio: 'ignore',
    });
    try {
      await expect
        .poll(
          () =>
            fetch(`${origin}/api/game/today`).then(
              (r) => r.ok,
              () => false,
            ),
          { timeout: 60_000, interval: 250 },
        )
        .toBe(true);
      const context = await browser.newContext({ baseURL: origin, viewport: PHONE });
      const page = await context.newPage();
      await openTrends(page);
      await page.getByRole('button', { name: '30 DAYS' }).click();
      await expect
        .poll(() => page.getByRole('table', { name: 'Winning number per game' }).locator('tbody tr').count())
        .toBe(30);
      // The chart fits the phone's width.
      const box = await page.getByRole('img', { name: 'Winning number per game' }).boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await checkScreen(page, 'stats-trends-seed-demo-30');
      await context.close();
    } finally {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
