// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { DISPLAY_NAME_MAX, profileFormProblems } from '../../../core/accounts/profile-fields.ts';
import type { MeResponse } from '../../../server/routes/me.schemas.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { servePerTest } from '../../testing/serve-per-test.ts';
import { expectNoAxeViolations } from '../../testing/axe.ts';
import { useMe } from '../../api/me.ts';
import { ProfileScreen } from './profile-screen.tsx';
import { meKeys } from '../../api/query-keys.ts';

const ada: MeResponse = { id: 'u1', email: 'ada@example.com', displayName: 'Ada Lovelace', role: 'player' };
const totals = { entriesCount: 12, winsCount: 2, currentStreak: 3, bestStreak: 5 };

const serve = servePerTest();

/** Stands in for the app header, which watches the current user the whole time. */
function HeaderProbe() {
  const { user } = useMe();
  return <p>{user === null ? 'HEADER: SIGNED OUT' : `HEADER: ${user.displayName}`}</p>;
}

function renderProfile(me: MeResponse | null) {
  return renderWithProviders(
    <>
      <HeaderProbe />
      <Routes>
        <Route path="/profile" element={<ProfileScreen />} />
        <Route path="/" element={<p>HOME SCREEN</p>} />
      </Routes>
    </>,
    { route: '/profile', me },
  );
}

