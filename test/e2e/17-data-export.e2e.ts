// Journey 16: a player takes their data (DESIGN.md §8). She picks today, the admin closes the game, and DOWNLOAD MY
// DATA on her profile saves `lowest-unique-<game date>.json`: her profile, never a session token, and the closed day
// with her outcome and the receipt the play screen saves, which the verify page finds INCLUDED and SIGNED, and
// `lowest verify --receipt` too. This journey closes the open game and opens the next one.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
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
import type { Person } from './support/constants.ts';
import { closeGameOf } from './support/admin-close.ts';
import { resultsDir } from './support/global-setup.ts';
import { runInProcess } from '../cli/run-lowest.ts';

const dora: Person = { email: 'dora@e2e.lowest.test', displayName: 'Dora Download' };
const DORA_NUMBER = 1_717;

interface ExportFile {
  gameDate: string;
  profile: { email: string; displayName: string };
  sessions: { createdAt: string; lastSeenAt: string }[];
  days: {
    gameDate: string;
    status: string;
    entries: { outcome: string | null; receipt: Record<string, string | number> }[];
  }[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a player downloads their data', () => {
  it('DOWNLOAD MY DATA saves the file, and its receipts verify on the verify page and with lowest verify', async () => {
    const { page, context } = await startJourney(browser);
    await signIn(page, dora);
    await numberInput(page, 'YOUR NUMBER').fill(String(DORA_NUMBER));
    await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
    await see(heading(page, 'SUBMISSION CONFIRMED'));
    const mine = (await (await page.request.get('/api/entry/mine')).json()) as { gameDate: string };
    const gameKey = mine.gameDate;
    await closeGameOf(browser, gameKey);

    await nav(page).getByRole('link', { name: 'PROFILE' }).click();
    await onPath(page, '/profile');
    await see(heading(page, 'YOUR PROFILE'));
    await checkScreen(page, 'profile-download');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'DOWNLOAD MY DATA' }).click(),
    ]);
    const text = readFileSync(await download.path(), 'utf8');
    const file = JSON.parse(text) as ExportFile;
    expect(download.suggestedFilename()).toBe(`lowest-unique-${file.gameDate}.json`);
    expect(file.profile).toMatchObject({ email: dora.email, displayName: dora.displayName });
    const sid = (await context.cookies()).find((c) => c.name === 'sid')?.value ?? '';
    expect(sid).not.toBe('');
    expect(text).not.toContain(sid);
    expect(file.sessions.length).toBeGreaterThan(0);

    const day = file.days.find((d) => d.gameDate === gameKey);
    expect(day?.status).toBe('closed');
    // Nobody else picked her number: the closed game's summary says whether it won, came second or was just unique.
    const summary = (await (await page.request.get(`/api/fairness/${gameKey}`)).json()) as {
      winningNumber: number | null;
      secondPlaceNumber: number | null;
    };
    const outcome =
      summary.winningNumber === DORA_NUMBER
        ? 'winner'
        : summary.secondPlaceNumber === DORA_NUMBER
          ? 'runner_up'
          : 'unique';
    expect(day?.entries.map((e) => [e.receipt['number'], e.outcome])).toEqual([[DORA_NUMBER, outcome]]);
    const receipt = day?.entries[0]?.receipt ?? {};
    expect(Object.keys(receipt)).toEqual(['gameDate', 'entryId', 'number', 'salt', 'leaf', 'signedAt', 'keyId', 'sig']);
    await context.close();

    // A visitor, not signed in, checks the receipt from the file on the verify page.
    const visitor = await startJourney(browser);
    await visitor.page.goto(`/verify/${gameKey}`);
    await visitor.page.getByLabel('PASTE A RECEIPT').fill(JSON.stringify(receipt));
    await visitor.page.getByRole('button', { name: 'CHECK RECEIPT' }).click();
    await see(visitor.page.getByText('INCLUDED', { exact: true }));
    await see(visitor.page.getByText(`SIGNED by key ${String(receipt['keyId'])}`));
    await visitor.context.close();

    // And the CLI, on the same database.
    const saved = join(resultsDir, 'exported-receipt.json');
    writeFileSync(saved, JSON.stringify(receipt));
    const run = await runInProcess(['verify', gameKey, '--receipt', saved], { DATABASE_URL: inject('databaseUrl') });
    writeFileSync(join(resultsDir, 'exported-verify.txt'), run.stdout + run.stderr);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`SIGNED by key ${String(receipt['keyId'])}`);
    expect(run.stdout).toContain('INCLUDED');
  });
});
