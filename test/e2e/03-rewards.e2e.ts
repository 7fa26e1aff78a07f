// Journey 3: a player whose rewards were granted by the seeded closes uses Peak, Mine (refused below 10 first) and
// How Many through the play screen's dialogs, then finds them counted on the rewards screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  checkScreen,
  dialog,
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

const rewardButton = (page: Page, name: 'PEAK' | 'MINE' | 'HOW MANY', available: number) =>
  page.getByRole('button', { name: `USE ${name} (${available})`, exact: true });

describe('a player with rewards', () => {
  it('uses Peak, Mine and How Many through the dialogs', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.rita);

    await see(heading(page, 'YOUR REWARDS'));
    // Seeded: 7 unique non-winning days (7 Peak), streaks of 3 and 6 (2 How Many), a streak of 7 (1 Mine).
    await see(rewardButton(page, 'PEAK', 7));
    await see(rewardButton(page, 'MINE', 1));
    await see(rewardButton(page, 'HOW MANY', 2));
    await numberInput(page, 'YOUR NUMBER').fill(String(TODAY.ritaNumber));
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(heading(page, /^YOUR ENTRIES \(1\/\d\)$/));

    // Peak: validation messages first, then a number nobody picked.
    await rewardButton(page, 'PEAK', 7).click();
    await see(dialog(page).getByRole('heading', { name: 'USE PEAK' }));
    const peakInput = numberInput(dialog(page), 'NUMBER');
    await dialog(page).getByRole('button', { name: 'PEAK AT NUMBER' }).click();
    await see(dialog(page).getByText('Enter a whole number greater than zero', { exact: true }));
    await peakInput.fill('2147483648');
    await dialog(page).getByRole('button', { name: 'PEAK AT NUMBER' }).click();
    await see(dialog(page).getByText('Please enter a number up to 2,147,483,647.'));
    await peakInput.fill('987654');
    await dialog(page).getByRole('button', { name: 'PEAK AT NUMBER' }).click();
    await see(dialog(page).getByRole('heading', { name: 'PEAK RESULT' }));
    await see(dialog(page).getByText('FREE: nobody has picked this number yet.'));
    await checkScreen(page, 'reward-dialog-peak');
    await dialog(page).getByRole('button', { name: 'CLOSE' }).click();
    await seeNo(dialog(page));
    await see(rewardButton(page, 'PEAK', 6));

    // Mine: refused below 10 with the spec's message, then laid on a number nobody else uses.
    await rewardButton(page, 'MINE', 1).click();
    await see(dialog(page).getByRole('heading', { name: 'USE MINE' }));
    await numberInput(dialog(page), 'NUMBER').fill('9');
    await dialog(page).getByRole('button', { name: 'LAY MINE' }).click();
    await see(dialog(page).getByText('Mine can only be used on numbers 10 or greater'));
    await numberInput(dialog(page), 'NUMBER').fill(String(TODAY.minedNumber));
    await dialog(page).getByRole('button', { name: 'LAY MINE' }).click();
    await see(dialog(page).getByRole('heading', { name: 'MINE RESULT' }));
    await dialog(page).getByRole('button', { name: 'CLOSE' }).click();
    await seeNo(dialog(page));
    await see(rewardButton(page, 'MINE', 0));

    // How Many: no input, the counts of today's game so far (at least Rita's own number).
    await rewardButton(page, 'HOW MANY', 2).click();
    await see(dialog(page).getByRole('heading', { name: 'USE HOW MANY' }));
    expect(await dialog(page).getByRole('spinbutton').count()).toBe(0);
    await dialog(page).getByRole('button', { name: 'REVEAL COUNTS' }).click();
    await see(dialog(page).getByRole('heading', { name: 'HOW MANY RESULT' }));
    const counts = await dialog(page).getByRole('status').innerText();
    const total = Number(/Numbers picked so far:\s*(\d+)/.exec(counts)?.[1] ?? 'NaN');
    const unique = Number(/Unique so far:\s*(\d+)/.exec(counts)?.[1] ?? 'NaN');
    expect(total).toBeGreaterThanOrEqual(1);
    expect(unique).toBeGreaterThanOrEqual(1);
    expect(unique).toBeLessThanOrEqual(total);
    await dialog(page).getByRole('button', { name: 'CLOSE' }).click();
    await see(rewardButton(page, 'HOW MANY', 1));

    // The rewards screen counts the three uses.
    await nav(page).getByRole('link', { name: 'REWARDS' }).click();
    await onPath(page, '/rewards');
    await see(heading(page, 'REWARD INVENTORY'));
    await see(page.getByText('All rewards expire after 7 days'));
    const cardValue = async (title: string) =>
      page.getByRole('heading', { name: title, exact: true }).locator('xpath=..').innerText();
    expect(await cardValue('Total Earned')).toContain('10');
    expect(await cardValue('Total Used')).toContain('3');
    // One card per reward: available, used and expired counts, and how to earn it.
    const inventory = page.getByRole('list', { name: 'Reward inventory' });
    const rewardCounts = async (name: string) =>
      inventory.getByRole('article', { name, exact: true }).locator('dd').allTextContents();
    expect(await rewardCounts('Peak')).toEqual(['6', '1', '0']);
    expect(await rewardCounts('Mine')).toEqual(['0', '1', '0']);
    expect(await rewardCounts('How Many')).toEqual(['1', '1', '0']);
    await see(inventory.getByRole('article', { name: 'Mine', exact: true }).getByText('Play 7 days in a row'));
    await checkScreen(page, 'rewards');
    await context.close();
  });
});
