// Journey 16: deleting an account removes the person, never the game's history (DESIGN.md §8). A player picks a
// number another player picks too, saves her signed receipt and deletes her account while the game is open; the
// admin closes the game: her pick still counted (the shared number did not become unique), and the verify page,
// given her receipt by a visitor, shows it INCLUDED and SIGNED, as `lowest verify` does.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  dialog,
  heading,
  launchBrowser,
  nav,
  numberInput,
  onPath,
  see,
  signIn,
  startJourney,
  toast,
} from './support/browser.ts';
import type { Person } from './support/constants.ts';
import { closeGameOf } from './support/admin-close.ts';
import { resultsDir } from './support/global-setup.ts';
import { runInProcess } from '../cli/run-lowest.ts';

const della: Person = { email: 'della@e2e.lowest.test', displayName: 'Della Deleted' };
const sid: Person = { email: 'sid@e2e.lowest.test', displayName: 'Sid Shares' };
const SHARED_NUMBER = 1_717;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a deleted account’s pick stays in the game', () => {
  it('a player picks, deletes her account, the game closes: her receipt verifies INCLUDED', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, della);
    await numberInput(page, 'YOUR NUMBER').fill(String(SHARED_NUMBER));
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(heading(page, 'SUBMISSION CONFIRMED'));
    await nav(page).getByRole('link', { name: 'PLAY GAME' }).click();
    await see(page.getByText('SIGNED by the game'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Save receipt for number ${SHARED_NUMBER}` }).click(),
    ]);
    const receipt = JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<string, string | number>;
    const gameKey = String(receipt['gameDate']);

    const other = await startJourney(browser);
    await signIn(other.page, sid);
    await numberInput(other.page, 'YOUR NUMBER').fill(String(SHARED_NUMBER));
    await other.page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(heading(other.page, 'SUBMISSION CONFIRMED'));
    await other.context.close();

    // While the game is open, Della deletes her account.
    await nav(page).getByRole('link', { name: 'PROFILE' }).click();
    await page.getByRole('button', { name: 'DELETE ACCOUNT' }).click();
    await dialog(page).getByRole('button', { name: 'DELETE', exact: true }).click();
    await onPath(page, '/');
    await see(toast(page).getByText('Account Deleted'));
    await context.close();

    await closeGameOf(browser, gameKey);

    const visitor = await startJourney(browser);
    // Her pick counted: the number she shared with Sid stayed shared, so it did not win.
    const stats = (await (await visitor.page.request.get(`/api/stats/daily/${gameKey}`)).json()) as {
      histogram: { number: number; count: number; unique: boolean }[];
      snapshot: { winningNumber: number | null };
    };
    expect(stats.histogram.find((bar) => bar.number === SHARED_NUMBER)).toEqual({
      number: SHARED_NUMBER,
      count: 2,
      unique: false,
    });
    expect(stats.snapshot.winningNumber).not.toBe(SHARED_NUMBER);

    await visitor.page.goto(`/verify/${gameKey}`);
    await visitor.page.getByLabel('PASTE A RECEIPT').fill(JSON.stringify(receipt));
    await visitor.page.getByRole('button', { name: 'CHECK RECEIPT' }).click();
    await see(visitor.page.getByText('INCLUDED', { exact: true }));
    await see(visitor.page.getByText(`SIGNED by key ${String(receipt['keyId'])}`));
    await visitor.context.close();

    // The CLI, on the same database and the same receipt, says the same.
    const saved = join(resultsDir, 'deleted-account-receipt.json');
    writeFileSync(saved, JSON.stringify(receipt));
    const run = await runInProcess(['verify', gameKey, '--receipt', saved], { DATABASE_URL: inject('databaseUrl') });
    writeFileSync(join(resultsDir, 'deleted-account-verify.txt'), run.stdout + run.stderr);
    expect(run.stdout).toContain('INCLUDED');
    expect(run.code).toBe(0);
  });
});
