// Journey 5: the winner claims the cash prize (validation first, then PAYOUT SUBMITTED!); the admin approves it,
// rejects another claim, and marks the first one paid with a reference; the winner finds it under COMPLETED PAYOUTS.
// Needs 04 (Wendy won today's game); Sam's pending claim comes from the seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
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

const payoutOf = (page: Page, person: { email: string }): Locator =>
  page.getByRole('article').filter({ hasText: person.email });

async function openPayouts(page: Page): Promise<void> {
  await nav(page).getByRole('link', { name: 'ADMIN' }).click();
  await onPath(page, '/admin');
  await page.getByRole('tab', { name: 'PAYOUTS' }).click();
  await see(heading(page, 'Payout Management'));
}

describe('a prize payout', () => {
  it('the winner claims the cash prize', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.winner);
    await nav(page).getByRole('link', { name: 'MY WINNINGS' }).click();
    await onPath(page, '/winnings');
    await see(page.getByText(/^TOTAL WON: \$\d+\.\d{2}$/));
    await see(heading(page, 'PENDING PAYOUTS (1)'));
    await see(page.getByText('Won with number'));
    await see(page.getByText('#1', { exact: true }));
    await checkScreen(page, 'winnings-pending');

    await page.getByRole('button', { name: 'CLAIM PRIZE' }).click();
    await see(heading(page, 'CLAIM YOUR PRIZE'));
    await see(page.getByRole('button', { name: /BACK/ }));
    await see(page.getByLabel('PAYPAL EMAIL'));
    await checkScreen(page, 'winnings-claim');

    const send = page.getByRole('button', { name: 'SUBMIT CLAIM' });
    await send.click();
    await see(page.getByRole('alert').getByText('PayPal email and preferred name are required for cash prizes'));
    await page.getByLabel('PAYPAL EMAIL').fill('wendy.example.com');
    await page.getByLabel('NAME FOR THE PAYPAL PAYMENT').fill('Wendy W');
    await send.click();
    await see(page.getByRole('alert').getByText('Please enter a valid PayPal email address'));
    await page.getByLabel('PAYPAL EMAIL').fill('wendy@paypal.example');
    await send.click();
    await see(heading(page, 'PAYOUT SUBMITTED!'));
    await see(page.getByText(/^We'll process your \$\d+\.\d{2} cash within the week!$/));
    await see(page.getByText('We review your claim within 24 hours.'));
    await context.close();
  });

  it('the admin approves it, rejects another claim and marks the first one paid', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.admin);
    await openPayouts(page);

    const wendy = payoutOf(page, people.winner);
    await see(wendy.getByText('Pending Review'));
    await see(wendy.getByText('PayPal: wendy@paypal.example'));
    await see(wendy.getByText('Preferred name: Wendy W'));
    const sam = payoutOf(page, people.sam);
    await see(sam.getByText('Pending Review'));
    await checkScreen(page, 'admin-payouts');

    await wendy.getByRole('button', { name: 'APPROVE' }).click();
    await see(
      dialog(page).getByText(
        'Mark this payout as approved? The winner will be notified that payment is being processed.',
      ),
    );
    await dialog(page).getByRole('button', { name: 'APPROVE' }).click();
    await see(toast(page).getByText('Payout marked as approved'));
    await see(wendy.getByText('Approved', { exact: true }));
    await see(wendy.getByText('Notes: Approved by admin for manual processing'));
    await see(wendy.getByRole('button', { name: 'MARK PAID' }));
    await seeNo(wendy.getByRole('button', { name: 'APPROVE' }));

    await sam.getByRole('button', { name: 'REJECT' }).click();
    await see(dialog(page).getByLabel('Reason for rejection'));
    // A blank reason sends nothing: the dialog waits for a real one.
    await dialog(page).getByRole('button', { name: 'REJECT' }).click();
    await see(dialog(page).getByLabel('Reason for rejection'));
    await dialog(page).getByLabel('Reason for rejection').fill('Claimed from a shared account');
    await dialog(page).getByRole('button', { name: 'REJECT' }).click();
    await see(sam.getByText('Failed', { exact: true }));
    await see(sam.getByText('Notes: Rejected: Claimed from a shared account'));
    await seeNo(sam.getByRole('button'));

    await wendy.getByRole('button', { name: 'MARK PAID' }).click();
    await dialog(page).getByLabel('PayPal transaction ID or voucher code').fill('   ');
    await dialog(page).getByRole('button', { name: 'MARK PAID' }).click();
    await see(dialog(page).getByLabel('PayPal transaction ID or voucher code'));
    await dialog(page).getByLabel('PayPal transaction ID or voucher code').fill('  PP-E2E-0001  ');
    await dialog(page).getByRole('button', { name: 'MARK PAID' }).click();
    await see(wendy.getByText('Paid', { exact: true }));
    await see(wendy.getByText('Notes: Payment processed manually'));
    await see(wendy.getByText('PP-E2E-0001', { exact: true }));
    await see(wendy.getByText(/^Processed: /));
    await seeNo(wendy.getByRole('button'));
    await context.close();
  });

  it('the winner sees it under COMPLETED PAYOUTS', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.winner);
    await page.goto('/winnings');
    await see(heading(page, 'COMPLETED PAYOUTS (1)'));
    await seeNo(heading(page, /PENDING PAYOUTS/));
    const card = page.getByRole('region', { name: 'COMPLETED PAYOUTS (1)' }).getByRole('article');
    await see(card.getByText('Paid', { exact: true }));
    await see(card.getByText('Paid on'));
    await see(card.getByText('PP-E2E-0001', { exact: true }));
    await seeNo(card.getByRole('button', { name: 'CLAIM PRIZE' }));
    await checkScreen(page, 'winnings-completed');
    await context.close();
  });

  it('the other claimant sees the rejection with its reason', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.sam);
    await page.goto('/winnings');
    await see(heading(page, /^COMPLETED PAYOUTS/));
    // REJECTED with the admin's reason; never "Paid on" for money that was not paid.
    const rejected = page.getByRole('article').filter({ hasText: 'Claimed from a shared account' });
    await see(rejected.getByText('REJECTED', { exact: true }));
    await see(rejected.getByText('Reason:'));
    await seeNo(rejected.getByText('Paid on'));
    // Sam's six other winnings are still waiting for a claim.
    await see(heading(page, 'PENDING PAYOUTS (6)'));
    expect(await page.getByRole('button', { name: 'CLAIM PRIZE' }).count()).toBe(6);
    await context.close();
  });
});
