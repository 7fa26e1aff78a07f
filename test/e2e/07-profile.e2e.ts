// Journey 7: a player edits the profile (validation messages first), logs out, signs in again, and deletes the
// account after the confirmation dialog, landing on / signed out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  checkScreen,
  dialog,
  heading,
  launchBrowser,
  nav,
  onPath,
  see,
  seeNo,
  signIn,
  startJourney,
  toast,
} from './support/browser.ts';
import { people } from './support/constants.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const renamed = { email: 'lee.renamed@e2e.lowest.test', displayName: 'Lee Renamed' };

describe('a profile', () => {
  it('is edited after the validation messages, survives logging out and in, and is deleted', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.leaver);

    // Not an admin: the admin screen refuses and says who is signed in.
    await page.goto('/admin');
    await see(heading(page, 'ACCESS DENIED'));
    await see(page.getByText('You need admin privileges to access this page.'));
    await see(page.getByText(people.leaver.email, { exact: false }));
    await seeNo(nav(page).getByRole('link', { name: 'ADMIN' }));

    await nav(page).getByRole('link', { name: 'PROFILE' }).click();
    await onPath(page, '/profile');
    await see(heading(page, 'YOUR PROFILE'));
    const account = page.getByRole('region', { name: 'Account' });
    await see(account.getByText('LL', { exact: true }));
    await see(account.getByText(people.leaver.displayName));
    await see(account.getByText(people.leaver.email));
    await see(heading(page, 'Your Stats'));
    for (const stat of ['Total entries', 'Total wins', 'Current streak', 'Best streak'])
      await see(page.getByText(stat, { exact: true }));
    const username = page.getByLabel('USERNAME (LOCKED)');
    expect(await username.isDisabled()).toBe(true);
    expect(await username.inputValue()).toBe(people.leaver.email);
    await checkScreen(page, 'profile');

    await page.getByLabel('DISPLAY NAME').fill('L');
    await page.getByLabel('EMAIL', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'UPDATE PROFILE' }).click();
    await see(page.getByText('Display name must be at least 2 characters'));
    await see(page.getByText('Invalid email address'));

    await page.getByLabel('DISPLAY NAME').fill(renamed.displayName);
    await page.getByLabel('EMAIL', { exact: true }).fill(renamed.email);
    await page.getByRole('button', { name: 'UPDATE PROFILE' }).click();
    await see(toast(page).getByText('Profile Updated!'));
    // The new address is unconfirmed until its link is followed; mails keep going to the sign-in's address.
    await see(heading(page, 'E-mail unconfirmed'));
    await see(page.getByText(`Until then your mails go to ${people.leaver.email}.`, { exact: false }));
    await see(page.getByRole('button', { name: 'RESEND LINK' }));
    await see(account.getByText(renamed.displayName));
    await see(account.getByText('LR', { exact: true }));
    await seeNo(page.getByText('Display name must be at least 2 characters'));
    expect(await page.getByLabel('USERNAME (LOCKED)').inputValue()).toBe(renamed.email);

    await page.getByRole('button', { name: 'LOGOUT' }).click();
    await onPath(page, '/');
    await see(nav(page).getByRole('link', { name: 'SIGN UP' }));
    await seeNo(nav(page).getByRole('link', { name: 'PROFILE' }));

    await signIn(page, renamed);
    await nav(page).getByRole('link', { name: 'PROFILE' }).click();
    await see(account.getByText(renamed.displayName));
    await see(account.getByText(renamed.email));

    await page.getByRole('button', { name: 'DELETE ACCOUNT' }).click();
    await see(dialog(page).getByRole('heading', { name: 'DELETE ACCOUNT?' }));
    await see(
      dialog(page).getByText('This action cannot be undone. Your account and all data will be permanently deleted.'),
    );
    await checkScreen(page, 'profile-delete-dialog');
    await dialog(page).getByRole('button', { name: 'CANCEL' }).click();
    await seeNo(dialog(page));
    await see(heading(page, 'YOUR PROFILE'));

    await page.getByRole('button', { name: 'DELETE ACCOUNT' }).click();
    await dialog(page).getByRole('button', { name: 'DELETE', exact: true }).click();
    await onPath(page, '/');
    await see(toast(page).getByText('Account Deleted'));
    await see(nav(page).getByRole('link', { name: 'SIGN UP' }));

    // The session is gone on the server too.
    await page.goto('/profile');
    await see(heading(page, 'SIGN IN REQUIRED'));
    await context.close();
  });
});
