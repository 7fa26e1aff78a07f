// Journey 2: a player shares a referral link; the friend opens it, signs in, gets the bonus entry, submits a number
// and then a second one with USE BONUS ENTRY, and sees the confirmation; the referrer is credited.
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
  signIn,
  startJourney,
} from './support/browser.ts';
import { people, TODAY } from './support/constants.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a referral', () => {
  let referralLink = '';
  let referralCode = '';

  it('starts with the referrer copying the link from INVITE FRIENDS', async () => {
    const { page, context } = await startJourney(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, people.referrer);

    // With no bonus entries the play screen invites friends: a bonus gives 2 numbers instead of 1.
    await see(page.getByText(/2 numbers instead of 1/));
    await see(page.getByRole('main').getByRole('link', { name: 'INVITE FRIENDS' }));

    await nav(page).getByRole('link', { name: 'INVITE FRIENDS' }).click();
    await onPath(page, '/referrals');
    await see(heading(page, 'YOUR REFERRAL CODE'));
    const linkText = page.getByText(/\/signup\?ref=/);
    await see(linkText);
    referralLink = (await linkText.innerText()).trim();
    referralCode = new URL(referralLink).searchParams.get('ref') ?? '';
    expect(referralCode).toMatch(/^[A-Z0-9]{12}$/);
    expect(new URL(referralLink).origin).toBe(new URL(page.url()).origin);
    for (const counter of ['TOTAL INVITES', 'FRIENDS JOINED', 'BONUS ENTRIES']) await see(heading(page, counter));
    await see(heading(page, 'HOW IT WORKS'));
    expect(await page.getByRole('region', { name: 'HOW IT WORKS' }).getByRole('listitem').count()).toBe(4);
    await checkScreen(page, 'referrals');

    await page.getByRole('button', { name: 'COPY LINK' }).click();
    await see(page.getByRole('button', { name: 'COPIED!' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(referralLink);
    // The confirmation lasts 2 seconds.
    await see(page.getByRole('button', { name: 'COPY LINK' }), 4_000);
    await context.close();
  });

  it('lets the friend sign in with the code, claim the bonus and use it', async () => {
    expect(referralCode).not.toBe('');
    const { page, context } = await startJourney(browser);

    await page.goto(`/signup?ref=${referralCode}`);
    await see(heading(page, 'JOIN THE GAME'));
    expect(await page.getByPlaceholder('Enter 12-character code').inputValue()).toBe(referralCode);
    await see(page.getByText("✓ VALID CODE! You'll get a bonus entry!"));
    await page.getByRole('link', { name: 'SIGN IN & CLAIM BONUS' }).click();
    // Development sign-in stands in for Google here.
    await onPath(page, '/auth/dev');
    await signIn(page, people.referred);
    await onPath(page, '/');

    // The stored code is processed after sign-in: one bonus entry from the referral.
    await see(heading(page, 'BONUS ENTRIES (1)'));
    await see(page.getByText(/Referral/));
    await see(heading(page, 'YOUR ENTRIES (0/2)'));
    await see(numberInput(page, 'YOUR NUMBER'));

    // Validation first: the play message for a number that is not whole and positive.
    await numberInput(page, 'YOUR NUMBER').fill('0');
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(page.getByText('Enter a whole number greater than zero.'));

    await numberInput(page, 'YOUR NUMBER').fill(String(TODAY.referredFirst));
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(heading(page, 'YOUR ENTRIES (1/2)'));
    const bonusInput = numberInput(page, 'BONUS ENTRY');
    await see(bonusInput);
    expect(await bonusInput.inputValue()).toBe('');
    await checkScreen(page, 'play-bonus-entry');

    await bonusInput.fill(String(TODAY.referredBonus));
    await page.getByRole('button', { name: 'USE BONUS ENTRY' }).click();
    await see(heading(page, 'SUBMISSION CONFIRMED'));
    await see(page.getByText(`${TODAY.referredFirst}, ${TODAY.referredBonus}`, { exact: true }));
    await see(heading(page, 'YOUR ENTRIES (2/2)'));
    await seeNo(page.getByRole('button', { name: /SUBMIT|USE BONUS ENTRY/ }));
    await checkScreen(page, 'play-confirmed');

    await page.goto('/confirmation');
    await see(heading(page, 'YOUR NUMBER'));
    await see(page.getByText(String(TODAY.referredFirst), { exact: true }));
    await checkScreen(page, 'confirmation');

    // Signed-in users are sent from sign-up to play.
    await page.goto('/signup');
    await onPath(page, '/');
    await context.close();
  });

  it('credits the referrer once the friend has played', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.referrer);
    await page.goto('/referrals');
    await see(page.getByText("YOU HAVE 1 BONUS ENTRY! Use them on today's game before it closes!"));
    expect(await page.getByRole('link', { name: 'PLAY NOW' }).getAttribute('href')).toBe('/');
    const counter = (name: string) => page.getByRole('heading', { name, exact: true }).locator('xpath=..');
    expect(await counter('TOTAL INVITES').innerText()).toContain('1');
    expect(await counter('FRIENDS JOINED').innerText()).toContain('1');
    expect(await counter('BONUS ENTRIES').innerText()).toContain('1');
    await context.close();
  });
});
