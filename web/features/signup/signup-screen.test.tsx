// @vitest-environment happy-dom
// The sign-up screen's referral code box against a real local HTTP server.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/router.tsx';
import { startFakeApi, pointWindowAt, type FakeApi } from '../../testing/fake-api.ts';
import { player, playScreenRoutes } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { pendingReferralKey } from '../../api/pending-referral.ts';

let api: FakeApi;

beforeEach(async () => {
  localStorage.clear();
  api = await startFakeApi({
    'GET /api/referrals/validate/GOODCODE1234': { body: { valid: true } },
    'GET /api/referrals/validate/BADCODE12345': { body: { valid: false } },
    ...playScreenRoutes(),
  });
  pointWindowAt(api.origin);
});

afterEach(async () => {
  cleanup();
  // The referral codes these tests store stay behind otherwise, for the next file of this worker's window.
  localStorage.clear();
  await api.close();
});

const validations = () => api.requests.filter((request) => request.path.startsWith('/api/referrals/validate/'));

describe('sign-up screen', () => {
  it('prefills a valid code from ?ref=, says so, and keeps it for after sign-in', async () => {
    renderWithProviders(<AppRoutes />, { route: '/signup?ref=goodcode1234' });
    expect(await screen.findByRole('heading', { name: 'JOIN THE GAME' })).toBeTruthy();
    expect((screen.getByPlaceholderText('Enter 12-character code') as HTMLInputElement).value).toBe('GOODCODE1234');
    expect(await screen.findByText("✓ VALID CODE! You'll get a bonus entry!")).toBeTruthy();
    expect(screen.getByText(/The bonus entry is for new players only/)).toBeTruthy();
    const button = screen.getByRole('link', { name: 'SIGN IN & CLAIM BONUS' });
    expect(button.getAttribute('href')).toBe('/auth/google');
    expect(localStorage.getItem(pendingReferralKey)).toBe('GOODCODE1234');
  });

  it('asks the server only at 12 characters and reports an invalid code', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/signup' });
    const input = await screen.findByLabelText('REFERRAL CODE (OPTIONAL)');
    await user.type(input, 'badcode1234');
    expect((input as HTMLInputElement).value).toBe('BADCODE1234');
    expect(validations()).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'SIGN IN WITH GOOGLE' })).toBeTruthy();
    await user.type(input, '5');
    expect(await screen.findByText('✗ INVALID CODE')).toBeTruthy();
    expect(validations()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'SIGN IN WITH GOOGLE' })).toBeTruthy();
    expect(localStorage.getItem(pendingReferralKey)).toBeNull();
  });

  it('forgets a stored code when it is replaced by an invalid one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/signup?ref=GOODCODE1234' });
    await screen.findByText("✓ VALID CODE! You'll get a bonus entry!");
    expect(localStorage.getItem(pendingReferralKey)).toBe('GOODCODE1234');
    const input = screen.getByLabelText('REFERRAL CODE (OPTIONAL)');
    await user.clear(input);
    await user.type(input, 'BADCODE12345');
    expect(await screen.findByText('✗ INVALID CODE')).toBeTruthy();
    expect(localStorage.getItem(pendingReferralKey)).toBeNull();
  });

  it('sends a signed-in user to the play screen', async () => {
    renderWithProviders(<AppRoutes />, { route: '/signup', me: player });
    expect(await screen.findByText('TIME UNTIL CLOSE (NY)')).toBeTruthy();
  });
});

describe('pending referral after sign-in', () => {
  it('posts the stored code once the user is known and removes it on success', async () => {
    localStorage.setItem(pendingReferralKey, 'GOODCODE1234');
    api.on('POST /api/referrals/process', { body: { message: 'Referral applied' } });
    renderWithProviders(<AppRoutes />, { route: '/rules', me: player });
    await waitFor(() => expect(localStorage.getItem(pendingReferralKey)).toBeNull());
    expect(api.requests.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/referrals/process',
      body: { referralCode: 'GOODCODE1234' },
    });
  });

  it('removes a code the server refuses for good, says why, and does not post it again', async () => {
    localStorage.setItem(pendingReferralKey, 'GOODCODE1234');
    api.on('POST /api/referrals/process', {
      status: 409,
      body: { error: 'Referral codes are only for new players.', code: 'REFERRAL_NOT_ALLOWED' },
    });
    const first = renderWithProviders(<AppRoutes />, { route: '/rules', me: player });
    expect(await screen.findByText('Referral Code Not Applied')).toBeTruthy();
    expect(screen.getByText('Referral codes are only for new players.')).toBeTruthy();
    expect(localStorage.getItem(pendingReferralKey)).toBeNull();
    first.unmount();
    // The next page load has nothing left to post.
    renderWithProviders(<AppRoutes />, { route: '/rules', me: player });
    expect(await screen.findByRole('heading', { name: 'HOW TO PLAY' })).toBeTruthy();
    expect(api.requestsTo('POST /api/referrals/process')).toHaveLength(1);
  });

  it('keeps the code when processing fails for a passing reason', async () => {
    localStorage.setItem(pendingReferralKey, 'GOODCODE1234');
    api.on('POST /api/referrals/process', { status: 503, body: { error: 'Service unavailable', code: 'UNAVAILABLE' } });
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      renderWithProviders(<AppRoutes />, { route: '/rules', me: player });
      await waitFor(() => expect(logged).toHaveLength(1));
    } finally {
      console.error = original;
    }
    expect(localStorage.getItem(pendingReferralKey)).toBe('GOODCODE1234');
  });

  it('does nothing while signed out', async () => {
    localStorage.setItem(pendingReferralKey, 'GOODCODE1234');
    renderWithProviders(<AppRoutes />, { route: '/rules', me: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toHaveLength(0);
  });
});
