// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeResponse } from '../../../server/routes/me.schemas.ts';
import type { WinningDto } from '../../../server/routes/winnings.schemas.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { servePerTest } from '../../testing/serve-per-test.ts';
import { expectNoAxeViolations } from '../../testing/axe.ts';
import { WinningsScreen } from './winnings-screen.tsx';

const ada: MeResponse = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', role: 'player' };

function winning(overrides: Partial<WinningDto>): WinningDto {
  return {
    payoutId: null,
    gameId: 'g-2026-11-22',
    gameDate: '2026-11-22',
    winningNumber: 3,
    prizeAmount: 200,
    prizeType: 'cash',
    amountCents: 20000,
    currency: 'USD',
    status: 'unclaimed',
    isPending: true,
    isCompleted: false,
    canClaim: true,
    countsAsWon: true,
    reviewNotes: null,
    processedAt: null,
    paymentReference: null,
    ...overrides,
  };
}

const paid = winning({
  gameId: 'g-2026-11-16',
  gameDate: '2026-11-16',
  winningNumber: 1,
  prizeType: 'voucher',
  amountCents: 1050,
  prizeAmount: 10.5,
  status: 'paid',
  isPending: false,
  isCompleted: true,
  canClaim: false,
  processedAt: '2026-11-18T12:00:00.000Z',
  paymentReference: 'VOUCHER-XYZ',
  reviewNotes: 'Payment processed manually',
});

const serve = servePerTest();