describe('ProfileScreen', () => {
  it('asks a signed-out visitor to sign in with Google', async () => {
    await serve();
    renderProfile(null);
    expect(screen.getByRole('heading', { name: 'SIGN IN REQUIRED' })).toBeTruthy();
    expect(screen.getByText('You need to sign in to view your profile!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SIGN IN WITH GOOGLE' }).getAttribute('href')).toBe(
      '/auth/google?next=%2Fprofile',
    );
  });

  it('shows the profile, the initials, the stats and the locked username', async () => {
    await serve({ 'GET /api/stats/user/me': { body: totals } });
    renderProfile(ada);
    expect(screen.getByRole('heading', { name: 'YOUR PROFILE' })).toBeTruthy();
    expect(screen.getByText('AL')).toBeTruthy();
    const stats = await screen.findByRole('region', { name: 'Your Stats' });
    await waitFor(() => expect(within(stats).getByText('12')).toBeTruthy());
    expect(within(stats).getByText('Best streak')).toBeTruthy();
    const username = screen.getByLabelText('USERNAME (LOCKED)') as HTMLInputElement;
    expect(username.disabled).toBe(true);
    expect(username.value).toBe('ada@example.com');
    expect(screen.getByRole('button', { name: 'LOGOUT' }).closest('form')?.getAttribute('action')).toBe('/auth/logout');
    await expectNoAxeViolations();
  });

  it('offers DOWNLOAD MY DATA beside LOGOUT: a download link to the export', async () => {
    await serve({ 'GET /api/stats/user/me': { body: totals } });
    renderProfile(ada);
    const download = screen.getByRole('link', { name: 'DOWNLOAD MY DATA' });
    expect(download.getAttribute('href')).toBe('/api/profile/export');
    expect(download.hasAttribute('download')).toBe(true);
    const logout = screen.getByRole('button', { name: 'LOGOUT' });
    expect(download.parentElement).toBe(logout.closest('form')?.parentElement);
  });

  it("reads 'Stats not available.' when the totals call fails", async () => {
    await serve({ 'GET /api/stats/user/me': { status: 500, body: { error: 'boom', code: 'X' } } });
    renderProfile({ ...ada, displayName: '' });
    expect(await screen.findByText('Stats not available.')).toBeTruthy();
    expect(screen.getByText('Anonymous User')).toBeTruthy();
  });

  it('validates the form before sending, then saves and refetches me', async () => {
    const api = await serve({
      'GET /api/stats/user/me': { body: totals },
      'PUT /api/profile': (call) => ({ body: { ...ada, ...(call.body as object) } }),
      'GET /api/me': { body: { ...ada, displayName: 'Countess Ada' } },
    });
    const user = userEvent.setup();
    renderProfile(ada);
    const name = screen.getByLabelText('DISPLAY NAME');
    await user.clear(name);
    await user.type(name, 'A');
    await user.click(screen.getByRole('button', { name: 'UPDATE PROFILE' }));
    expect(screen.getByText('Display name must be at least 2 characters')).toBeTruthy();
    expect(api.requestsTo('PUT /api/profile')).toHaveLength(0);

    await user.type(name, 'da the Countess');
    await user.click(screen.getByRole('button', { name: 'UPDATE PROFILE' }));
    expect(await screen.findByText('Profile Updated!')).toBeTruthy();
    expect(api.requestsTo('PUT /api/profile')[0]?.body).toEqual({
      username: 'ada@example.com',
      email: 'ada@example.com',
      displayName: 'Ada the Countess',
    });
    await waitFor(() => expect(api.requestsTo('GET /api/me')).toHaveLength(1));
    expect(await screen.findByText('HEADER: Countess Ada')).toBeTruthy();
  });

  it("checks the form with the server's own rules and sends nothing they refuse", async () => {
    const api = await serve({ 'GET /api/stats/user/me': { body: totals } });
    const user = userEvent.setup();
    renderProfile(ada);
    const email = screen.getByLabelText('EMAIL');
    await user.clear(email);
    await user.type(email, 'ada@exa_mple.com');
    expect(profileFormProblems({ username: ada.email, email: 'ada@exa_mple.com', displayName: 'Ada' })).toEqual({
      email: 'Invalid email address',
    });
    await user.click(screen.getByRole('button', { name: 'UPDATE PROFILE' }));
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByLabelText('DISPLAY NAME').getAttribute('maxlength')).toBe(String(DISPLAY_NAME_MAX));
    expect(api.requestsTo('PUT /api/profile')).toHaveLength(0);
  });

  it("shows the server's message when the update fails", async () => {
    await serve({
      'GET /api/stats/user/me': { body: totals },
      'PUT /api/profile': { status: 409, body: { error: 'That e-mail is already used', code: 'CONFLICT' } },
    });
    const user = userEvent.setup();
    renderProfile(ada);
    await user.click(screen.getByRole('button', { name: 'UPDATE PROFILE' }));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('That e-mail is already used')).toBeTruthy();
  });

  it('deletes the account after confirmation, signs out and goes home', async () => {
    const api = await serve({
      'GET /api/stats/user/me': { body: totals },
      'DELETE /api/profile': { body: { message: 'Account deleted' } },
    });
    const user = userEvent.setup();
    const { queryClient } = renderProfile(ada);
    await user.click(screen.getByRole('button', { name: 'DELETE ACCOUNT' }));
    const dialog = await screen.findByRole('dialog', { name: 'DELETE ACCOUNT?' });
    expect(
      within(dialog).getByText('This action cannot be undone. Your account and all data will be permanently deleted.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    expect(await screen.findByText('HOME SCREEN')).toBeTruthy();
    expect(screen.getByText('Account Deleted')).toBeTruthy();
    expect(api.requestsTo('DELETE /api/profile')).toHaveLength(1);
    expect(queryClient.getQueryData(meKeys.me())).toBeNull();
    // The header notices at once, and nothing of the deleted account stays cached.
    expect(screen.getByText('HEADER: SIGNED OUT')).toBeTruthy();
    expect(queryClient.getQueryData(['/api/stats/user/me'])).toBeUndefined();
  });

  it("shows the server's message when the deletion is refused, and stays signed in", async () => {
    const message = 'A prize payout is in progress: you can delete your account once it is paid or rejected.';
    const api = await serve({
      'GET /api/stats/user/me': { body: totals },
      'DELETE /api/profile': { status: 409, body: { error: message, code: 'CONFLICT' } },
    });
    const user = userEvent.setup();
    const { queryClient } = renderProfile(ada);
    await user.click(screen.getByRole('button', { name: 'DELETE ACCOUNT' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'DELETE' }));
    expect(await screen.findByText('Delete Failed')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(api.requestsTo('DELETE /api/profile')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'YOUR PROFILE' })).toBeTruthy();
    expect(queryClient.getQueryData(meKeys.me())).toMatchObject({ email: 'ada@example.com' });
  });

  it('does nothing when the deletion is cancelled', async () => {
    const api = await serve({ 'GET /api/stats/user/me': { body: totals } });
    const user = userEvent.setup();
    renderProfile(ada);
    await user.click(screen.getByRole('button', { name: 'DELETE ACCOUNT' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo('DELETE /api/profile')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'YOUR PROFILE' })).toBeTruthy();
  });
});
