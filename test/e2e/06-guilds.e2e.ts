// Journey 6: one player creates a guild, another joins with the password; each sees the other's pick under
// TODAY'S STRATEGY; the guild admin removes the member and deletes the guild. Plays in the open game (#2 after 04).
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
  seeSoftly,
  signIn,
  startJourney,
  toast,
  type Journey,
} from './support/browser.ts';
import { people } from './support/constants.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const GUILD = { name: 'E2E Low Rollers', description: 'We share picks to stay unique.', password: 'lowball42' };
const PICKS = { admin: 21, mate: 22 };

async function openGuilds(page: Page): Promise<void> {
  await nav(page).getByRole('link', { name: 'GUILDS' }).click();
  await onPath(page, '/guilds');
  await see(page.getByRole('tablist', { name: 'Guild views' }));
}

async function pick(page: Page, number: number): Promise<void> {
  await nav(page).getByRole('link', { name: 'PLAY GAME' }).click();
  await numberInput(page, 'YOUR NUMBER').fill(String(number));
  await page.getByRole('button', { name: 'SUBMIT & PRAY' }).click();
  await see(heading(page, 'SUBMISSION CONFIRMED'));
}

const strategy = (page: Page) => page.getByRole('region', { name: "TODAY'S STRATEGY" });

describe('a guild', () => {
  let gus: Journey;
  let mia: Journey;
  beforeAll(async () => {
    gus = await startJourney(browser);
    mia = await startJourney(browser);
  });
  afterAll(async () => {
    await gus.context.close();
    await mia.context.close();
  });

  it('is created by one player', async () => {
    const { page } = gus;
    await signIn(page, people.guildAdmin);
    await openGuilds(page);
    await see(heading(page, 'NO GUILD'));
    await see(heading(page, /^ALL GUILDS \(\d+\)$/));
    await checkScreen(page, 'guilds-no-guild');
    await page.getByRole('tab', { name: 'CREATE' }).click();
    await see(heading(page, 'CREATE A GUILD'));
    await page.getByRole('button', { name: 'CREATE GUILD' }).click();
    await see(page.getByRole('alert').getByText('Guild name and password are required'));
    expect(await page.getByLabel('GUILD NAME').getAttribute('maxlength')).toBe('50');
    expect(await page.getByLabel('GUILD PASSWORD').getAttribute('maxlength')).toBe('20');

    await page.getByLabel('GUILD NAME').fill(GUILD.name);
    await page.getByLabel('DESCRIPTION (OPTIONAL)').fill(GUILD.description);
    await see(page.getByText(new RegExp(`${GUILD.description.length}\\s*/\\s*200`)));
    await page.getByLabel('GUILD PASSWORD').fill(GUILD.password);
    await page.getByRole('button', { name: 'CREATE GUILD' }).click();

    await see(page.getByText(`MEMBER OF ${GUILD.name}`));
    await see(heading(page, GUILD.name));
    await see(page.getByRole('tab', { name: 'LEAVE GUILD' }));
    await seeNo(page.getByRole('tab', { name: 'JOIN' }));
    await see(strategy(page).getByText("YOU HAVEN'T SUBMITTED YET"));
    await see(strategy(page).getByRole('link', { name: 'SUBMIT NOW' }));
    await see(page.getByRole('button', { name: 'DELETE GUILD' }));
    const card = page.getByRole('article', { name: new RegExp(GUILD.name) });
    await see(card.getByText('ADMIN', { exact: true }));
    await see(card.getByRole('img', { name: 'Your guild' }));
    await pick(page, PICKS.admin);
  });

  it('is joined by another player with the password', async () => {
    const { page } = mia;
    await signIn(page, people.guildMate);
    await openGuilds(page);
    await page.getByRole('tab', { name: 'JOIN' }).click();
    await see(heading(page, 'JOIN A GUILD'));
    await page.getByRole('button', { name: 'JOIN GUILD' }).click();
    await see(page.getByRole('alert').getByText('Please select a guild and enter the password'));

    const option = page
      .getByLabel('GUILD', { exact: true })
      .getByRole('option', { name: new RegExp(`^${GUILD.name} \\(1/10\\)$`) });
    const guildId = await option.getAttribute('value');
    expect(guildId).not.toBeNull();
    await page.getByLabel('GUILD', { exact: true }).selectOption(guildId ?? '');
    await page.getByLabel('GUILD PASSWORD').fill('wrong-password');
    await page.getByRole('button', { name: 'JOIN GUILD' }).click();
    await see(toast(page).getByText('Error'));
    await seeNo(page.getByText(`MEMBER OF ${GUILD.name}`), 1_000);

    await page.getByLabel('GUILD PASSWORD').fill(GUILD.password);
    await page.getByRole('button', { name: 'JOIN GUILD' }).click();
    await see(page.getByText(`MEMBER OF ${GUILD.name}`));
    await seeNo(page.getByRole('button', { name: 'DELETE GUILD' }));
    // The admin's pick of today is already there for the new member.
    await see(strategy(page).getByText(`#${PICKS.admin}`));
    await see(strategy(page).getByText(people.guildAdmin.displayName));

    await pick(page, PICKS.mate);
    await openGuilds(page);
    await seeSoftly(
      strategy(page).getByText('YOUR PICK:'),
      "TODAY'S STRATEGY shows the pick just made, on returning to /guilds",
    );
    await page.reload();
    await see(strategy(page).getByText('YOUR PICK:'));
    await see(strategy(page).getByText(`#${PICKS.mate}`));
    await see(strategy(page).getByText(`#${PICKS.admin}`));
    await checkScreen(page, 'guild-member');
  });

  it('shows each member the other’s pick, and the admin cannot leave while others are in', async () => {
    const { page } = gus;
    // Cached data never goes stale (spec-1 §7): a mate's later pick shows once the screen is loaded afresh.
    await page.goto('/guilds');
    await see(strategy(page).getByText(`#${PICKS.mate}`));
    await see(strategy(page).getByText(people.guildMate.displayName));
    await see(page.getByRole('region', { name: /MEMBERS \(2\)/ }).getByText(people.guildMate.displayName));
    await checkScreen(page, 'guild-admin');

    await page.getByRole('tab', { name: 'LEAVE GUILD' }).click();
    expect(await page.getByRole('button', { name: 'LEAVE GUILD' }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'OVERVIEW' }).click();
  });

  it('lets the admin remove the member, then delete the guild', async () => {
    const { page } = gus;
    const members = page.getByRole('region', { name: /MEMBERS/ });
    await members.getByRole('button', { name: 'REMOVE' }).click();
    await see(dialog(page).getByText(`Remove ${people.guildMate.displayName} from the guild?`));
    await dialog(page).getByRole('button', { name: 'REMOVE' }).click();
    await see(page.getByRole('region', { name: 'MEMBERS (1)' }));
    await seeNo(members.getByText(people.guildMate.displayName));

    await mia.page.reload();
    await see(heading(mia.page, 'NO GUILD'));

    await page.getByRole('button', { name: 'DELETE GUILD' }).click();
    await see(dialog(page).getByText(/cannot be undone/));
    await dialog(page).getByRole('button', { name: 'DELETE GUILD' }).click();
    await see(heading(page, 'NO GUILD'));
    await seeNo(page.getByRole('article', { name: new RegExp(GUILD.name) }));
  });
});
