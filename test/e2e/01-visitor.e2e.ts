// Journey 1: a signed-out visitor walks every navigation route, the redirects and an unknown path, and is sent to
// sign-up when trying to submit a number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  checkScreen,
  heading,
  launchBrowser,
  nav,
  numberInput,
  onPath,
  see,
  seeNo,
  startJourney,
} from './support/browser.ts';
import { SEEDED, people } from './support/constants.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a visitor', () => {
  it('opens every navigation route and sees each screen', async () => {
    const { page, context } = await startJourney(browser);

    await page.goto('/');
    await see(page.getByRole('link', { name: 'LOWEST UNIQUE' }));
    const links = nav(page).getByRole('link');
    await see(links.first());
    expect(await links.allInnerTexts()).toEqual(['PLAY GAME', 'STATISTICS', 'RANKINGS', 'RULES', 'ABOUT', 'SIGN UP']);
    expect(await nav(page).getByRole('link', { name: 'PLAY GAME' }).getAttribute('aria-current')).toBe('page');

    // Play: countdown as HH:MM:SS, the prize of the day, the first-entry form.
    await see(heading(page, 'TIME UNTIL CLOSE (NY)'));
    expect(await page.getByRole('timer').innerText()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    await see(page.getByText(/^\$\d+\.\d{2}$/));
    await see(numberInput(page, 'YOUR NUMBER'));
    await see(page.getByRole('button', { name: 'SUBMIT & PRAY' }));
    await checkScreen(page, 'play-visitor');

    await nav(page).getByRole('link', { name: 'STATISTICS' }).click();
    await onPath(page, '/stats');
    await see(heading(page, 'STATISTICS'));
    // The seeded week: the default date is the most recent closed game, whose winning number was 2.
    await see(page.getByRole('button', { name: /PREVIOUS/ }));
    await see(page.getByRole('button', { name: /NEXT/ }));
    await see(page.getByRole('button', { name: 'MOST RECENT' }));
    await see(page.getByRole('tab', { name: 'GAME STATS' }));
    await see(page.getByRole('tab', { name: 'NUMBER DISTRIBUTION' }));
    await see(page.getByRole('tabpanel').getByText('Winning number'));
    expect(await page.getByRole('tabpanel').locator('dt:text-is("Winning number") + dd').innerText()).toBe(
      String(SEEDED.winningNumber),
    );
    await seeNo(heading(page, 'YOUR GAME STORY'));
    await checkScreen(page, 'stats-visitor');

    await nav(page).getByRole('link', { name: 'RANKINGS' }).click();
    await onPath(page, '/leaderboard');
    await see(heading(page, 'RANKINGS'));
    for (const category of ['RESULTS', 'CHAMPIONS', 'DEDICATED', 'HOT STREAK', 'LEGENDS'])
      await see(page.getByRole('button', { name: category }));
    await see(page.getByRole('list', { name: 'Latest winners' }).getByText(people.sam.displayName).first());
    await see(page.getByText('Rankings update after each game closes.'));
    await checkScreen(page, 'leaderboard-visitor');

    await nav(page).getByRole('link', { name: 'RULES' }).click();
    await onPath(page, '/rules');
    await see(heading(page, 'HOW TO PLAY'));
    expect(await page.getByRole('region', { name: 'HOW TO PLAY' }).getByRole('listitem').count()).toBe(4);
    await see(heading(page, 'OFFICIAL RULES'));
    await see(page.getByText(/one submission per account per day/i));
    await checkScreen(page, 'rules');

    await nav(page).getByRole('link', { name: 'ABOUT' }).click();
    await onPath(page, '/about');
    await see(page.getByText('A simple daily game: smallest unique number wins at 10 AM AEST'));
    await checkScreen(page, 'about');

    await nav(page).getByRole('link', { name: 'SIGN UP' }).click();
    await onPath(page, '/signup');
    await see(heading(page, 'JOIN THE GAME'));
    const code = page.getByPlaceholder('Enter 12-character code');
    await see(code);
    await see(page.getByRole('link', { name: 'SIGN IN WITH GOOGLE' }));
    await checkScreen(page, 'signup');
    await code.fill('zzzzzzzzzzzz');
    expect(await code.inputValue()).toBe('ZZZZZZZZZZZZ');
    await see(page.getByText('✗ INVALID CODE'));
    await see(page.getByRole('link', { name: 'SIGN IN WITH GOOGLE' }));

    await context.close();
  });

  it('follows the redirects, and an unknown path offers a way home', async () => {
    const { page, context } = await startJourney(browser);

    await page.goto('/home');
    await onPath(page, '/');
    await see(heading(page, 'TIME UNTIL CLOSE (NY)'));

    for (const old of ['/results', '/history']) {
      await page.goto(old);
      await onPath(page, '/stats');
      await see(heading(page, 'STATISTICS'));
    }

    await page.goto('/submit');
    await see(heading(page, 'TIME UNTIL CLOSE (NY)'));
    expect(await nav(page).getByRole('link', { name: 'PLAY GAME' }).getAttribute('aria-current')).toBe('page');

    await page.goto('/no/such/page');
    await see(page.getByText('Page not found'));
    await checkScreen(page, 'not-found');
    await page.getByRole('main').getByRole('link').first().click();
    await onPath(page, '/');

    await context.close();
  });

  it('meets a sign-in prompt on the players-only screens', async () => {
    const { page, context } = await startJourney(browser);

    await page.goto('/referrals');
    await see(heading(page, 'SIGN IN REQUIRED'));
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: /SIGN (UP|IN)/ })
        .getAttribute('href'),
    ).toBe('/signup');

    await page.goto('/rewards');
    await onPath(page, '/signup');

    await page.goto('/winnings');
    await see(heading(page, 'SIGN IN REQUIRED'));
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: /GOOGLE/ })
        .getAttribute('href'),
    ).toBe('/auth/google?next=%2Fwinnings');

    await page.goto('/profile');
    await see(heading(page, 'SIGN IN REQUIRED'));
    await see(page.getByText('You need to sign in to view your profile!'));
    expect(await page.getByRole('main').getByRole('link', { name: 'SIGN IN WITH GOOGLE' }).getAttribute('href')).toBe(
      '/auth/google?next=%2Fprofile',
    );

    await page.goto('/guilds');
    await see(page.getByText('Please log in to access guilds'));

    await page.goto('/admin');
    await see(heading(page, 'ADMIN ACCESS REQUIRED'));
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: /GOOGLE/ })
        .getAttribute('href'),
    ).toBe('/auth/google?next=%2Fadmin');

    await page.goto('/confirmation');
    await see(page.getByText('No submission found for today.'));

    await context.close();
  });

  it('is sent to sign-up when submitting a number', async () => {
    const { page, context } = await startJourney(browser);
    await page.goto('/');
    await numberInput(page, 'YOUR NUMBER').fill('12');
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await onPath(page, '/signup');
    await see(heading(page, 'JOIN THE GAME'));
    await context.close();
  });
});
