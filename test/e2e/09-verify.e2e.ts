// Journey 9: verifiable fairness (DESIGN.md §16, tree version 2). A player submits, copies the receipt shown on the
// play screen, the admin closes the game, and the player, who saved nothing, finds the pick INCLUDED and the winner
// proof VERIFIED on that game's verify page, reached from LAST RESULT. The statistics screen links to a verify page;
// an items page tampered on its way to the browser (route interception) is caught, on load and in FULL AUDIT, and its
// first mismatch named. This journey closes the open game and opens the next one for the journeys after it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  checkScreen,
  heading,
  launchBrowser,
  nav,
  numberInput,
  onPath,
  see,
  signIn,
  startJourney,
} from './support/browser.ts';
import { people, type Person } from './support/constants.ts';
import { closeGameOf } from './support/admin-close.ts';

const vera: Person = { email: 'vera@e2e.lowest.test', displayName: 'Vera Verifier' };
const VERA_NUMBER = 977;
const saver: Person = { email: 'sol@e2e.lowest.test', displayName: 'Sol Saver' };
const SAVER_NUMBER = 978;

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
  const history = (await (await page.request.get('/api/history?limit=100')).json()) as {
    items: { gameDate: string; status: string }[];
  };
  const closed = history.items.find((item) => item.status === 'closed');
  if (!closed) throw new Error('no closed game to verify');
  return closed.gameDate;
}

