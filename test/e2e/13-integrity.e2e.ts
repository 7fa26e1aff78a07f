// Journey 13: one person, many accounts (DESIGN.md §18). Four accounts sign in from one browser, so they share its
// `did` device cookie, and carpet 1–4 in a fresh game; the DATA tab marks their entries CLUSTER; the admin closes the
// game and the account that picked 1 wins. The winner claims; the admin finds INTEGRITY REVIEW on the payout card with
// the evidence, cannot approve without typing the winner's display name (a wrong one is refused by the server, in the
// dialog), approves with the right one. The card fits a 360 px phone in both themes. The winner's own screens, and
// every API answer they get, say nothing of it. Closes the open game first and opens the next one at the end, like
// journey 9.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  checkScreen,
  DESKTOP,
  dialog,
  heading,
  launchBrowser,
  nav,
  numberInput,
  onPath,
  PHONE_360,
  see,
  seeNo,
  signIn,
  startJourney,
  toast,
} from './support/browser.ts';
import { people, type Person } from './support/constants.ts';
import { closeGameOf } from './support/admin-close.ts';
import { screenProblems } from './support/phone-checks.ts';

const member = (name: string): Person => ({
  email: `${name.toLowerCase()}@ring.e2e.lowest.test`,
  displayName: `${name} Carpet`,
});
/** One person's accounts, in the order they pick 1, 2, 3, 4: the first wins. */
const ring = [member('Cara'), member('Cole'), member('Cruz'), member('Cody')] as const;
const winner = ring[0];
const MISMATCH = "confirmName must be the winner's display name to approve a flagged payout.";
const CONFIRM_LABEL = "Type the winner's display name to approve";
/** Words that would tell a player about the review: none may reach the winner's screens. */
const INTEGRITY_WORDS = /integrity|cluster|linked account|same device|same network|flagged/i;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

let gameKey = '';

async function openGameKey(page: Page): Promise<string> {
  const today = (await (await page.request.get('/api/game/today')).json()) as {
    gameDate: string;
    effectiveStatus: string;
  };
  expect(today.effectiveStatus).toBe('open');
  return today.gameDate;
}

async function openAdminTab(page: Page, tab: 'PAYOUTS' | 'DATA'): Promise<void> {
  await nav(page).getByRole('link', { name: 'ADMIN' }).click();
  await onPath(page, '/admin');
  await page.getByRole('tab', { name: tab }).click();
}

async function openPayouts(page: Page): Promise<Locator> {
  await openAdminTab(page, 'PAYOUTS');
  await see(heading(page, 'Payout Management'));
  return page.getByRole('article').filter({ hasText: winner.email });
}

/**
 * Visits the winner's own screens, keeping every API answer they load: none may carry an integrity field, and no
 * screen may show a word of the review.
 */
async function expectNothingOfTheReview(page: Page): Promise<void> {
  const answers: Promise<string>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) answers.push(response.text().catch(() => ''));
  });
  for (const route of ['/winnings', '/', `/stats/${gameKey}`, '/profile', '/referrals']) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await see(page.getByRole('heading', { level: 1 }).first());
    expect(await page.locator('body').innerText(), route).not.toMatch(INTEGRITY_WORDS);
  }
  const bodies = await Promise.all(answers);
  expect(bodies.length).toBeGreaterThan(5);
  for (const body of bodies) {
    expect(body).not.toMatch(/"integrity"|"clustered"|"signals"|"confirmName"/);
    expect(body).not.toMatch(INTEGRITY_WORDS);
  }
}

