// Journey 4: the winner picks 1, the admin force-computes today's game in the SYSTEM tab; the play screen says
// GAME CLOSED, statistics show the winning number, the distribution and the winner's game story, and the
// leaderboard shows the winner with the YOU badge. Then the admin opens an extra game for today, which the later
// journeys play in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  checkScreen,
  dialog,
  heading,
  launchBrowser,
  nav,
  numberInput,
  onPath,
  see,
  seeNo,
  seeSoftly,
  signIn,
  startJourney,
  waitForMail,
  type Journey,
} from './support/browser.ts';
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
  let stale: Journey | undefined;
  let watcher: Journey | undefined;

  it('the winner picks 1 and the admin force-computes the game', async () => {
    const winner = await startJourney(browser);
    await signIn(winner.page, people.winner);
    await numberInput(winner.page, 'YOUR NUMBER').fill(String(TODAY.winnerNumber));
    await winner.page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(heading(winner.page, 'SUBMISSION CONFIRMED'));
    date = await todaysDate(winner.page);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // A tab left open on today's game, with a number typed but not sent: it will pick after the close.
    stale = await startJourney(browser);
    await signIn(stale.page, people.stale);
    await numberInput(stale.page, 'YOUR NUMBER').fill('9');

    // A tab watching today's countdown, with a clock the journey can move on to the close.
    watcher = await startJourney(browser);
    await watcher.page.clock.install({ time: new Date() });
    await signIn(watcher.page, people.watcher);
    await see(heading(watcher.page, 'TIME UNTIL CLOSE (NY)'));

    const admin = await startJourney(browser);
    await signIn(admin.page, people.admin);
    await openSystemTab(admin.page);
    await see(admin.page.getByText(`Signed in as`));
    await see(admin.page.getByRole('main').getByText('ADMIN', { exact: true }));
    for (const tab of ['SYSTEM', 'PRIZES', 'PAYOUTS', 'BOTS', 'DATA'])
      await see(admin.page.getByRole('tab', { name: tab }));
    // The status loads on entry: no 'No status loaded' prompt once it has arrived.
    await see(admin.page.getByRole('heading', { name: 'STATUS' }));
    await seeNo(admin.page.getByText('No status loaded. Click Refresh Status to load admin data.'));
    await admin.page.getByRole('button', { name: 'FORCE COMPUTE' }).click();
    await see(admin.page.getByRole('alert').getByText('Pick a date YYYY-MM-DD'));
    await checkScreen(admin.page, 'admin-system');

    await admin.page.getByLabel('DATE (YYYY-MM-DD)').fill(date);
    await admin.page.getByRole('button', { name: 'FORCE COMPUTE' }).click();
    // It asks first: closing a game cannot be undone.
    await see(dialog(admin.page).getByRole('heading', { name: 'FORCE COMPUTE?' }));
    await dialog(admin.page).getByRole('button', { name: 'FORCE COMPUTE' }).click();
    await see(admin.page.getByRole('heading', { name: 'LAST RESULT' }));
    await seeNo(admin.page.getByRole('alert'));

    // The admin's own play screen, reached through the navigation bar, should know the game has closed.
    await nav(admin.page).getByRole('link', { name: 'PLAY GAME' }).click();
    await seeSoftly(
      heading(admin.page, 'GAME CLOSED'),
      'the admin’s play screen shows GAME CLOSED right after FORCE COMPUTE',
    );

    // The winner's play screen, loaded afresh, shows the closed game, a way to the results, and how it went.
    await winner.page.reload();
    await see(heading(winner.page, 'GAME CLOSED'));
    expect(await winner.page.getByRole('link', { name: 'SEE RESULTS' }).getAttribute('href')).toBe('/stats');
    await see(heading(winner.page, 'SUBMISSION CONFIRMED'));
    await seeNo(winner.page.getByRole('button', { name: 'SUBMIT & PRAY' }));
    const lastResult = winner.page.getByRole('region', { name: 'LAST RESULT' });
    await see(lastResult);
    await see(lastResult.getByText('YOU WON!', { exact: true }));
    expect(await lastResult.getByRole('link', { name: 'CLAIM PRIZE' }).getAttribute('href')).toBe('/winnings');
    expect(await lastResult.getByRole('link', { name: 'SEE STATISTICS' }).getAttribute('href')).toBe(`/stats/${date}`);
    await checkScreen(winner.page, 'play-closed');

    // The close wrote the winner's mail; the server's delivery worker (a pass every 15 s) sends it to the SMTP server
    // in this process.
    const mail = await waitForMail(
      (m) => m.to.includes(people.winner.email) && m.subject.startsWith('You won LOWEST UNIQUE'),
      'the winner’s “You won” mail',
      40_000,
    );
    expect(mail.subject).toBe(`You won LOWEST UNIQUE on ${date}`);
    expect(mail.text).toContain(`Claim it here: ${baseUrl()}/winnings`);

    // The mail's link opened signed out: the sign-in prompt brings the winner back to /winnings.
    const reader = await startJourney(browser);
    await reader.page.goto(/Claim it here: (\S+)/.exec(mail.text)?.[1] ?? '');
    await see(heading(reader.page, 'SIGN IN REQUIRED'));
    await reader.page.getByRole('main').getByRole('link', { name: 'SIGN IN WITH GOOGLE' }).click();
    await reader.page.waitForURL((url) => url.pathname === '/auth/dev');
    await signIn(reader.page, people.winner);
    await onPath(reader.page, '/winnings');
    await see(heading(reader.page, 'PENDING PAYOUTS (1)'));
    await reader.context.close();

    await winner.context.close();
    await admin.context.close();
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

  it('a stale tab’s pick is refused with 409 and the tab reloads the next game', async () => {
    expect(stale).toBeDefined();
    const { page, context } = stale as Journey;
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/entry') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    expect((await answer).status()).toBe(409);
    await see(page.getByRole('alert').getByText('This game has closed. The next game is open: pick again.'));
    // Reloaded: the open game is now Game #2, and the typed number is still there to send again.
    await see(page.getByText(/\(Game #2\)/));
    await see(numberInput(page, 'YOUR NUMBER'));
    expect(await numberInput(page, 'YOUR NUMBER').inputValue()).toBe('9');
    // Nothing was stored in the closed game.
    const closedGame: unknown = await (await page.request.get(`/api/stats/daily/${date}`)).json();
    expect(closedGame).toMatchObject({ userSubmissions: [], myOutcomes: [] });
    await context.close();
  });

  it('the countdown reaching zero turns the day over on its own', async () => {
    expect(watcher).toBeDefined();
    const { page, context } = watcher as Journey;
    // Still the old game on screen: nothing told this tab about the close.
    await see(heading(page, 'TIME UNTIL CLOSE (NY)'));
    expect(await page.getByText(/\(Game #2\)/).count()).toBe(0);
    const remaining = await page.getByRole('timer').innerText();
    const [hours = 0, minutes = 0, seconds = 0] = remaining.split(':').map(Number);
    await page.clock.fastForward(((hours * 60 + minutes) * 60 + seconds + 2) * 1000);
    const closedLine = page.getByRole('status').filter({ hasText: 'game has closed. Results are in.' });
    await see(closedLine);
    expect(await closedLine.getByRole('link', { name: 'SEE THE RESULTS' }).getAttribute('href')).toBe(`/stats/${date}`);
    // The next game, with its own countdown.
    await see(page.getByText(/\(Game #2\)/));
    await see(heading(page, 'TIME UNTIL CLOSE (NY)'));
    await see(numberInput(page, 'YOUR NUMBER'));
    await context.close();
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
    expect(await page.getByRole('tabpanel').locator('dt:text-is("Winning number") + dd').textContent()).toBe(
      String(TODAY.winnerNumber),
    );

    await see(heading(page, 'YOUR GAME STORY'));
    const story = page.getByRole('article', { name: `Your number ${TODAY.winnerNumber}` });
    await see(story.getByText('YOU WON!', { exact: true }));
    await checkScreen(page, 'stats-player');

    await page.getByRole('tab', { name: 'NUMBER DISTRIBUTION' }).click();
    expect(await page.getByRole('tab', { name: 'NUMBER DISTRIBUTION' }).getAttribute('aria-selected')).toBe('true');
    const distribution = page.getByRole('list', { name: 'Number distribution' });
    await see(distribution);
    await see(distribution.getByText(`${TODAY.winnerNumber} 🏆`));
    await checkScreen(page, 'stats-distribution');

    // The previous day is one step back, at its permalink /stats/{gameKey}.
    await page.getByRole('button', { name: /PREVIOUS/ }).click();
    await see(page.getByRole('button', { name: 'MOST RECENT' }));
    await page.waitForURL(
      (url) => /^\/stats\/\d{4}-\d{2}-\d{2}(-\d+)?$/.test(url.pathname) && url.pathname !== `/stats/${date}`,
    );
    expect(new URL(page.url()).pathname).toMatch(/^\/stats\/\d{4}-\d{2}-\d{2}(-\d+)?$/);
    // The URL changes as the navigation starts; the screen renders the older game (MOST RECENT enabled) after it.
    await expect.poll(() => page.getByRole('button', { name: 'MOST RECENT' }).isDisabled()).toBe(false);
    await context.close();
  });

  it('a permalink to no closed game never shows another day: not found, or results after the close', async () => {
    expect(date).not.toBe('');
    const { page, context } = await startJourney(browser);
    for (const gameKey of ['2026-13-99', '2001-01-01']) {
      await page.goto(`/stats/${gameKey}`);
      await see(page.getByRole('heading', { level: 1, name: 'Page not found' }));
      await seeNo(page.getByRole('tabpanel'));
    }
    // Today's Game #2 is open: its address promises the results after the close.
    await page.goto(`/stats/${date}-2`);
    await see(heading(page, 'RESULTS AFTER THE CLOSE'));
    await see(page.getByText(/\(Game #2\) is still open/));
    await seeNo(page.getByRole('tabpanel'));
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
});
