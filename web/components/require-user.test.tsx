// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { MeResponse } from '../../server/routes/me.schemas.ts';
import { renderWithProviders } from '../testing/render.tsx';
import { servePerTest } from '../testing/serve-per-test.ts';
import { RequireUser, SignInPrompt } from './require-user.tsx';

const ada: MeResponse = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', role: 'player' };
const serve = servePerTest();

function Gate() {
  return (
    <RequireUser
      loading={<p>CHECKING</p>}
      signedOut={<SignInPrompt title="SIGN IN REQUIRED" message="Sign in to see this." />}
    >
      {(user) => <p>HELLO {user.displayName}</p>}
    </RequireUser>
  );
}

describe('RequireUser', () => {
  it('shows its loading state until /api/me answers, then the signed-out state it was given', async () => {
    await serve({ 'GET /api/me': { status: 401, body: { error: 'Not signed in', code: 'UNAUTHENTICATED' } } });
    renderWithProviders(<Gate />, { me: 'unknown', route: '/winnings?game=7' });
    expect(screen.getByText('CHECKING')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'SIGN IN REQUIRED' })).toBeTruthy();
    expect(screen.getByText('Sign in to see this.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SIGN IN WITH GOOGLE' }).getAttribute('href')).toBe(
      '/auth/google?next=%2Fwinnings%3Fgame%3D7',
    );
    expect(screen.queryByText(/HELLO/)).toBeNull();
  });

  it('hands the signed-in user to its children and shows no prompt', async () => {
    await serve();
    renderWithProviders(<Gate />, { me: ada });
    expect(screen.getByText('HELLO Ada')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'SIGN IN WITH GOOGLE' })).toBeNull();
  });
});