describe('a syndicate in one browser', () => {
  it('the admin closes the open game, so the ring plays a fresh one', async () => {
    const { page, context } = await startJourney(browser);
    await closeGameOf(browser, await openGameKey(page));
    gameKey = await openGameKey(page);
    await context.close();
  });

  it('four accounts sign in from one browser, share its device cookie and carpet 1–4', async () => {
    const { page, context } = await startJourney(browser);
    let deviceId: string | null = null;
    for (const [index, person] of ring.entries()) {
      await signIn(page, person);
      const devices = (await context.cookies()).filter((cookie) => cookie.name === 'did');
      expect(devices).toHaveLength(1);
      expect(devices[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      deviceId ??= devices[0]?.value ?? null;
      expect(devices[0]?.value).toBe(deviceId);
      await numberInput(page, 'YOUR NUMBER').fill(String(index + 1));
      await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
      await see(heading(page, 'SUBMISSION CONFIRMED'));
    }
    expect(deviceId).toMatch(/^[0-9a-f]{32}$/);
    await context.close();
  });

  it('the DATA tab marks their four entries CLUSTER, in words', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.admin);
    await openAdminTab(page, 'DATA');
    const rows = page.getByRole('region', { name: 'Submissions table' }).getByRole('row');
    for (const person of ring) await see(rows.filter({ hasText: person.email }).getByText('CLUSTER', { exact: true }));
    expect(await rows.filter({ hasText: 'CLUSTER' }).count()).toBe(ring.length);
    await see(page.getByText(/the player is linked to 3 or more accounts in this game/));
    await checkScreen(page, 'admin-data-cluster');
    await context.close();
  });

  it('the admin closes the game: the account that picked 1 wins', async () => {
    await closeGameOf(browser, gameKey);
    const { page, context } = await startJourney(browser);
    const result = (await (await page.request.get(`/api/results/${gameKey}`)).json()) as {
      winningNumber: number | null;
    };
    expect(result.winningNumber).toBe(1);
    await context.close();
  });

  it('the winner claims the prize and sees nothing of a review', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, winner);
    await page.goto('/winnings');
    await see(heading(page, 'PENDING PAYOUTS (1)'));
    await page.getByRole('button', { name: 'CLAIM PRIZE' }).click();
    await page.getByLabel('PAYPAL EMAIL').fill('cara@paypal.example');
    await page.getByLabel('NAME FOR THE PAYPAL PAYMENT').fill('Cara C');
    await page.getByRole('button', { name: 'SUBMIT CLAIM' }).click();
    await see(heading(page, 'PAYOUT SUBMITTED!'));
    await expectNothingOfTheReview(page);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the flagged card fits a 360 px phone in the ${colorScheme} theme, its tap targets 44 px`, async () => {
      const { page, context } = await startJourney(browser, PHONE_360, { colorScheme });
      await page.setViewportSize(DESKTOP);
      await signIn(page, people.admin);
      const card = await openPayouts(page);
      await see(card.getByRole('region', { name: 'INTEGRITY REVIEW' }));
      expect(await screenProblems(page)).toEqual([]);
      await context.close();
    });
  }

  it('the admin reads INTEGRITY REVIEW, cannot approve without the name, is refused a wrong one, approves with the right one', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.admin);
    const card = await openPayouts(page);
    await see(card.getByText('Pending Review'));
    const review = card.getByRole('region', { name: 'INTEGRITY REVIEW' });
    await see(review);
    await see(review.getByText('Accounts in this game: 4 accounts'));
    await see(review.getByText('Numbers they held: 1, 2, 3, 4'));
    await see(review.getByText('Same device — strong — 4 accounts'));
    expect(await review.getByText(/^Cluster size: \d+ accounts$/).textContent()).toMatch(
      /^Cluster size: ([4-9]|\d\d+) accounts$/,
    );
    await checkScreen(page, 'admin-payout-flagged');

    await card.getByRole('button', { name: 'APPROVE' }).click();
    const name = dialog(page).getByLabel(CONFIRM_LABEL);
    await see(name);
    // Nothing typed: the dialog refuses it and stays.
    await dialog(page).getByRole('button', { name: 'APPROVE' }).click();
    await see(dialog(page).getByRole('alert').getByText(CONFIRM_LABEL));
    // A name that is not the winner's, exactly: the server refuses, the dialog says why and stays.
    await name.fill('cara carpet');
    await dialog(page).getByRole('button', { name: 'APPROVE' }).click();
    await see(dialog(page).getByRole('alert').getByText(MISMATCH));
    await checkScreen(page, 'admin-payout-flagged-confirm');

    await name.fill(winner.displayName);
    await dialog(page).getByRole('button', { name: 'APPROVE' }).click();
    await see(toast(page).getByText('Payout marked as approved'));
    await seeNo(dialog(page));
    await see(card.getByText('Approved', { exact: true }));
    await see(card.getByRole('button', { name: 'MARK PAID' }));
    await seeNo(card.getByRole('button', { name: 'APPROVE' }));
    await context.close();
  });

  it("the approved winner's screens still say nothing of the review", async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, winner);
    await page.goto('/winnings');
    await see(page.getByText('Approved', { exact: true }).first());
    await expectNothingOfTheReview(page);
    await context.close();
  });
});
