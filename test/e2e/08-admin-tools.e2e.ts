// Journey 8: the admin edits a weekly prize (and resets it), adds and deletes a date override, creates bots and
// clears them, and pages through the DATA tab. Bots need an open game (04 re-opened today's as Game #2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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
  type Journey,
} from './support/browser.ts';
import { people } from './support/constants.ts';

let browser: Browser;
let admin: Journey;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await startJourney(browser);
  await signIn(admin.page, people.admin);
  await nav(admin.page).getByRole('link', { name: 'ADMIN' }).click();
  await onPath(admin.page, '/admin');
});
afterAll(async () => {
  await admin.context.close();
  await browser.close();
});

async function openTab(page: Page, tab: string, title: string): Promise<void> {
  await page.getByRole('tab', { name: tab }).click();
  await see(heading(page, title));
}

const OVERRIDE = { date: '2030-06-15', description: 'E2E Gift Card Day' };

/** TOTAL SUBMISSIONS from the DATA tab's header line. */
async function totalSubmissions(page: Page): Promise<number> {
  const line = page.getByText(/TOTAL SUBMISSIONS: \d+/);
  await see(line);
  return Number(/TOTAL SUBMISSIONS: (\d+)/.exec(await line.innerText())?.[1] ?? 'NaN');
}

