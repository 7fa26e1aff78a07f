// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AdminSubmissionsResponse,
  AuditTrailResponse,
  CreateBotsRequest,
} from '../../../server/routes/admin.schemas.ts';
import type { MeResponse } from '../../../server/routes/me.schemas.ts';
import type { AdminPayoutDto, PrizeConfigDto } from '../../../server/routes/prizes.schemas.ts';
import { botRequestProblem } from '../../../core/bots/bot-fields.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { servePerTest } from '../../testing/serve-per-test.ts';
import { expectNoAxeViolations } from '../../testing/axe.ts';
import { AdminScreen } from './admin-screen.tsx';
import { botDefaults } from './bot-form.ts';

const admin: MeResponse = { id: 'a1', email: 'boss@example.com', displayName: 'The Boss', role: 'admin' };
const player: MeResponse = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', role: 'player' };

const serve = servePerTest();

function payout(overrides: Partial<AdminPayoutDto>): AdminPayoutDto {
  return {
    id: 'p1',
    status: 'pending_review',
    amountCents: 1000,
    currency: 'USD',
    prizeType: 'cash',
    gameDate: '2026-11-23',
    playerName: 'Ada',
    playerEmail: 'ada@example.com',
    paypalEmail: 'ada@paypal.test',
    preferredName: 'Ada L',
    reviewNotes: null,
    paymentReference: null,
    createdAt: '2026-11-23T02:00:00.000Z',
    processedAt: null,
    allowedActions: ['approve', 'reject'],
    integrity: null,
    ...overrides,
  };
}

function weekly(day: number, amountCents: number): PrizeConfigDto {
  const names = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  return {
    id: `w${day}`,
    prizeType: 'cash',
    amountCents,
    currency: 'USD',
    description: `${names[day - 1] ?? ''} Cash Prize`,
    isActive: true,
    isDefault: true,
    dayOfWeek: day,
    date: null,
    defaultAmountCents: [1000, 2000, 3000, 4000, 5000, 10000, 20000][day - 1] ?? null,
  };
}

