// @vitest-environment happy-dom
// The referrals screen against a real local HTTP server.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeApi, pointWindowAt, type FakeApi } from '../../testing/fake-api.ts';
import { player } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { bonusBannerText, ReferralsScreen } from './referrals-screen.tsx';

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi({
    'GET /api/referrals/code': { body: { referralCode: 'ABCDEFGHJKLM' } },
    'GET /api/referrals/stats': { body: { totalReferrals: 4, completedReferrals: 3 } },
    'GET /api/referrals/bonuses': { body: { availableBonuses: 2, bonusEntries: [] } },
  });
  pointWindowAt(api.origin);
});

afterEach(async () => {
  cleanup();
  await api.close();
});

describe('referrals screen', () => {
  it('asks a signed-out visitor to sign in', () => {
    renderWithProviders(<ReferralsScreen />);
    expect(screen.getByRole('heading', { name: 'SIGN IN REQUIRED' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SIGN UP' }).getAttribute('href')).toBe('/signup');
  });

  it('shows the code, the counters and the bonus banner', async () => {
    renderWithProviders(<ReferralsScreen />, { me: player });
    expect(await screen.findByText('ABCDEFGHJKLM')).toBeTruthy();
    expect(screen.getByText(`${api.origin}/signup?ref=ABCDEFGHJKLM`)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'TOTAL INVITES' }).nextElementSibling?.textContent).toBe('4');
    expect(screen.getByRole('heading', { name: 'FRIENDS JOINED' }).nextElementSibling?.textContent).toBe('3');
    expect(screen.getByRole('heading', { name: 'BONUS ENTRIES' }).nextElementSibling?.textContent).toBe('2');
    expect(screen.getByText("YOU HAVE 2 BONUS ENTRIES! Use them on today's game before it closes!")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PLAY NOW' }).getAttribute('href')).toBe('/');
    // No referral was refused a bonus: nothing said about it.
    expect(screen.queryByRole('heading', { name: 'NOT ELIGIBLE' })).toBeNull();
    expect(screen.queryByText('Referrals between linked accounts earn no bonus.')).toBeNull();
  });

  it('counts the referrals between linked accounts and says why they earn no bonus', async () => {
    api.on('GET /api/referrals/stats', { body: { totalReferrals: 4, completedReferrals: 3, notEligibleReferrals: 2 } });
    renderWithProviders(<ReferralsScreen />, { me: player });
    expect((await screen.findByRole('heading', { name: 'NOT ELIGIBLE' })).nextElementSibling?.textContent).toBe('2');
    expect(screen.getByText('Referrals between linked accounts earn no bonus.')).toBeTruthy();
  });

  it('copies the sign-up link and says COPIED!', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReferralsScreen />, { me: player });
    await user.click(await screen.findByRole('button', { name: 'COPY LINK' }));
    expect(await screen.findByRole('button', { name: 'COPIED!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${api.origin}/signup?ref=ABCDEFGHJKLM`);
  });

  it('words the banner for one entry', () => {
    expect(bonusBannerText(1)).toBe("YOU HAVE 1 BONUS ENTRY! Use them on today's game before it closes!");
  });
});