describe('WinningsScreen', () => {
  it('asks a signed-out visitor to sign in', async () => {
    await serve();
    renderWithProviders(<WinningsScreen />, { me: null, route: '/winnings' });
    expect(screen.getByRole('heading', { name: 'SIGN IN REQUIRED' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SIGN IN WITH GOOGLE' }).getAttribute('href')).toBe(
      '/auth/google?next=%2Fwinnings',
    );
  });

  it('shows the total and splits pending from completed payouts', async () => {
    await serve({ 'GET /api/winnings': { body: { winnings: [winning({}), paid] } } });
    renderWithProviders(<WinningsScreen />, { me: ada });
    expect(await screen.findByText('TOTAL WON: $210.50')).toBeTruthy();
    const pending = screen.getByRole('region', { name: 'PENDING PAYOUTS (1)' });
    expect(within(pending).getByText('Sunday, November 22, 2026')).toBeTruthy();
    expect(within(pending).getByText('Unclaimed')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'CLAIM PRIZE' })).toBeTruthy();
    const completed = screen.getByRole('region', { name: 'COMPLETED PAYOUTS (1)' });
    expect(within(completed).getByText('Paid')).toBeTruthy();
    expect(within(completed).getByText('VOUCHER-XYZ')).toBeTruthy();
    expect(within(completed).getByText('Paid on')).toBeTruthy();
    expect(within(completed).queryByRole('button', { name: 'CLAIM PRIZE' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('shows a rejected payout as REJECTED with the reason, no "Paid on", and leaves it out of TOTAL WON', async () => {
    const rejected = winning({
      gameId: 'g-2026-11-20',
      gameDate: '2026-11-20',
      amountCents: 5000,
      prizeAmount: 50,
      status: 'failed',
      isPending: false,
      isCompleted: true,
      canClaim: false,
      countsAsWon: false,
      processedAt: '2026-11-21T09:00:00.000Z',
      reviewNotes: 'Rejected: PayPal account not found',
    });
    await serve({ 'GET /api/winnings': { body: { winnings: [rejected, paid] } } });
    renderWithProviders(<WinningsScreen />, { me: ada });
    expect(await screen.findByText('TOTAL WON: $10.50')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Winning of Friday, November 20, 2026' });
    expect(within(card).getByText('REJECTED')).toBeTruthy();
    expect(within(card).queryByText('Failed')).toBeNull();
    expect(within(card).getByText('PayPal account not found')).toBeTruthy();
    expect(within(card).queryByText('Paid on')).toBeNull();
    // The paid one keeps its date.
    expect(
      within(screen.getByRole('article', { name: 'Winning of Monday, November 16, 2026' })).getByText('Paid on'),
    ).toBeTruthy();
  });

  it('sums in TOTAL WON exactly the winnings the server says count as money won, whatever their status', async () => {
    // Not the server's present rule (a rejected payout does not count): a web copy of that rule would fail here.
    const rejectedButCounted = winning({
      gameId: 'g-2026-11-20',
      gameDate: '2026-11-20',
      amountCents: 700,
      status: 'failed',
      isPending: false,
      isCompleted: true,
      canClaim: false,
      countsAsWon: true,
    });
    const paidButNotCounted = { ...paid, countsAsWon: false };
    await serve({ 'GET /api/winnings': { body: { winnings: [rejectedButCounted, paidButNotCounted] } } });
    renderWithProviders(<WinningsScreen />, { me: ada });
    expect(await screen.findByText('TOTAL WON: $7.00')).toBeTruthy();
  });

  it('shows the empty state with a link to play', async () => {
    await serve({ 'GET /api/winnings': { body: { winnings: [] } } });
    renderWithProviders(<WinningsScreen />, { me: ada });
    expect(await screen.findByRole('heading', { name: 'NO WINNINGS YET' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PLAY GAME' }).getAttribute('href')).toBe('/');
  });

  it('offers TRY AGAIN after a failed load, and it reloads', async () => {
    const api = await serve({ 'GET /api/winnings': { status: 500, body: { error: 'down', code: 'X' } } });
    const user = userEvent.setup();
    renderWithProviders(<WinningsScreen />, { me: ada });
    expect(await screen.findByText('Failed to load your winnings')).toBeTruthy();
    api.on('GET /api/winnings', { body: { winnings: [] } });
    await user.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(await screen.findByRole('heading', { name: 'NO WINNINGS YET' })).toBeTruthy();
  });

  it('claims a cash prize: validates, posts the PayPal details and shows the success state', async () => {
    const api = await serve({
      'GET /api/winnings': { body: { winnings: [winning({})] } },
      'POST /api/prizes/winner-payout': { body: { message: 'Payout submitted', payoutId: 'p1' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<WinningsScreen />, { me: ada });
    await user.click(await screen.findByRole('button', { name: 'CLAIM PRIZE' }));
    expect(screen.getByRole('heading', { name: 'CLAIM YOUR PRIZE' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'SUBMIT CLAIM' }));
    expect(screen.getByText('PayPal email and preferred name are required for cash prizes')).toBeTruthy();
    await user.type(screen.getByLabelText('PAYPAL EMAIL'), 'ada.example.com');
    await user.type(screen.getByLabelText('NAME FOR THE PAYPAL PAYMENT'), 'Ada L');
    await user.click(screen.getByRole('button', { name: 'SUBMIT CLAIM' }));
    expect(screen.getByText('Please enter a valid PayPal email address')).toBeTruthy();
    expect(api.requestsTo('POST /api/prizes/winner-payout')).toHaveLength(0);

    await user.clear(screen.getByLabelText('PAYPAL EMAIL'));
    await user.type(screen.getByLabelText('PAYPAL EMAIL'), 'ada@paypal.test');
    await user.click(screen.getByRole('button', { name: 'SUBMIT CLAIM' }));
    expect(await screen.findByRole('heading', { name: 'PAYOUT SUBMITTED!' })).toBeTruthy();
    expect(screen.getByText("We'll process your $200.00 cash within the week!")).toBeTruthy();
    expect(api.requestsTo('POST /api/prizes/winner-payout')[0]?.body).toEqual({
      gameId: 'g-2026-11-22',
      paypalEmail: 'ada@paypal.test',
      preferredName: 'Ada L',
    });
    // The list reloads after the claim.
    await waitFor(() => expect(api.requestsTo('GET /api/winnings').length).toBeGreaterThanOrEqual(2));
  });

  it('claims the prize the game was won with, whatever the weekday is set to today', async () => {
    const api = await serve({
      'GET /api/winnings': { body: { winnings: [winning({ prizeType: 'voucher', amountCents: 2500 })] } },
      // Sundays were disabled after this win: the claim must not care.
      'GET /api/prizes/date/2026-11-22': {
        status: 404,
        body: {
          error: 'No prizes are currently offered on Sundays',
          code: 'PRIZE_DISABLED',
          status: 'disabled',
          message: '',
          dayOfWeek: 7,
        },
      },
      'POST /api/prizes/winner-payout': { body: { message: 'Payout submitted', payoutId: 'p1' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<WinningsScreen />, { me: ada });
    await user.click(await screen.findByRole('button', { name: 'CLAIM PRIZE' }));
    expect(await screen.findByRole('heading', { name: '$25.00 VOUCHER PRIZE' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'NO PRIZE TODAY' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'SUBMIT CLAIM' }));
    expect(await screen.findByText("We'll process your $25.00 voucher within the week!")).toBeTruthy();
    expect(api.requestsTo('POST /api/prizes/winner-payout')[0]?.body).toEqual({ gameId: 'g-2026-11-22' });
    expect(api.requestsTo('GET /api/prizes/date/2026-11-22')).toHaveLength(0);
  });
});
