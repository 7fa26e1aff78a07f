// What the admin does between journeys: close a game and open the next one, through the admin screen.
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { dialog, nav, onPath, see, seeNo, signIn, startJourney } from './browser.ts';
import { people } from './constants.ts';

/**
 * Closes the game `gameKey` as an admin does: FORCE COMPUTE of its date (which closes that date's latest game), then
 * ENSURE/OPEN, so the journeys after this one still find an open game.
 */
export async function closeGameOf(browser: Browser, gameKey: string): Promise<void> {
  const date = gameKey.slice(0, 10);
  const { page, context } = await startJourney(browser);
  await signIn(page, people.admin);
  await nav(page).getByRole('link', { name: 'ADMIN' }).click();
  await onPath(page, '/admin');
  await page.getByLabel('DATE (YYYY-MM-DD)').fill(date);
  await page.getByRole('button', { name: 'FORCE COMPUTE' }).click();
  await dialog(page).getByRole('button', { name: 'FORCE COMPUTE' }).click();
  await see(page.getByRole('heading', { name: 'LAST RESULT' }));
  await seeNo(page.getByRole('alert'));
  const fairness = (await (await page.request.get(`/api/fairness/${gameKey}`)).json()) as { status: string };
  expect(fairness.status).toBe('closed');
  await page.getByRole('button', { name: 'ENSURE/OPEN' }).click();
  await see(page.getByText(/is open\./));
  await seeNo(page.getByRole('alert'));
  await context.close();
}