describe('verifiable fairness', () => {
  it('the play screen offers SAVE RECEIPT next to an entry, and the download is the receipt', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, saver);
    await numberInput(page, 'YOUR NUMBER').fill(String(SAVER_NUMBER));
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(heading(page, 'SUBMISSION CONFIRMED'));
    await nav(page).getByRole('link', { name: 'PLAY GAME' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Save receipt for number ${SAVER_NUMBER}` }).click(),
    ]);
    const path = await download.path();
    const receipt = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(receipt)).toEqual(['gameDate', 'entryId', 'number', 'salt', 'leaf', 'signedAt', 'keyId', 'sig']);
    expect(receipt['number']).toBe(SAVER_NUMBER);
    expect(receipt['salt']).toMatch(/^[0-9a-f]{32}$/);
    expect(receipt['leaf']).toMatch(/^[0-9a-f]{64}$/);

    // The game is still open: the verify page says so and publishes nothing yet.
    await page.goto(`/verify/${String(receipt['gameDate'])}`);
    await see(heading(page, `GAME ${String(receipt['gameDate'])} IS OPEN`));
    await context.close();
  });

  it('a player copies the receipt shown after submitting; once the game closes, the verify page shows the pick INCLUDED and the winner VERIFIED, nothing saved', async () => {
    const { page, context } = await startJourney(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signIn(page, vera);
    await numberInput(page, 'YOUR NUMBER').fill(String(VERA_NUMBER));
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(heading(page, 'SUBMISSION CONFIRMED'));
    await nav(page).getByRole('link', { name: 'PLAY GAME' }).click();
    // The receipt is on screen as a card, and COPY puts the whole signed receipt on the clipboard.
    const card = page.getByLabel(`Receipt for number ${VERA_NUMBER}`, { exact: true });
    const copy = page.getByRole('button', { name: `Copy receipt for number ${VERA_NUMBER}` });
    await copy.click();
    await see(copy.getByText('COPIED', { exact: true }));
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
    expect(copied['number']).toBe(VERA_NUMBER);
    expect(Object.keys(copied)).toEqual(['gameDate', 'entryId', 'number', 'salt', 'leaf', 'signedAt', 'keyId', 'sig']);
    await see(card.getByText(String(copied['leaf']).slice(0, 8), { exact: true }));
    const gameKey = String(copied['gameDate']);

    await closeGameOf(browser, gameKey);

    // Back on the play screen, LAST RESULT leads to that game's verify page, where her pick is found on the server.
    await page.goto('/');
    const lastResult = page.getByRole('region', { name: 'LAST RESULT' });
    await lastResult.getByRole('link', { name: 'VERIFY YOUR PICKS' }).click();
    await onPath(page, `/verify/${gameKey}`);
    await see(heading(page, `RECORD OF ${gameKey}`));
    await see(
      page
        .getByRole('region', { name: `RECORD OF ${gameKey}` })
        .getByRole('status')
        .getByText('VERIFIED', { exact: true }),
      30_000,
    );
    const included = page.getByRole('status', { name: `Entry on number ${VERA_NUMBER}: INCLUDED` });
    await see(included, 30_000);
    expect(await page.getByRole('status', { name: /: INCLUDED$/ }).count()).toBe(1);
    await checkScreen(page, 'verify');
    await context.close();
  });

  it('a player who saved nothing finds each pick of a seeded closed game INCLUDED, mines too', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, people.rita);
    // Rita played every seeded day: the newest closed game in which she has a pick.
    const history = (await (await page.request.get('/api/history?limit=100')).json()) as {
      items: { gameDate: string; status: string }[];
    };
    let key = '';
    let picks = 0;
    for (const item of history.items.filter((i) => i.status === 'closed')) {
      const receipts = (await (await page.request.get(`/api/fairness/${item.gameDate}/receipts`)).json()) as {
        entries: unknown[];
        mines: unknown[];
      };
      if (receipts.entries.length > 0) {
        key = item.gameDate;
        // Her entries and mines alike: each is a pick the page checks.
        picks = receipts.entries.length + receipts.mines.length;
        break;
      }
    }
    expect(picks).toBeGreaterThan(0);
    await page.goto(`/verify/${key}`);
    await see(page.getByRole('status').getByText('VERIFIED', { exact: true }), 30_000);
    const included = page.getByRole('status', { name: /: INCLUDED$/ });
    await see(included.first(), 30_000);
    await expect.poll(() => included.count()).toBe(picks);
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

    const { items } = (await (await page.request.get(`/api/fairness/${key}/items?from=0&count=1`)).json()) as {
      items: TreeItem[];
    };
    const [item] = items;
    if (!item) throw new Error('the closed game has no item');
    const receipt =
      item.kind === 'entry'
        ? { gameDate: key, entryId: item.id, number: item.number, salt: item.salt, leaf: item.leaf }
        : { gameDate: key, mineId: item.id, number: item.number, salt: item.salt, leaf: item.leaf };
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

  it('FULL AUDIT of an honest game says VERIFIED; an items page tampered on its way to the audit shows the mismatch there', async () => {
    const { page, context } = await startJourney(browser, undefined, { serviceWorkers: 'block' });
    await page.goto('/rules');
    const key = await latestClosedGame(page);
    await page.goto(`/verify/${key}`);
    const record = page.getByRole('region', { name: `RECORD OF ${key}` });
    await see(record.getByRole('status').getByText('VERIFIED', { exact: true }), 30_000);
    const audit = page.getByRole('region', { name: 'FULL AUDIT' });
    await audit.getByRole('button', { name: 'START FULL AUDIT' }).click();
    await see(audit.getByRole('status').getByText('VERIFIED', { exact: true }), 60_000);

    // The winner proof was checked on the pages as published; from now on the audit's pages are changed in transit.
    let tampered: TreeItem | undefined;
    await page.route(`**/api/fairness/${key}/items*`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { gameDate: string; from: number; items: TreeItem[] };
      const [first, ...rest] = body.items;
      if (!first) throw new Error('the closed game has no item');
      tampered = first;
      // Someone changed a pick's salt: its published fingerprint no longer follows from it.
      await route.fulfill({
        response,
        json: {
          ...body,
          items: [{ ...first, salt: first.salt.replace(/^./, (c) => (c === '0' ? '1' : '0')) }, ...rest],
        },
      });
    });
    await audit.getByRole('button', { name: 'AUDIT AGAIN' }).click();
    const mismatch = audit.getByRole('alert').filter({ hasText: 'MISMATCH' });
    await see(mismatch, 60_000);
    if (tampered === undefined) throw new Error('the audit read no items page');
    expect(await mismatch.textContent()).toBe(
      `MISMATCH: The published fingerprint of ${tampered.kind} ${tampered.id} does not match its number and salt.`,
    );
    // The winner proof checked before stays VERIFIED: the audit's answer is its own.
    await see(record.getByRole('status').getByText('VERIFIED', { exact: true }));
    await context.close();
  });
});
