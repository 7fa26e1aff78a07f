// @vitest-environment happy-dom
// The play screen against a real local HTTP server: labels, validation, signed-out redirect, submit, errors, dialogs.
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntryDto, MyEntryDto } from '../../../server/routes/entry.schemas.ts';
import type { NumberLimitsDto } from '../../../server/routes/game.schemas.ts';
import { AppRoutes } from '../../app/router.tsx';
import { startFakeApi, pointWindowAt, type FakeApi } from '../../testing/fake-api.ts';
import { myEntries, myRewards, openGame, player, playScreenRoutes, sundayPrize } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { historyKeys } from '../../api/query-keys.ts';
import { formatDateTime } from '../../lib/dates.ts';

let api: FakeApi;
// The machine is shared and sometimes slow: a screen is not called broken before 5 s.
configure({ asyncUtilTimeout: 5000 });

/** An origin where nothing listens: every request to it fails as it does with the server down. */
async function deadOrigin(): Promise<string> {
  const dead = await startFakeApi();
  await dead.close();
  return dead.origin;
}

beforeEach(async () => {
  localStorage.clear();
  api = await startFakeApi({
    ...playScreenRoutes(),
    'GET /api/rewards/mine': { body: myRewards },
  });
  pointWindowAt(api.origin);
  sessionStorage.clear();
});

afterEach(async () => {
  cleanup();
  await api.close();
});

const entry = (number: number, entryType: EntryDto['entryType'] = 'standard'): MyEntryDto => ({
  id: `e-${number}`,
  number,
  entryType,
  submittedAt: new Date().toISOString(),
  gameDate: '2026-11-22',
  entryId: `e-${number}`,
  salt: '0'.repeat(32),
  leaf: 'f'.repeat(64),
});

