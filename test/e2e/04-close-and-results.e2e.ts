// Journey 4: the winner picks 1, the admin force-computes today's game in the SYSTEM tab; the play screen says
// GAME CLOSED, statistics show the winning number, the distribution and the winner's game story, and the
// leaderboard shows the winner with the YOU badge. Then the admin opens an extra game for today, which the later
// journeys play in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { checkScreen, heading, launchBrowser, nav, numberInput, onPath, see, seeNo, seeSoftly, signIn, startJourney } from './support/browser.ts';
import { people, TODAY } from './support/constants.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Today's game date as the server names it (the admin reads it off the calendar; the test asks the server). */
async function todaysDate(page: Page): Promise<string> {
  const response = await page.request.get('/api/game/today');
  const body: unknown = await response.json();
  const gameDate = typeof body === 'object' && body !== null && 'gameDate' in body ? String(body.gameDate) : '';
  return gameDate.slice(0, 10);
}

async function openSystemTab(page: Page): Promise<void> {
  await nav(page).getByRole('link', { name: 'ADMIN' }).click();
  await onPath(page, '/admin');
  await see(heading(page, 'System Operations'));
  expect(await page.getByRole('tab', { name: 'SYSTEM' }).getAttribute('aria-selected')).toBe('true');
}

describe('closing today’s game', () => {
  let date = '';

  it('the winner picks 1 and the admin force-computes the game', async () => {
    const winner = await startJourney(browser);
    await signIn(winner.page, people.winner);
    await numberInput(winner.page, 'YOUR NUMBER').fill(String(TODAY.winnerNumber));
    await winner.page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(heading(winner.page, 'SUBMISSION CONFIRMED'));
    date = await todaysDate(winner.page);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const admin = await startJourney(browser);
    await signIn(admin.page, people.admin);
    await openSystemTab(admin.page);
    await see(admin.page.getByText(`Signed in as`));
    await see(admin.page.getByRole('main').getByText('ADMIN', { exact: true }));
    for (const tab of ['SYSTEM', 'PRIZES', 'PAYOUTS', 'BOTS', 'DATA']) await see(admin.page.getByRole('tab', { name: tab }));
    // The status loads on entry: no 'No status loaded' prompt once it has arrived.
    await see(admin.page.getByRole('heading', { name: 'STATUS' }));
    await seeNo(admin.page.getByText('No status loaded. Click Refresh Status to load admin data.'));
    await admin.page.getByRole('button', { name: 'FORCE COMPUTE' }).click();
    await see(admin.page.getByRole('alert').getByText('Pick a date YYYY-MM-DD'));
    await checkScreen(admin.page, 'admin-system');

    await admin.page.getByLabel('DATE (YYYY-MM-DD)').fill(date);
    await admin.page.getByRole('button', { name: 'FORCE COMPUTE' }).click();
    await see(admin.page.getByRole('heading', { name: 'LAST RESULT' }));
    await seeNo(admin.page.getByRole('alert'));

    // The admin's own play screen, reached through the navigation bar, should know the game has closed.
    await nav(admin.page).getByRole('link', { name: 'PLAY GAME' }).click();
    await seeSoftly(heading(admin.page, 'GAME CLOSED'), 'the admin’s play screen shows GAME CLOSED right after FORCE COMPUTE');

    // The winner's play screen, loaded afresh, shows the closed game and a way to the results.
    await winner.page.reload();
    await see(heading(winner.page, 'GAME CLOSED'));
    expect(await winner.page.getByRole('link', { name: 'SEE RESULTS' }).getAttribute('href')).toBe('/stats');
    await see(heading(winner.page, 'SUBMISSION CONFIRMED'));
    await seeNo(winner.page.getByRole('button', { name: 'SUBMIT & PRAY' }));
    await checkScreen(winner.page, 'play-closed');

    await winner.context.close();
    await admin.context.close();
  });

  it('statistics show the winning number, the distribution and the winner’s story', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.winner);
    await nav(page).getByRole('link', { name: 'STATISTICS' }).click();
    await onPath(page, '/stats');
    // Today's closed game is now the most recent one.
    await see(page.getByRole('button', { name: 'MOST RECENT' }));
    expect(await page.getByRole('button', { name: 'MOST RECENT' }).isDisabled()).toBe(true);
    await see(page.getByRole('tabpanel').getByText('Winning number'));
    expect(await page.getByRole('tabpanel').locator('dt:text-is("Winning number") + dd').textContent()).toBe(String(TODAY.winnerNumber));

    await see(heading(page, 'YOUR GAME STORY'));
    const story = page.getByRole('article', { name: `Your number ${TODAY.winnerNumber}` });
    await see(story.getByText('WINNER', { exact: true }));
    await checkScreen(page, 'stats-player');

    await page.getByRole('tab', { name: 'NUMBER DISTRIBUTION' }).click();
    expect(await page.getByRole('tab', { name: 'NUMBER DISTRIBUTION' }).getAttribute('aria-selected')).toBe('true');
    const distribution = page.getByRole('list', { name: 'Number distribution' });
    await see(distribution);
    await see(distribution.getByText(`${TODAY.winnerNumber} 🏆`));
    await checkScreen(page, 'stats-distribution');

    // The previous day is one step back.
    await page.getByRole('button', { name: /PREVIOUS/ }).click();
    await see(page.getByRole('button', { name: 'MOST RECENT' }));
    await page.waitForURL((url) => url.searchParams.has('date'));
    expect(new URL(page.url()).searchParams.get('date')).not.toBe(date);
    expect(await page.getByRole('button', { name: 'MOST RECENT' }).isDisabled()).toBe(false);
    await context.close();
  });

  it('the leaderboard shows the winner, with the YOU badge for her', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.winner);
    await nav(page).getByRole('link', { name: 'RANKINGS' }).click();
    await onPath(page, '/leaderboard');
    const latest = page.getByRole('list', { name: 'Latest winners' }).getByRole('listitem').first();
    await see(latest.getByText(people.winner.displayName));
    expect(await latest.innerText()).toContain(`Winning number: ${TODAY.winnerNumber}`);

    await page.getByRole('button', { name: 'CHAMPIONS' }).click();
    expect(await page.getByRole('button', { name: 'CHAMPIONS' }).getAttribute('aria-pressed')).toBe('true');
    const me = page.getByRole('listitem').filter({ hasText: people.winner.displayName });
    await see(me.getByText('YOU', { exact: true }));
    await see(page.getByText(/^YOUR RANK: #\d+$/));
    // Only the signed-in player carries the badge.
    expect(await page.getByText('YOU', { exact: true }).count()).toBe(1);
    await checkScreen(page, 'leaderboard-player');
    await context.close();
  });

  it('the admin opens an extra game for today, shown as Game #2', async () => {
    expect(date).not.toBe('');
    const admin = await startJourney(browser);
    await signIn(admin.page, people.admin);
    await openSystemTab(admin.page);
    await admin.page.getByLabel('DATE (YYYY-MM-DD)').fill(date);
    await admin.page.getByRole('button', { name: 'ENSURE/OPEN' }).click();
    await see(admin.page.getByRole('heading', { name: 'LAST RESULT' }));
    await seeNo(admin.page.getByRole('alert'));
    await admin.context.close();

    const { page, context } = await startJourney(browser);
    await page.goto('/');
    await see(page.getByText(/\(Game #2\)/));
    await see(heading(page, 'TIME UNTIL CLOSE (NY)'));
    await see(numberInput(page, 'YOUR NUMBER'));
    await context.close();
  });
});