describe('AdminScreen access', () => {
  it('asks a signed-out visitor to sign in', async () => {
    await serve();
    renderWithProviders(<AdminScreen />, { me: null, route: '/admin' });
    expect(screen.getByRole('heading', { name: 'ADMIN ACCESS REQUIRED' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SIGN IN WITH GOOGLE' }).getAttribute('href')).toBe(
      '/auth/google?next=%2Fadmin',
    );
  });

  it('denies a player and says who is signed in', async () => {
    const api = await serve();
    renderWithProviders(<AdminScreen />, { me: player });
    expect(screen.getByRole('heading', { name: 'ACCESS DENIED' })).toBeTruthy();
    expect(screen.getByText('You need admin privileges to access this page.')).toBeTruthy();
    expect(screen.getByText(/ada@example\.com/)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });
});

describe('AdminScreen tabs', () => {
  it('form a tab list that the arrow keys, Home and End move through', async () => {
    await serve({ 'GET /admin/status': { body: {} }, 'GET /api/prizes/config': { body: { prizes: [] } } });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    const tabs = within(screen.getByRole('tablist', { name: 'Admin sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['SYSTEM', 'PRIZES', 'PAYOUTS', 'AUDIT', 'BOTS', 'DATA']);
    // Only the selected tab is in the Tab order; each controls the one panel.
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    expect(tabs.every((tab) => tab.getAttribute('aria-controls') === 'admin-panel')).toBe(true);
    expect(screen.getByRole('tabpanel', { name: 'System Operations' })).toBeTruthy();

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'SYSTEM' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'PRIZES' }));
    expect(screen.getByRole('tab', { name: 'PRIZES' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'SYSTEM' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('heading', { name: 'Prize Management' })).toBeTruthy();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'DATA' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'SYSTEM' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'DATA' }));
    await user.keyboard('{Home}');
    expect(screen.getByRole('heading', { name: 'System Operations' })).toBeTruthy();
  });
});

describe('AdminScreen SYSTEM tab', () => {
  it('names the screen in the page title', async () => {
    await serve({ 'GET /admin/status': { body: {} } });
    renderWithProviders(<AdminScreen />, { me: admin });
    await waitFor(() => expect(document.title).toBe('Admin · LOWEST UNIQUE'));
  });

  it('loads the status on entry and needs a date for compute', async () => {
    const api = await serve({
      'GET /admin/status': { body: { openGame: '2026-11-23', database: 'sqlite' } },
      'POST /admin/compute/2026-11-22': { body: { computed: true } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    expect(screen.getByRole('tab', { name: 'SYSTEM' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText(/"database": "sqlite"/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'FORCE COMPUTE' }));
    expect(screen.getByRole('alert').textContent).toBe('Pick a date YYYY-MM-DD');
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('DATE (YYYY-MM-DD)'), '2026-11-22');
    // FORCE COMPUTE asks first: CANCEL sends nothing.
    await user.click(screen.getByRole('button', { name: 'FORCE COMPUTE' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Close the game of 2026-11-22 now/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'FORCE COMPUTE' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'FORCE COMPUTE' }));
    expect(await screen.findByText(/"computed": true/)).toBeTruthy();
    expect(api.requestsTo('POST /admin/compute/2026-11-22')).toHaveLength(1);
    // Over real HTTP the refused click's request could still be on its way above; by now it would have arrived.
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});

describe('AdminScreen PAYOUTS tab', () => {
  it('offers the actions the server allows and approves after confirmation', async () => {
    const api = await serve({
      'GET /admin/status': { body: {} },
      'GET /api/prizes/admin/payouts': {
        body: {
          payouts: [
            payout({}),
            payout({
              id: 'p2',
              status: 'approved',
              playerName: null,
              prizeType: 'voucher',
              allowedActions: ['markPaid'],
            }),
            payout({
              id: 'p3',
              status: 'paid',
              paymentReference: 'TX-9',
              processedAt: '2026-11-24T02:00:00.000Z',
              allowedActions: [],
            }),
            // The admin's own claim: pending, but the server offers nothing (DESIGN.md §9).
            payout({ id: 'p4', playerName: 'The Boss', allowedActions: [] }),
          ],
        },
      },
      'POST /api/prizes/admin/payouts/p1': {
        body: { payout: payout({ status: 'approved', allowedActions: ['markPaid'] }), message: 'ok' },
      },
      'POST /api/prizes/admin/payouts/p2': {
        body: { payout: payout({ id: 'p2', status: 'paid', allowedActions: [] }), message: 'ok' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'PAYOUTS' }));
    expect(screen.getByRole('heading', { name: 'Payout Management' })).toBeTruthy();
    expect(await screen.findByText('PAYOUTS (4)')).toBeTruthy();

    const cards = screen.getAllByRole('article');
    const [pending, approved, paid, own] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(own).queryAllByRole('button')).toHaveLength(0);
    expect(within(pending).getByRole('button', { name: 'APPROVE' })).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'REJECT' })).toBeTruthy();
    expect(within(approved).getByText('Anonymous')).toBeTruthy();
    expect(within(approved).getByRole('button', { name: 'MARK PAID' })).toBeTruthy();
    expect(within(paid).queryAllByRole('button')).toHaveLength(0);
    expect(within(paid).getByText('TX-9')).toBeTruthy();
    await expectNoAxeViolations();

    await user.click(within(pending).getByRole('button', { name: 'APPROVE' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Mark this payout as approved? The winner will be notified that payment is being processed.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'APPROVE' }));
    expect(await screen.findByText('Payout marked as approved')).toBeTruthy();
    expect(api.requestsTo('POST /api/prizes/admin/payouts/p1')[0]?.body).toEqual({
      status: 'approved',
      reviewNotes: 'Approved by admin for manual processing',
    });

    await user.click(within(approved).getByRole('button', { name: 'MARK PAID' }));
    const prompt = await screen.findByRole('dialog');
    await user.type(within(prompt).getByLabelText('PayPal transaction ID or voucher code'), '  CODE-42 ');
    await user.click(within(prompt).getByRole('button', { name: 'MARK PAID' }));
    await waitFor(() =>
      expect(api.requestsTo('POST /api/prizes/admin/payouts/p2')[0]?.body).toEqual({
        status: 'paid',
        reviewNotes: 'Payment processed manually',
        paymentReference: 'CODE-42',
      }),
    );
    // The list reloads after each change.
    await waitFor(() => expect(api.requestsTo('GET /api/prizes/admin/payouts').length).toBeGreaterThanOrEqual(3));
  });

  it('sends nothing for a blank rejection reason or a cancelled prompt', async () => {
    const api = await serve({
      'GET /admin/status': { body: {} },
      'GET /api/prizes/admin/payouts': { body: { payouts: [payout({})] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'PAYOUTS' }));
    await user.click(await screen.findByRole('button', { name: 'REJECT' }));
    const prompt = await screen.findByRole('dialog');
    await user.type(within(prompt).getByLabelText('Reason for rejection'), '   ');
    await user.click(within(prompt).getByRole('button', { name: 'REJECT' }));
    expect(within(prompt).getByRole('alert').textContent).toBe('Enter a reason for the rejection');
    await user.click(within(prompt).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo('POST /api/prizes/admin/payouts/p1')).toHaveLength(0);
  });
});

describe('AdminScreen PAYOUTS tab, a flagged winning', () => {
  const evidence = {
    flagged: true as const,
    clusterSize: 5,
    accountsInGame: 4,
    numbersHeld: [1, 2, 3, 4],
    signals: [
      { kind: 'device' as const, strength: 'strong' as const, accounts: 4 },
      { kind: 'network' as const, strength: 'weak' as const, accounts: 5 },
    ],
  };
  const mismatch = "confirmName must be the winner's display name to approve a flagged payout.";

  it('shows INTEGRITY REVIEW with the evidence, and approves only with the typed name, showing the server refusal', async () => {
    const api = await serve({
      'GET /admin/status': { body: {} },
      'GET /api/prizes/admin/payouts': {
        body: { payouts: [payout({ integrity: evidence }), payout({ id: 'p2', integrity: null })] },
      },
      'POST /api/prizes/admin/payouts/p1': ({ body }) =>
        typeof body === 'object' && body !== null && 'confirmName' in body && body.confirmName === 'Ada'
          ? {
              body: {
                payout: payout({ status: 'approved', allowedActions: ['markPaid'], integrity: evidence }),
                message: 'ok',
              },
            }
          : { status: 400, body: { error: mismatch, code: 'VALIDATION', field: 'confirmName' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'PAYOUTS' }));
    const [flagged, clean] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    const review = within(flagged).getByRole('region', { name: 'INTEGRITY REVIEW' });
    expect(review.textContent).toContain('Cluster size: 5 accounts');
    expect(review.textContent).toContain('Accounts in this game: 4 accounts');
    expect(review.textContent).toContain('Numbers they held: 1, 2, 3, 4');
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Same device — strong — 4 accounts', 'Same network — weak — 5 accounts']);
    expect(within(clean).queryByText('INTEGRITY REVIEW')).toBeNull();
    await expectNoAxeViolations();

    await user.click(within(flagged).getByRole('button', { name: 'APPROVE' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText("Type the winner's display name to approve");
    // Blank: refused here, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'APPROVE' }));
    expect(within(dialog).getByRole('alert').textContent).toBe("Type the winner's display name to approve");
    expect(api.requestsTo('POST /api/prizes/admin/payouts/p1')).toHaveLength(0);
    // A wrong name: the server's refusal stays in the dialog.
    await user.type(name, 'ada');
    await user.click(within(dialog).getByRole('button', { name: 'APPROVE' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(mismatch));
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.clear(name);
    await user.type(name, 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'APPROVE' }));
    expect(await screen.findByText('Payout marked as approved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo('POST /api/prizes/admin/payouts/p1').map((r) => r.body)).toEqual([
      { status: 'approved', reviewNotes: 'Approved by admin for manual processing', confirmName: 'ada' },
      { status: 'approved', reviewNotes: 'Approved by admin for manual processing', confirmName: 'Ada' },
    ]);
  });
});

describe('AdminScreen PRIZES tab', () => {
  it('saves a weekday in whole cents and resets one after the spec confirmation', async () => {
    const api = await serve({
      'GET /admin/status': { body: {} },
      'GET /api/prizes/config': {
        body: { prizes: [1, 2, 3, 4, 5, 6, 7].map((day) => weekly(day, day === 2 ? 2500 : 1000)) },
      },
      'POST /api/prizes/config/weekly': { body: { prize: weekly(1, 1235), message: 'saved' } },
      'DELETE /api/prizes/config/weekly/2': { body: { message: 'reset' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'PRIZES' }));
    expect(screen.getByRole('heading', { name: 'Prize Management' })).toBeTruthy();
    const monday = await screen.findByRole('form', { name: 'Monday prize' });
    const amount = within(monday).getByLabelText('Amount ($)');
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(within(monday).getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText('Monday prize updated successfully')).toBeTruthy();
    expect(api.requestsTo('POST /api/prizes/config/weekly')[0]?.body).toEqual({
      dayOfWeek: 1,
      prizeType: 'cash',
      amountCents: 1235,
      description: 'Monday Cash Prize',
      isActive: true,
    });

    const tuesday = screen.getByRole('form', { name: 'Tuesday prize' });
    await user.click(within(tuesday).getByRole('button', { name: 'RESET' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reset Tuesday prize to default ($20.00)?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'RESET' }));
    expect(await screen.findByText('Tuesday prize reset to default')).toBeTruthy();
    expect(api.requestsTo('DELETE /api/prizes/config/weekly/2')).toHaveLength(1);
  });

  it('requires a date and description for an override, and deletes one after confirming', async () => {
    // As the server answers it: an override carries the weekday of its date (2026-12-25 is a Friday).
    const override: PrizeConfigDto = {
      ...weekly(1, 5000),
      id: 'o1',
      dayOfWeek: 5,
      date: '2026-12-25',
      description: 'Xmas',
      defaultAmountCents: null,
    };
    const api = await serve({
      'GET /admin/status': { body: {} },
      'GET /api/prizes/config': {
        body: { prizes: [...[1, 2, 3, 4, 5, 6, 7].map((day) => weekly(day, 1000)), override] },
      },
      'DELETE /api/prizes/config/date/2026-12-25': { body: { message: 'deleted' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'PRIZES' }));
    expect(await screen.findByText('EXISTING OVERRIDES (1)')).toBeTruthy();
    // The override is not a second Friday row among the weekly defaults.
    expect(screen.getAllByRole('form', { name: 'Friday prize' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'ADD OVERRIDE' }));
    expect(await screen.findByText('Date and description are required')).toBeTruthy();
    expect(screen.getByText('Validation Error')).toBeTruthy();
    expect(api.requestsTo('POST /api/prizes/config/date')).toHaveLength(0);

    await user.click(
      within(screen.getByRole('list', { name: 'Existing overrides' })).getByRole('button', {
        name: 'DELETE override for 2026-12-25',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete prize override for 2026-12-25?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    expect(await screen.findByText('Prize override for 2026-12-25 deleted successfully')).toBeTruthy();
  });
});

describe('AdminScreen BOTS tab', () => {
  it('refuses invalid input with an Invalid Input toast, then creates after confirming', async () => {
    const api = await serve({
      'GET /admin/status': { body: {} },
      'POST /admin/create-bot-submissions': {
        body: { botsCreated: 10, submissionsCreated: 13, gameDate: '2026-11-23' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'BOTS' }));
    expect(screen.getByText('10 bots + 3 bonus = 13 total submissions')).toBeTruthy();
    const min = screen.getByLabelText('Min number');
    await user.clear(min);
    await user.type(min, '500');
    await user.click(screen.getByRole('button', { name: 'CREATE BOTS' }));
    expect(await screen.findByText('Invalid Input')).toBeTruthy();
    expect(screen.getByText('Invalid number range. Min must be >= 1 and <= Max')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(min);
    await user.type(min, '1');
    await user.click(screen.getByRole('button', { name: 'CREATE BOTS' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'CREATE BOTS' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    await waitFor(() =>
      expect(api.requestsTo('POST /admin/create-bot-submissions')[0]?.body).toEqual({
        botCount: 10,
        bonusCount: 3,
        minNumber: 1,
        maxNumber: 100,
      }),
    );
  });

  it("checks with the server's own rules: each request core refuses gets core's message and is never sent", async () => {
    const api = await serve({ 'GET /admin/status': { body: {} } });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'BOTS' }));
    const refused: [Partial<CreateBotsRequest>, string][] = [
      [{ bonusCount: 11 }, 'Bonus count cannot exceed the bot count'],
      [{ minNumber: 7, maxNumber: 7 }, 'Bonus entries need a range of at least 2 numbers'],
      [{ maxNumber: 2_147_483_648 }, 'Invalid number range. Min must be >= 1 and <= Max'],
    ];
    for (const [change, message] of refused) {
      expect(botRequestProblem({ ...botDefaults, ...change })).toBe(message);
      for (const [field, label] of [
        ['bonusCount', 'Bonus entries'],
        ['minNumber', 'Min number'],
        ['maxNumber', 'Max number'],
      ] as const) {
        const input = screen.getByLabelText(label);
        await user.clear(input);
        await user.type(input, String(change[field] ?? botDefaults[field]));
      }
      await user.click(screen.getByRole('button', { name: 'CREATE BOTS' }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    expect(api.requestsTo('POST /admin/create-bot-submissions')).toHaveLength(0);
  });
});

describe('AdminScreen DATA tab', () => {
  function page(pageNumber: number, totalPages: number): AdminSubmissionsResponse {
    return {
      game: { date: '2026-11-23', status: 'open' },
      submissions: [
        {
          id: `s${pageNumber}a`,
          number: pageNumber * 10,
          userId: 'bot:0001',
          userDisplayName: 'Bot Player',
          userEmail: 'bot-0001@bots.lowest.invalid',
          entryType: 'standard',
          guildName: null,
          submittedAt: '2026-11-23T01:00:00.000Z',
          clustered: false,
        },
        {
          id: `s${pageNumber}b`,
          number: pageNumber * 10 + 1,
          userId: 'u1',
          userDisplayName: null,
          userEmail: 'ada@example.com',
          entryType: 'bonus',
          guildName: 'Night Owls',
          submittedAt: '2026-11-23T01:05:00.000Z',
          clustered: false,
        },
        // A blank name or guild reads like a missing one.
        {
          id: `s${pageNumber}c`,
          number: pageNumber * 10 + 2,
          userId: 'u2',
          userDisplayName: '  ',
          userEmail: 'bea@example.com',
          entryType: 'standard',
          guildName: '',
          submittedAt: '2026-11-23T01:06:00.000Z',
          clustered: true,
        },
      ],
      pagination: {
        page: pageNumber,
        limit: 20,
        totalCount: 2 * totalPages,
        totalPages,
        hasPreviousPage: pageNumber > 1,
        hasNextPage: pageNumber < totalPages,
      },
    };
  }

  it('shows the header, badges, and pages through the submissions', async () => {
    const api = await serve({
      'GET /admin/status': { body: {} },
      'GET /admin/submissions?page=1&limit=20': { body: page(1, 2) },
      'GET /admin/submissions?page=2&limit=20': { body: page(2, 2) },
      'GET /admin/submissions?page=1&limit=50': { body: page(1, 1) },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'DATA' }));
    expect(await screen.findByText('GAME: 2026-11-23 · STATUS: OPEN · TOTAL SUBMISSIONS: 4')).toBeTruthy();
    expect(screen.getByText('BOT')).toBeTruthy();
    expect(screen.getAllByText('No Name')).toHaveLength(2);
    expect(screen.getAllByText('No Guild')).toHaveLength(2);
    expect(screen.getByText('BONUS')).toBeTruthy();
    // A clustered player's row says so in words, and the legend says what it means.
    const clusteredRow = screen.getByRole('cell', { name: '12' }).closest('tr');
    expect(clusteredRow?.textContent).toContain('CLUSTER');
    expect(screen.getByRole('cell', { name: '10' }).closest('tr')?.textContent).not.toContain('CLUSTER');
    expect(screen.getByText(/the player is linked to 3 or more accounts in this game/)).toBeTruthy();
    expect(screen.getByText('PAGE 1 OF 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'PREV' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    expect(await screen.findByText('PAGE 2 OF 2')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '21' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(screen.queryByText(/PAGE \d OF/)).toBeNull());
    await waitFor(() => expect(api.requestsTo('GET /admin/submissions?page=1&limit=50')).toHaveLength(1));
  });

  it("shows a deleted player's entry as 'No Name', with no e-mail and no user id", async () => {
    const base = page(1, 1);
    await serve({
      'GET /admin/status': { body: {} },
      'GET /admin/submissions?page=1&limit=20': {
        body: {
          ...base,
          submissions: [
            {
              id: 'detached',
              number: 77,
              userId: null,
              userDisplayName: null,
              userEmail: null,
              entryType: 'standard',
              guildName: null,
              submittedAt: '2026-11-23T01:00:00.000Z',
              clustered: false,
            },
          ],
          pagination: { page: 1, limit: 20, totalCount: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'DATA' }));
    const row = (await screen.findByRole('cell', { name: '77' })).closest('tr');
    const cells = [...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent?.trim());
    expect(cells.slice(0, 4)).toEqual(['77', 'No Name', '—', '—']);
  });

  it('says when there are no submissions, and when they fail to load', async () => {
    const api = await serve({
      'GET /admin/status': { body: {} },
      'GET /admin/submissions?page=1&limit=20': {
        body: {
          ...page(1, 0),
          submissions: [],
          pagination: { page: 1, limit: 20, totalCount: 0, totalPages: 0, hasPreviousPage: false, hasNextPage: false },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'DATA' }));
    expect(await screen.findByText('No submissions found for the current active game')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'NEXT' })).toBeNull();

    api.on('GET /admin/submissions?page=1&limit=20', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'REFRESH' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

describe('AdminScreen AUDIT tab', () => {
  const record = (n: number): AuditTrailResponse['records'][number] => ({
    id: `r${n}`,
    at: `2026-11-${String(n).padStart(2, '0')}T10:00:00.000Z`,
    kind: n % 2 === 0 ? 'payout' : 'prize',
    adminId: 'a1',
    adminName: 'The Boss',
    subject: n % 2 === 0 ? `Payout 2026-11-${n}: $10.00 to Ada` : 'Prize Monday (weekly)',
    fromState: n % 2 === 0 ? 'approved' : 'built-in $10.00 cash, active: Monday Cash Prize',
    toState: n % 2 === 0 ? 'paid' : '$25.00 voucher, active: Gift card',
    note: null,
    reference: n % 2 === 0 ? `REF-${n}` : null,
  });
  const trail = (records: AuditTrailResponse['records'], totalCount: number, page: number): AuditTrailResponse => ({
    records,
    totalCount,
    page,
    pageSize: 25,
  });

  it('lists the records newest first, pages through them and filters by dates and admin', async () => {
    const api = await serve({
      'GET /admin/status': { body: {} },
      'GET /admin/audit?page=1&pageSize=25': { body: trail([record(28), record(27)], 27, 1) },
      'GET /admin/audit?page=2&pageSize=25': { body: trail([record(2), record(1)], 27, 2) },
      'GET /admin/audit?page=1&pageSize=25&from=2026-11-01&to=2026-11-02&admin=boss%40example.com': {
        body: trail([record(2)], 1, 1),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'AUDIT' }));
    const table = await screen.findByRole('region', { name: 'Audit trail' });
    const rows = () =>
      within(screen.getByRole('region', { name: 'Audit trail' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['WHEN', 'ADMIN', 'WHAT', 'FROM', 'TO', 'NOTE', 'REFERENCE']);
    expect(rows()[0]).toContain('Payout 2026-11-28: $10.00 to Ada');
    expect(rows()[0]).toContain('REF-28');
    expect(rows()[1]).toContain('built-in $10.00 cash, active: Monday Cash Prize');
    expect(screen.getByText('PAGE 1 OF 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    expect(await screen.findByText('PAGE 2 OF 2')).toBeTruthy();
    await waitFor(() => expect(rows()[0]).toContain('Payout 2026-11-2: $10.00 to Ada'));

    fireDate('From (UTC)', '2026-11-01');
    fireDate('To (UTC)', '2026-11-02');
    await user.type(screen.getByLabelText('Admin e-mail'), 'boss@example.com');
    await user.click(screen.getByRole('button', { name: 'FILTER' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('RECORDS: 1')).toBeTruthy();
    expect(api.requests.map((r) => r.path).filter((p) => p.startsWith('/admin/audit'))).toContain(
      '/admin/audit?page=1&pageSize=25&from=2026-11-01&to=2026-11-02&admin=boss%40example.com',
    );
    await expectNoAxeViolations(document.body);
  });

  it("shows the server's message when a filter is refused", async () => {
    await serve({
      'GET /admin/status': { body: {} },
      'GET /admin/audit?page=1&pageSize=25': { body: trail([], 0, 1) },
      'GET /admin/audit?page=1&pageSize=25&admin=nobody%40example.com': {
        status: 400,
        body: { error: 'admin: no account has the e-mail nobody@example.com', code: 'VALIDATION' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminScreen />, { me: admin });
    await user.click(screen.getByRole('tab', { name: 'AUDIT' }));
    expect(await screen.findByText('No payout decision or prize change matches.')).toBeTruthy();
    await user.type(screen.getByLabelText('Admin e-mail'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'FILTER' }));
    expect((await screen.findByRole('alert')).textContent).toBe('admin: no account has the e-mail nobody@example.com');
  });
});

function fireDate(label: string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