/** A receipt card's facts, label and value, in order. */
const factsOf = (card: HTMLElement): [string, string][] =>
  [...card.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']);

describe('play screen', () => {
  it('shows the countdown, the prize and the first-entry form', async () => {
    renderWithProviders(<AppRoutes />, { me: player });
    expect(await screen.findByText('TIME UNTIL CLOSE (NY)')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^02:03:0[34]$/);
    expect(await screen.findByText('$200.00')).toBeTruthy();
    expect(await screen.findByLabelText('YOUR NUMBER')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SUBMIT & PRAY' })).toBeTruthy();
  });

  it('sends a signed-out visitor to sign-up on submit', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: null });
    await user.type(await screen.findByLabelText('YOUR NUMBER'), '7');
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    expect(await screen.findByRole('heading', { name: 'JOIN THE GAME' })).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('validates the number before sending anything', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: player });
    const input = await screen.findByLabelText('YOUR NUMBER');
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    expect(await screen.findByText('Enter a whole number greater than zero.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '2147483648');
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    expect(await screen.findByText('Please enter a number up to 2,147,483,647.')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('shows the server error in an alert', async () => {
    api.on('POST /api/entry', {
      status: 409,
      body: { error: 'You already picked that number', code: 'DUPLICATE_NUMBER' },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: player });
    await user.type(await screen.findByLabelText('YOUR NUMBER'), '7');
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already picked that number');
  });

  it('a submit that gets no answer says so in words and keeps the number in the box', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: player });
    const input = await screen.findByLabelText('YOUR NUMBER');
    await user.type(input, '7');
    pointWindowAt(await deadOrigin());
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The game server cannot be reached right now. Check your connection, then try again. Your number was not sent; it is still in the box. Submit again once you are back online.',
    );
    expect((input as HTMLInputElement).value).toBe('7');
    expect(screen.getByRole('status').textContent).toContain('CANNOT REACH THE GAME SERVER.');
  });

  it('opens without a network on the last game this device saw, and a submit explains and keeps the number', async () => {
    renderWithProviders(<AppRoutes />, { me: player });
    expect(await screen.findByText('TIME UNTIL CLOSE (NY)')).toBeTruthy();
    cleanup();

    pointWindowAt(await deadOrigin());
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: 'unknown' });
    expect((await screen.findByText(/^OFFLINE: this is the game as this device last saw it/)).textContent).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^02:0[23]:\d\d$/);
    const input = await screen.findByLabelText('YOUR NUMBER');
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /cannot be reached.*Your number was not sent; it is still in the box/,
    );
    expect((input as HTMLInputElement).value).toBe('12');
    // Not sent to sign in: whether the player is signed in could not be asked.
    expect(screen.queryByRole('heading', { name: 'JOIN THE GAME' })).toBeNull();
  });

  it('shows the streak, and the reminder while today is not played', async () => {
    api.on('GET /api/stats/user/me', { body: { entriesCount: 9, winsCount: 1, currentStreak: 4, bestStreak: 6 } });
    renderWithProviders(<AppRoutes />, { me: player });
    expect(await screen.findByRole('heading', { name: 'YOUR STREAK: 4 DAYS' })).toBeTruthy();
    expect(screen.getByText("KEEP YOUR STREAK: play today's game before it closes to make it 5 days.")).toBeTruthy();
  });

  it('shows the streak without the reminder once today is played', async () => {
    api.on('GET /api/stats/user/me', { body: { entriesCount: 9, winsCount: 1, currentStreak: 1, bestStreak: 6 } });
    api.on('GET /api/entry/mine', {
      body: myEntries({ entries: [entry(12)], status: { canSubmitMore: false, effectiveStatus: 'open' } }),
    });
    renderWithProviders(<AppRoutes />, { me: player });
    expect(await screen.findByRole('heading', { name: 'YOUR STREAK: 1 DAY' })).toBeTruthy();
    expect(screen.queryByText(/KEEP YOUR STREAK/)).toBeNull();
  });

  it('submits, clears the input, reloads the entries and confirms', async () => {
    let stored: MyEntryDto[] = [];
    api.on('GET /api/entry/mine', () => ({
      body: myEntries({ entries: stored, status: { canSubmitMore: stored.length === 0, effectiveStatus: 'open' } }),
    }));
    api.on('POST /api/entry', (request) => {
      stored = [entry(7)];
      return { status: 201, body: { entry: stored[0], message: `Number submitted: ${JSON.stringify(request.body)}` } };
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: player });
    const input = await screen.findByLabelText('YOUR NUMBER');
    await user.type(input, '7');
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    expect(await screen.findByRole('heading', { name: 'SUBMISSION CONFIRMED' })).toBeTruthy();
    // The pick names the game on screen, so it cannot land in another one.
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      number: 7,
      gameDate: '2026-11-22',
    });
    expect(api.requests.filter((request) => request.path === '/api/entry/mine')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'YOUR ENTRIES (1/1)' })).toBeTruthy();
    // the form is gone: no more entries allowed
    expect(screen.queryByRole('button', { name: 'SUBMIT & PRAY' })).toBeNull();
    // The receipt is on screen as a card a player reads, with COPY beside SAVE RECEIPT: nothing to download to keep
    // it. One issued before receipts were signed says so.
    const receipt = { gameDate: '2026-11-22', entryId: 'e-7', number: 7, salt: '0'.repeat(32), leaf: 'f'.repeat(64) };
    const card = screen.getByLabelText('Receipt for number 7');
    expect(factsOf(card)).toEqual([
      ['NUMBER', '7'],
      ['SIGNED AT', 'UNSIGNED'],
      ['FINGERPRINT', 'ffffffff'],
    ]);
    expect(screen.queryByText('SIGNED by the game')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save receipt for number 7' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy receipt for number 7' }));
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(receipt);
    expect(screen.getByRole('button', { name: 'Copy receipt for number 7' }).textContent).toBe('COPIED');
  });

  it('shows a signed receipt as a card: the number, when the game signed it, the fingerprint; COPY gives it whole', async () => {
    const signedAt = '2026-11-22T10:15:00.123Z';
    const signed = {
      ...entry(7),
      leaf: '0123abcd'.repeat(8),
      signedAt,
      keyId: 'b66c6b19443918ad',
      sig: 'A'.repeat(86) + '==',
    };
    api.on('GET /api/entry/mine', { body: myEntries({ entries: [signed] }) });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: player });
    const card = await screen.findByLabelText('Receipt for number 7');
    expect(factsOf(card)).toEqual([
      ['NUMBER', '7'],
      ['SIGNED AT', formatDateTime(signedAt)],
      ['FINGERPRINT', '0123abcd'],
    ]);
    expect(card.querySelector('time')?.getAttribute('datetime')).toBe(signedAt);
    expect(screen.getByText('SIGNED by the game')).toBeTruthy();
    expect(document.body.textContent).not.toContain(signed.sig);
    await user.click(screen.getByRole('button', { name: 'Copy receipt for number 7' }));
    const { gameDate, entryId, number, salt, leaf, keyId, sig } = signed;
    const copied = await navigator.clipboard.readText();
    expect(JSON.parse(copied)).toEqual({ gameDate, entryId, number, salt, leaf, signedAt, keyId, sig });
    expect(Object.keys(JSON.parse(copied) as object)).toEqual([
      'gameDate',
      'entryId',
      'number',
      'salt',
      'leaf',
      'signedAt',
      'keyId',
      'sig',
    ]);
  });

  it('offers the bonus entry after the first number and clears the input after submitting', async () => {
    api.on('GET /api/entry/mine', {
      body: myEntries({
        entries: [entry(12)],
        maxSubmissions: 2,
        availableBonusEntries: 1,
        bonusEntriesDetails: [
          {
            id: 'b1',
            sourceType: 'referral',
            remainingEntries: 1,
            expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          },
        ],
      }),
    });
    api.on('POST /api/entry', { status: 201, body: { entry: entry(30, 'bonus'), message: 'ok' } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: player });
    const input = await screen.findByLabelText('BONUS ENTRY');
    expect(screen.getByRole('heading', { name: 'YOUR ENTRIES (1/2)' })).toBeTruthy();
    expect(screen.getByText(/EXPIRES IN UNDER 24 HOURS/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'WANT ANOTHER SHOT?' })).toBeNull();
    await user.type(input, '30');
    await user.click(screen.getByRole('button', { name: 'USE BONUS ENTRY' }));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
  });

  it('invites friends when no bonus entry remains', async () => {
    renderWithProviders(<AppRoutes />, { me: player });
    const invite = await screen.findByRole('heading', { name: 'WANT ANOTHER SHOT?' });
    expect(invite.parentElement?.textContent).toContain('2 numbers instead of 1');
  });

  it('says GAME CLOSED with a link to the results', async () => {
    api.on('GET /api/game/today', { body: { ...openGame(0), effectiveStatus: 'closed' } });
    renderWithProviders(<AppRoutes />, { me: player });
    expect(await screen.findByRole('heading', { name: 'GAME CLOSED' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SEE RESULTS' }).getAttribute('href')).toBe('/stats');
    expect(screen.queryByLabelText('YOUR NUMBER')).toBeNull();
  });

  it('shows a no-prize card for a disabled weekday', async () => {
    api.on('GET /api/prizes/date/2026-11-22', {
      status: 404,
      body: {
        error: 'No prize',
        code: 'PRIZE_DISABLED',
        status: 'disabled',
        message: 'No prizes are currently offered on Sundays',
        dayOfWeek: 7,
      },
    });
    renderWithProviders(<AppRoutes />, { me: player });
    expect(await screen.findByRole('heading', { name: 'NO PRIZE TODAY' })).toBeTruthy();
    expect(screen.getByText('No prizes are currently offered on Sundays')).toBeTruthy();
  });

  it('runs the Peak dialog: form, inline error, result, and close refetches rewards', async () => {
    let peaks = 0;
    api.on('POST /api/gameplay/use-peak', (request) => {
      peaks += 1;
      if (peaks === 1) return { status: 409, body: { error: 'No Peak reward available', code: 'NO_REWARD' } };
      return { body: { message: `Peaked at ${(request.body as { number: number }).number}`, numberChosen: true } };
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: player });
    await user.click(await screen.findByRole('button', { name: 'USE PEAK (1)' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('NUMBER');
    await user.click(within(dialog).getByRole('button', { name: 'PEAK AT NUMBER' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a whole number greater than zero');
    await user.type(input, '5');
    await user.click(within(dialog).getByRole('button', { name: 'PEAK AT NUMBER' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No Peak reward available');
    await user.click(within(dialog).getByRole('button', { name: 'PEAK AT NUMBER' }));
    expect(await within(dialog).findByText('TAKEN: someone has already picked this number.')).toBeTruthy();
    const rewardReads = api.requests.filter((request) => request.path === '/api/rewards/mine').length;
    await user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path === '/api/rewards/mine').length).toBe(rewardReads + 1),
    );
  });

  it('checks the Mine minimum in its dialog', async () => {
    api.on('GET /api/rewards/mine', {
      body: {
        ...myRewards,
        rewardSummary: myRewards.rewardSummary.map((item) =>
          item.rewardType === 'mine' ? { ...item, available: 1 } : item,
        ),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: player });
    await user.click(await screen.findByRole('button', { name: 'USE MINE (1)' }));
    const dialog = await screen.findByRole('dialog');
    // The input itself follows spec-1 §5 (min 1, max 2147483647, step 1) as the server sends it; the floor of 10 is the message below.
    const input = within(dialog).getByLabelText('NUMBER');
    expect([input.getAttribute('min'), input.getAttribute('max'), input.getAttribute('step')]).toEqual([
      '1',
      '2147483647',
      '1',
    ]);
    await user.type(input, '9');
    await user.click(within(dialog).getByRole('button', { name: 'LAY MINE' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Mine can only be used on numbers 10 or greater');
  });

  // Limits and texts unlike the spec's: a form that kept a copy of the spec's would pass the spec's numbers and fail here.
  const otherLimits: NumberLimitsDto = {
    minNumber: 1,
    maxNumber: 500,
    mineMinNumber: 25,
    messages: {
      wholeNumber: 'Only whole numbers from 1.',
      peakWholeNumber: 'Peak takes whole numbers from 1.',
      tooLarge: 'Numbers go up to 500 in this game.',
      mineTooLow: 'Mines go on 25 or more.',
    },
  };

  it("checks a number with the limits and messages of the server's answer, not a copy of its own", async () => {
    api.on('GET /api/game/today', { body: { ...openGame(), limits: otherLimits } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: player });
    const input = await screen.findByLabelText('YOUR NUMBER');
    expect([input.getAttribute('min'), input.getAttribute('max')]).toEqual(['1', '500']);
    await user.type(input, '501');
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    expect(await screen.findByText('Numbers go up to 500 in this game.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    expect(await screen.findByText('Only whole numbers from 1.')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("checks the Mine minimum the server's answer gives, and says it", async () => {
    api.on('GET /api/game/today', { body: { ...openGame(), limits: otherLimits } });
    api.on('GET /api/rewards/mine', {
      body: {
        ...myRewards,
        rewardSummary: myRewards.rewardSummary.map((item) =>
          item.rewardType === 'mine' ? { ...item, available: 1 } : item,
        ),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: player });
    await user.click(await screen.findByRole('button', { name: 'USE MINE (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Lay a mine on a number of 25 or more/)).toBeTruthy();
    const input = within(dialog).getByLabelText('NUMBER');
    expect(input.getAttribute('max')).toBe('500');
    await user.type(input, '24');
    await user.click(within(dialog).getByRole('button', { name: 'LAY MINE' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Mines go on 25 or more.');
    expect(api.requests.some((request) => request.path.startsWith('/api/gameplay'))).toBe(false);
  });

  it('says how to earn a reward the player has none of, instead of answering with an error', async () => {
    const user = userEvent.setup();
    // The dialog shows the server's words on how a Mine is earned (it keeps no copy of the rule).
    const serverText = 'Lay seven days of picks';
    api.on('GET /api/rewards/mine', {
      body: {
        ...myRewards,
        rewardSummary: myRewards.rewardSummary.map((r) =>
          r.rewardType === 'mine' ? { ...r, config: { ...r.config, howToEarn: serverText } } : r,
        ),
      },
    });
    renderWithProviders(<AppRoutes />, { me: player });
    await user.click(await screen.findByRole('button', { name: 'USE MINE (0)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'NO MINE YET' })).toBeTruthy();
    expect(within(dialog).getByText(new RegExp(serverText))).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'LAY MINE' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.some((request) => request.path.startsWith('/api/gameplay'))).toBe(false);
  });

  it('keeps a signed-out player’s typed number through sign-in', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<AppRoutes />, { me: null });
    await user.type(await screen.findByLabelText('YOUR NUMBER'), '42');
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    expect(await screen.findByRole('heading', { name: 'JOIN THE GAME' })).toBeTruthy();
    first.unmount();
    // Back from signing in, on a fresh page load.
    renderWithProviders(<AppRoutes />, { me: player });
    await waitFor(async () =>
      expect(((await screen.findByLabelText('YOUR NUMBER')) as HTMLInputElement).value).toBe('42'),
    );
    expect(sessionStorage.getItem('pendingNumber')).toBeNull();
  });

  it('names the screen in the page title', async () => {
    renderWithProviders(<AppRoutes />, { me: player });
    await screen.findByText('TIME UNTIL CLOSE (NY)');
    expect(document.title).toBe('Play · LOWEST UNIQUE');
  });
});

describe('play screen after a close', () => {
  const closedGame = () => ({ ...openGame(0), effectiveStatus: 'closed' as const });

  it('shows the winner’s LAST RESULT with YOU WON!, the prize, CLAIM PRIZE and SEE STATISTICS', async () => {
    api.on('GET /api/game/today', { body: closedGame() });
    api.on('GET /api/results/me/latest', {
      body: {
        result: {
          gameDate: '2026-11-22',
          winningNumber: 4,
          secondPlaceNumber: 9,
          entries: [
            { number: 4, entryType: 'standard', outcome: 'winner', rank: 1 },
            { number: 1, entryType: 'bonus', outcome: 'duplicate', rank: null },
          ],
          winning: { canClaim: true, amountCents: 20000, prizeType: 'cash', currency: 'USD' },
        },
      },
    });
    renderWithProviders(<AppRoutes />, { me: player });
    expect(await screen.findByRole('heading', { name: 'GAME CLOSED' })).toBeTruthy();
    const card = await screen.findByRole('region', { name: 'LAST RESULT' });
    const numbers = within(card).getByRole('list', { name: 'Your numbers and how they did' });
    expect(
      within(numbers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['4YOU WON!', '1NOT UNIQUEBONUS']);
    expect(within(card).getByText('$200.00 CASH')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'CLAIM PRIZE' }).getAttribute('href')).toBe('/winnings');
    expect(within(card).getByRole('link', { name: 'SEE STATISTICS' }).getAttribute('href')).toBe('/stats/2026-11-22');
    // SHARE (issue 17): the best of the player's numbers, through the clipboard where the browser has no share sheet.
    await userEvent.setup().click(within(card).getByRole('button', { name: 'SHARE' }));
    expect(await within(card).findByRole('button', { name: 'COPIED!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(
      `LOWEST UNIQUE 2026-11-22: my 4 was the winner. Winning number: 4. ${api.origin}/stats/2026-11-22`,
    );
  });

  it('shows a player’s outcomes without a prize or CLAIM PRIZE when nothing was won, next to the open game', async () => {
    api.on('GET /api/results/me/latest', {
      body: {
        result: {
          gameDate: '2026-11-21',
          winningNumber: 2,
          secondPlaceNumber: 6,
          entries: [
            { number: 6, entryType: 'standard', outcome: 'runner_up', rank: 2 },
            { number: 11, entryType: 'bonus', outcome: 'unique', rank: 3 },
          ],
          winning: null,
        },
      },
    });
    renderWithProviders(<AppRoutes />, { me: player });
    const card = await screen.findByRole('region', { name: 'LAST RESULT' });
    expect(screen.getByText('TIME UNTIL CLOSE (NY)')).toBeTruthy();
    expect(within(card).getByText('RUNNER-UP')).toBeTruthy();
    expect(within(card).getByText('UNIQUE')).toBeTruthy();
    expect(within(card).queryByText(/Your prize/)).toBeNull();
    expect(within(card).queryByRole('link', { name: 'CLAIM PRIZE' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'SEE STATISTICS' }).getAttribute('href')).toBe('/stats/2026-11-21');
    expect(within(card).getByRole('link', { name: 'VERIFY YOUR PICKS' }).getAttribute('href')).toBe(
      '/verify/2026-11-21',
    );
  });

  it('turns the day over when the countdown reaches zero: refetches and names the game that closed', async () => {
    let gameReads = 0;
    api.on('GET /api/game/today', () => {
      gameReads += 1;
      return { body: gameReads === 1 ? openGame(1_200) : { ...openGame(), gameDate: '2026-11-23' } };
    });
    api.on('GET /api/prizes/date/2026-11-23', { body: sundayPrize });
    api.on('GET /api/history?limit=14', { body: { items: [] } });
    const { queryClient } = renderWithProviders(<AppRoutes />, { me: player });
    // The statistics list is cached, as after a visit to the statistics screen; it must be fetched again when shown.
    await queryClient.fetchQuery({ queryKey: historyKeys.list(14) });
    const line = await screen.findByText(/The Sun, Nov 22 game has closed\. Results are in\./, {}, { timeout: 5_000 });
    expect(within(line).getByRole('link', { name: 'SEE THE RESULTS' }).getAttribute('href')).toBe('/stats/2026-11-22');
    expect(screen.getByText(/Game of Monday, November 23, 2026/)).toBeTruthy();
    expect(screen.getByText('TIME UNTIL CLOSE (NY)')).toBeTruthy();
    expect(api.requestsTo('GET /api/game/today')).toHaveLength(2);
    expect(queryClient.getQueryState(['/api/history?limit=14'])?.isInvalidated).toBe(true);
    // The refetches the turn-over sets off may still be on their way when the line shows.
    await waitFor(() => {
      expect(api.requestsTo('GET /api/entry/mine').length).toBeGreaterThanOrEqual(2);
      expect(api.requestsTo('GET /api/results/me/latest').length).toBeGreaterThanOrEqual(2);
    });
  });

  it('on a 409 from a stale tab shows the server’s message and reloads the game', async () => {
    let gameReads = 0;
    api.on('GET /api/game/today', () => {
      gameReads += 1;
      return { body: gameReads === 1 ? openGame() : { ...openGame(), gameDate: '2026-11-22-2' } };
    });
    api.on('GET /api/entry/mine', () => ({
      body: myEntries({ gameDate: gameReads === 1 ? '2026-11-22' : '2026-11-22-2' }),
    }));
    api.on('POST /api/entry', {
      status: 409,
      body: { error: 'This game has closed. The next game is open: pick again.', code: 'GAME_CLOSED' },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { me: player });
    await user.type(await screen.findByLabelText('YOUR NUMBER'), '7');
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This game has closed. The next game is open: pick again.',
    );
    expect(await screen.findByText(/\(Game #2\)/)).toBeTruthy();
    expect(api.requestsTo('POST /api/entry')[0]?.body).toEqual({ number: 7, gameDate: '2026-11-22' });
    // The next pick goes to the game now on screen.
    await user.click(screen.getByRole('button', { name: 'SUBMIT & PRAY' }));
    await waitFor(() =>
      expect(api.requestsTo('POST /api/entry')[1]?.body).toEqual({ number: 7, gameDate: '2026-11-22-2' }),
    );
  });
});
