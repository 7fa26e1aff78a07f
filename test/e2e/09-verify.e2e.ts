// Journey 9: verifiable fairness (DESIGN.md §16, tree version 2). A player sees and copies a receipt on the play
// screen; a player who saved nothing finds each of their picks INCLUDED on a closed game's verify page; the
// statistics screen links to it, where the winner proof is checked in the browser (VERIFIED); an items page tampered
// on its way to the browser (route interception) is caught and its first mismatch named.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { checkScreen, heading, launchBrowser, nav, numberInput, onPath, see, signIn, startJourney } from './support/browser.ts';
import { people, type Person } from './support/constants.ts';

const vera: Person = { email: 'vera@e2e.lowest.test', displayName: 'Vera Verifier' };
const VERA_NUMBER = 977;

interface TreeItem {
  kind: 'entry' | 'mine';
  id: string;
  number: number;
  salt: string;
  leaf: string;
}
interface Summary {
  gameDate: string;
  status: 'closed';
  treeVersion: 2;
  root: string;
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
    // The receipt is on screen, with COPY beside SAVE RECEIPT.
    const shown = JSON.parse((await page.getByLabel(`Receipt for number ${VERA_NUMBER}`, { exact: true }).textContent()) ?? '') as Record<string, unknown>;
    expect(shown['number']).toBe(VERA_NUMBER);
    await see(page.getByRole('button', { name: `Copy receipt for number ${VERA_NUMBER}` }));
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

  it('a player who saved nothing finds each pick of a closed game INCLUDED, and the winner proof VERIFIED', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.rita);
    // Rita played every seeded day: the newest closed game in which she has a pick.
    const history = (await (await page.request.get('/api/history?limit=100')).json()) as { items: { gameDate: string; status: string }[] };
    let key = '';
    let picks = 0;
    for (const item of history.items.filter((i) => i.status === 'closed')) {
      const receipts = (await (await page.request.get(`/api/fairness/${item.gameDate}/receipts`)).json()) as { entries: unknown[]; mines: unknown[] };
      if (receipts.entries.length > 0) {
        key = item.gameDate;
        // Her entries and mines alike: each is a pick the page checks.
        picks = receipts.entries.length + receipts.mines.length;
        break;
      }
    }
    expect(picks).toBeGreaterThan(0);
    await page.goto(`/verify/${key}`);
    await see(heading(page, `RECORD OF ${key}`));
    await see(page.getByRole('status').getByText('VERIFIED', { exact: true }), 30_000);
    await see(heading(page, 'YOUR RECEIPTS'));
    const included = page.getByRole('status', { name: /: INCLUDED$/ });
    await see(included.first(), 30_000);
    expect(await included.count()).toBe(picks);
    await checkScreen(page, 'verify');
    await context.close();
  });

  it('statistics link to the verify page; a pasted receipt is INCLUDED, a changed one is not', async () => {
    const { page, context } = await startJourney(browser);
    await page.goto('/stats');
    const key = await latestClosedGame(page);
    const summary = (await (await page.request.get(`/api/fairness/${key}`)).json()) as Summary;
    expect(summary.treeVersion).toBe(2);
    await see(page.getByText(summary.root.slice(0, 12), { exact: true }));
    await page.getByRole('link', { name: 'VERIFY' }).click();
    await onPath(page, `/verify/${key}`);
    await see(page.getByRole('status').getByText('VERIFIED', { exact: true }), 30_000);
    await see(page.getByText(summary.root, { exact: true }));

    const { items } = (await (await page.request.get(`/api/fairness/${key}/items?from=0&count=1`)).json()) as { items: TreeItem[] };
    const [item] = items;
    if (!item) throw new Error('the closed game has no item');
    const receipt = item.kind === 'entry' ? { gameDate: key, entryId: item.id, number: item.number, salt: item.salt, leaf: item.leaf } : { gameDate: key, mineId: item.id, number: item.number, salt: item.salt, leaf: item.leaf };
    await page.getByLabel('PASTE A RECEIPT').fill(JSON.stringify(receipt));
    await page.getByRole('button', { name: 'CHECK RECEIPT' }).click();
    await see(page.getByText('INCLUDED', { exact: true }));

    await page.getByLabel('PASTE A RECEIPT').fill(JSON.stringify({ ...receipt, number: receipt.number + 1 }));
    await page.getByRole('button', { name: 'CHECK RECEIPT' }).click();
    await see(page.getByRole('alert'));
    expect(await page.getByText('INCLUDED', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('an items page tampered on its way to the browser is caught, and its first mismatch named', async () => {
    const { page, context } = await startJourney(browser);
    await page.goto('/rules');
    const key = await latestClosedGame(page);
    let tamperedId = '';
    await page.route(`**/api/fairness/${key}/items*`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { gameDate: string; from: number; items: TreeItem[] };
      const [first, ...rest] = body.items;
      if (!first) throw new Error('the closed game has no item');
      tamperedId = first.id;
      // Someone moved a pick: the number changes, the salt and leaf stay as committed.
      await route.fulfill({ response, json: { ...body, items: [{ ...first, number: first.number + 1 }, ...rest] } });
    });
    await page.goto(`/verify/${key}`);
    const alert = page.getByRole('alert').filter({ hasText: 'MISMATCH' });
    await see(alert, 30_000);
    expect(await alert.textContent()).toContain(tamperedId);
    expect(await page.getByText('VERIFIED', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
