// Journey 15: a signed receipt proves an omission (DESIGN.md §16). A player submits and saves the receipt the play
// screen shows, SIGNED by the game, and two others pick the numbers either side of hers; her pick's row is then
// removed from the database before the close, as a game that drops picks would; after the close the verify page,
// given the pasted receipt by a visitor who is not signed in, shows OMITTED with the evidence to download (the two
// neighbours with their proofs), and `lowest verify` says the same of the same receipt.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { checkScreen, heading, launchBrowser, nav, numberInput, see, signIn, startJourney } from './support/browser.ts';
import type { Person } from './support/constants.ts';
import { closeGameOf } from './support/admin-close.ts';
import { resultsDir } from './support/global-setup.ts';
import { runInProcess } from '../cli/run-lowest.ts';

const olive: Person = { email: 'olive@e2e.lowest.test', displayName: 'Olive Omitted' };
const OLIVE_NUMBER = 1_515;
/** Two picks that stand beside Olive's in tree order: the evidence proves hers absent between them. */
const neighbours: [Person, number][] = [
  [{ email: 'nell@e2e.lowest.test', displayName: 'Nell Below' }, OLIVE_NUMBER - 1],
  [{ email: 'abe@e2e.lowest.test', displayName: 'Abe Above' }, OLIVE_NUMBER + 1],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a signed receipt proves an omission', () => {
  it('the verify page shows OMITTED for a signed pick the closed game left out, with the evidence to download', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, olive);
    await numberInput(page, 'YOUR NUMBER').fill(String(OLIVE_NUMBER));
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(heading(page, 'SUBMISSION CONFIRMED'));
    await nav(page).getByRole('link', { name: 'PLAY GAME' }).click();
    await see(page.getByLabel(`Receipt for number ${OLIVE_NUMBER}`, { exact: true }));
    await see(page.getByText('SIGNED by the game'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Save receipt for number ${OLIVE_NUMBER}` }).click(),
    ]);
    const receipt = JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<string, string | number>;
    expect(Object.keys(receipt)).toEqual(['gameDate', 'entryId', 'number', 'salt', 'leaf', 'signedAt', 'keyId', 'sig']);
    await context.close();
    for (const [person, number] of neighbours) {
      const other = await startJourney(browser);
      await signIn(other.page, person);
      await numberInput(other.page, 'YOUR NUMBER').fill(String(number));
      await other.page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
      await see(heading(other.page, 'SUBMISSION CONFIRMED'));
      await other.context.close();
    }

    // The game drops the pick before its close.
    const file = inject('databaseUrl').slice('sqlite:'.length);
    const db = new BetterSqlite3(file);
    try {
      expect(db.prepare('delete from entries where id = ?').run(receipt['entryId']).changes).toBe(1);
    } finally {
      db.close();
    }
    const gameKey = String(receipt['gameDate']);
    await closeGameOf(browser, gameKey);

    const visitor = await startJourney(browser);
    await visitor.page.goto(`/verify/${gameKey}`);
    await visitor.page.getByLabel('PASTE A RECEIPT').fill(JSON.stringify(receipt));
    await visitor.page.getByRole('button', { name: 'CHECK RECEIPT' }).click();
    const omitted = `OMITTED — the game signed this pick at ${String(receipt['signedAt'])} and left it out of the closed game`;
    await see(visitor.page.getByText(omitted));
    await see(visitor.page.getByText(`SIGNED by key ${String(receipt['keyId'])}`));
    await checkScreen(visitor.page, 'verify-omitted');
    const [evidenceDownload] = await Promise.all([
      visitor.page.waitForEvent('download'),
      visitor.page.getByRole('button', { name: 'DOWNLOAD EVIDENCE' }).click(),
    ]);
    expect(evidenceDownload.suggestedFilename()).toBe(
      `omission-${gameKey}-${String(receipt['leaf']).slice(0, 8)}.json`,
    );
    const evidence = JSON.parse(readFileSync(await evidenceDownload.path(), 'utf8')) as Record<string, unknown>;
    expect(evidence).toMatchObject({
      format: 'lowest-unique/omission-evidence/v1',
      receipt,
      key: { keyId: receipt['keyId'] },
      summary: { gameDate: gameKey, status: 'closed', treeVersion: 2, size: 2 },
      neighbours: {
        left: { item: { number: OLIVE_NUMBER - 1 }, proof: { index: 0 } },
        right: { item: { number: OLIVE_NUMBER + 1 }, proof: { index: 1 } },
      },
    });
    await visitor.context.close();

    // The CLI, on the same database and the same receipt, says the same.
    const saved = join(resultsDir, 'omitted-receipt.json');
    writeFileSync(saved, JSON.stringify(receipt));
    const run = await runInProcess(['verify', gameKey, '--receipt', saved], { DATABASE_URL: inject('databaseUrl') });
    writeFileSync(join(resultsDir, 'omitted-verify.txt'), run.stdout + run.stderr);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(omitted);
  });
});