describe('the admin tools', () => {
  it('edit a weekly prize and reset it to the default', async () => {
    const { page } = admin;
    await openTab(page, 'PRIZES', 'Prize Management');
    await see(heading(page, 'WEEKLY PRIZE DEFAULTS'));
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    for (const day of days) await see(page.getByRole('form', { name: `${day} prize` }));
    const monday = page.getByRole('form', { name: 'Monday prize' });
    expect(await monday.getByLabel('Amount ($)').inputValue()).toBe('10.00');
    expect(await monday.getByLabel('Prize Active').isChecked()).toBe(true);
    await checkScreen(page, 'admin-prizes');

    await monday.getByLabel('Type').selectOption('voucher');
    await monday.getByLabel('Amount ($)').fill('12.345');
    await monday.getByLabel('Description').fill('Monday Gift Card');
    await monday.getByRole('button', { name: 'SAVE' }).click();
    await see(toast(page).getByText('Monday prize updated successfully'));
    // Dollars become whole cents, rounded.
    await page.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>('form[aria-label="Monday prize"] input[type="number"]');
      return input?.value === '12.35';
    });
    expect(await monday.getByLabel('Amount ($)').inputValue()).toBe('12.35');
    expect(await monday.getByLabel('Type').inputValue()).toBe('voucher');

    await monday.getByRole('button', { name: 'RESET' }).click();
    await see(dialog(page).getByText('Reset Monday prize to default ($10.00)?'));
    await dialog(page).getByRole('button', { name: 'RESET' }).click();
    await see(toast(page).getByText('Monday prize reset to default'));
    await page.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>('form[aria-label="Monday prize"] input[type="number"]');
      return input?.value === '10.00';
    });
    expect(await monday.getByLabel('Type').inputValue()).toBe('cash');
    expect(await monday.getByLabel('Description').inputValue()).toBe('Monday Cash Prize');
  });

  it('add a date override after the validation message, then delete it', async () => {
    const { page } = admin;
    await see(heading(page, 'DATE-SPECIFIC OVERRIDES'));
    await see(page.getByText('No date-specific overrides configured'));
    await see(heading(page, 'EXISTING OVERRIDES (0)'));
    await page.getByRole('button', { name: 'ADD OVERRIDE' }).click();
    await see(toast(page).getByText('Validation Error'));
    await see(toast(page).getByText('Date and description are required'));

    const form = page.getByRole('form', { name: 'ADD NEW OVERRIDE' });
    await form.getByLabel('Date').fill(OVERRIDE.date);
    await form.getByLabel('Type').selectOption('voucher');
    await form.getByLabel('Amount ($)').fill('25');
    await form.getByLabel('Description').fill(OVERRIDE.description);
    await form.getByRole('button', { name: 'ADD OVERRIDE' }).click();
    await see(toast(page).getByText(`Date override for ${OVERRIDE.date} created successfully`));
    await see(heading(page, 'EXISTING OVERRIDES (1)'));
    const item = page.getByRole('list', { name: 'Existing overrides' }).getByRole('listitem');
    await see(item.getByText(OVERRIDE.description));
    await see(item.getByText('$25.00'));
    await see(item.getByText('VOUCHER'));

    await item.getByRole('button', { name: 'DELETE' }).click();
    await see(dialog(page).getByText(`Delete prize override for ${OVERRIDE.date}?`));
    await dialog(page).getByRole('button', { name: 'DELETE' }).click();
    await see(toast(page).getByText(`Prize override for ${OVERRIDE.date} deleted successfully`));
    await see(page.getByText('No date-specific overrides configured'));
  });

  it('create bots after the input checks, page through DATA, and clear the bots', async () => {
    const { page } = admin;
    await openTab(page, 'DATA', 'Submissions Data');
    const before = await totalSubmissions(page);
    await see(page.getByText(/STATUS: OPEN/));

    await openTab(page, 'BOTS', 'Bot Testing');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    expect(await field('Number of bots').inputValue()).toBe('10');
    expect(await field('Bonus entries').inputValue()).toBe('3');
    expect(await field('Min number').inputValue()).toBe('1');
    expect(await field('Max number').inputValue()).toBe('100');
    await see(page.getByText('10 bots + 3 bonus = 13 total submissions'));
    await see(page.getByText(/Bot Player/));
    await checkScreen(page, 'admin-bots');

    await field('Number of bots').fill('0');
    await page.getByRole('button', { name: 'CREATE BOTS' }).click();
    await see(toast(page).getByText('Bot count must be between 1 and 1000'));
    await field('Number of bots').fill('30');
    await field('Min number').fill('50');
    await field('Max number').fill('40');
    await page.getByRole('button', { name: 'CREATE BOTS' }).click();
    await see(toast(page).getByText('Invalid number range. Min must be >= 1 and <= Max'));
    await field('Min number').fill('100');
    await field('Max number').fill('5000');
    await field('Bonus entries').fill('5');
    await see(page.getByText('30 bots + 5 bonus = 35 total submissions').first());
    await page.getByRole('button', { name: 'CREATE BOTS' }).click();
    await see(dialog(page).getByRole('heading', { name: 'CREATE BOTS?' }));
    await dialog(page).getByRole('button', { name: 'CREATE BOTS' }).click();
    await see(page.getByRole('status').filter({ hasText: /^Created 30 bots and 35 submissions for / }));

    await openTab(page, 'DATA', 'Submissions Data');
    await page.getByRole('button', { name: 'REFRESH' }).click();
    await page.waitForFunction(
      (expected) => document.body.innerText.includes(`TOTAL SUBMISSIONS: ${expected}`),
      before + 35,
    );
    const total = before + 35;
    const pages = Math.ceil(total / 20);
    for (const column of ['NUMBER', 'DISPLAY NAME', 'EMAIL', 'USER ID', 'ENTRY TYPE', 'GUILD', 'SUBMITTED AT'])
      await see(page.getByRole('columnheader', { name: column }));
    expect(await page.getByRole('row').count()).toBe(1 + 20);
    await see(page.getByRole('cell', { name: /Bot Player BOT/ }).first());
    await see(page.getByRole('cell', { name: 'No Guild' }).first());
    await see(page.getByText(`PAGE 1 OF ${pages}`));
    expect(await page.getByRole('button', { name: 'PREV' }).isDisabled()).toBe(true);
    await checkScreen(page, 'admin-data');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await see(page.getByText(`PAGE 2 OF ${pages}`));
    expect(await page.getByRole('row').count()).toBe(1 + Math.min(20, total - 20));
    await page.getByRole('button', { name: 'PREV' }).click();
    await see(page.getByText(`PAGE 1 OF ${pages}`));

    await page.getByLabel('Rows per page').selectOption('50');
    if (total <= 50) await seeNo(page.getByRole('navigation', { name: 'Submissions pages' }));
    expect(await page.getByRole('row').count()).toBe(1 + Math.min(50, total));

    await openTab(page, 'BOTS', 'Bot Testing');
    await page.getByRole('button', { name: 'CLEAR BOTS' }).click();
    await see(dialog(page).getByRole('heading', { name: 'CLEAR BOTS?' }));
    await dialog(page).getByRole('button', { name: 'CLEAR BOTS' }).click();
    await see(
      page
        .getByRole('status')
        .filter({ hasText: /^Deleted 35 submissions and \d+ bonus entries; \d+ bot users kept\.$/ }),
    );

    await openTab(page, 'DATA', 'Submissions Data');
    await page.getByRole('button', { name: 'REFRESH' }).click();
    await page.waitForFunction(
      (expected) => document.body.innerText.includes(`TOTAL SUBMISSIONS: ${expected}`),
      before,
    );
    expect(await totalSubmissions(page)).toBe(before);
    await seeNo(page.getByRole('cell', { name: /BOT$/ }));
  });
});
