// Journey 9: verifiable fairness (DESIGN.md §16). A player saves a receipt from the play screen; the
// statistics screen shows the root with VERIFY; the verify page recomputes a closed game's record in the
// browser (VERIFIED) and finds a pasted receipt (INCLUDED); a record tampered on its way to the browser
// (route interception) is caught and its first mismatch named.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { checkScreen, heading, launchBrowser, nav, numberInput, onPath, see, signIn, startJourney } from './support/browser.ts';
import type { Person } from './support/constants.ts';

const vera: Person = { email: 'vera@e2e.lowest.test', displayName: 'Vera Verifier' };
const VERA_NUMBER = 977;

interface RecordRow {
  entryId: string;
  number: number;
  salt: string;
  leaf: string;
}
interface ClosedRecord {
  gameDate: string;
  status: 'closed';
  root: string;
  entries: RecordRow[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The newest closed game, as the statistics screen would pick it. */
async function latestClosedGame(page: Page): Promise<string> {
  const history = (await (await page.request.get('/api/history?limit=100')).json()) as { items: { gameDate: string; status: string }[] };
  const closed = history.items.find((item) => item.status === 'closed');
  if (!closed) throw new Error('no closed game to verify');
  return closed.gameDate;
}

describe('verifiable fairness', () => {
  it('the play screen offers SAVE RECEIPT next to an entry, and the download is the receipt', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, vera);
    await numberInput(page, 'YOUR NUMBER').fill(String(VERA_NUMBER));
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(heading(page, 'SUBMISSION CONFIRMED'));
    await nav(page).getByRole('link', { name: 'PLAY GAME' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Save receipt for number ${VERA_NUMBER}` }).click()]);
    const path = await download.path();
    const receipt = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(receipt)).toEqual(['gameDate', 'entryId', 'number', 'salt', 'leaf']);
    expect(receipt['number']).toBe(VERA_NUMBER);
    expect(receipt['salt']).toMatch(/^[0-9a-f]{32}$/);
    expect(receipt['leaf']).toMatch(/^[0-9a-f]{64}$/);

    // Her game is still open: the verify page says so and publishes nothing yet.
    await page.goto(`/verify/${String(receipt['gameDate'])}`);
    await see(heading(page, `GAME ${String(receipt['gameDate'])} IS OPEN`));
    await context.close();
  });

  it('statistics link to the verify page, which recomputes the closed game: VERIFIED, and a receipt INCLUDED', async () => {
    const { page, context } = await startJourney(browser);
    await page.goto('/stats');
    const key = await latestClosedGame(page);
    const record = (await (await page.request.get(`/api/fairness/${key}`)).json()) as ClosedRecord;
    await see(page.getByText(record.root.slice(0, 12), { exact: true }));
    await page.getByRole('link', { name: 'VERIFY' }).click();
    await onPath(page, `/verify/${key}`);
    await see(heading(page, `RECORD OF ${key}`));
    await see(page.getByRole('status').getByText('VERIFIED', { exact: true }), 30_000);
    await see(page.getByText(record.root, { exact: true }));

    const [entry] = record.entries;
    if (!entry) throw new Error('the closed game has no entry');
    await page.getByLabel('PASTE A RECEIPT').fill(JSON.stringify({ gameDate: key, ...entry }));
    await page.getByRole('button', { name: 'CHECK RECEIPT' }).click();
    await see(page.getByText('INCLUDED', { exact: true }));
    await checkScreen(page, 'verify');

    await page.getByLabel('PASTE A RECEIPT').fill(JSON.stringify({ gameDate: key, ...entry, number: entry.number + 1 }));
    await page.getByRole('button', { name: 'CHECK RECEIPT' }).click();
    await see(page.getByRole('alert').getByText(/^NOT FOUND/));
    await context.close();
  });

  it('a record tampered on its way to the browser is caught, and its first mismatch named', async () => {
    const { page, context } = await startJourney(browser);
    await page.goto('/rules');
    const key = await latestClosedGame(page);
    let tamperedId = '';
    await page.route(`**/api/fairness/${key}`, async (route) => {
      const response = await route.fetch();
      const record = (await response.json()) as ClosedRecord;
      const [first, ...rest] = record.entries;
      if (!first) throw new Error('the closed game has no entry');
      tamperedId = first.entryId;
      // Someone moved a pick: the number changes, the salt and leaf stay as committed.
      await route.fulfill({ response, json: { ...record, entries: [{ ...first, number: first.number + 1 }, ...rest] } });
    });
    await page.goto(`/verify/${key}`);
    const alert = page.getByRole('alert');
    await see(alert, 30_000);
    expect(await alert.textContent()).toBe(`MISMATCH: Leaf of entry ${tamperedId} does not match its number and salt.`);
    expect(await page.getByText('VERIFIED', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
