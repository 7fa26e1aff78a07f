// @vitest-environment happy-dom
// The leaderboard against a real local HTTP server.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlayerItem } from '../../../server/routes/leaderboard.schemas.ts';
import { startFakeApi, pointWindowAt, type FakeApi } from '../../testing/fake-api.ts';
import { player } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { LeaderboardScreen } from './leaderboard-screen.tsx';

const row = (userId: string, playerName: string, wins: number, currentStreak = 0): PlayerItem => ({
  userId,
  playerName,
  wins,
  entries: wins * 3,
  currentStreak,
  bestStreak: 4,
  lastPlayedAt: new Date().toISOString(),
});

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi({
    'GET /api/leaderboard?kind=results&limit=50': {
      body: {
        kind: 'results',
        items: [
          {
            gameId: 'g1',
            gameDate: '2026-11-22',
            playerName: 'Grace',
            prizeAmount: 200,
            prizeAmountCents: 20000,
            currency: 'USD',
            winningNumber: 3,
          },
          {
            gameId: 'g2',
            gameDate: '2026-11-21',
            playerName: 'Linus',
            prizeAmount: null,
            prizeAmountCents: null,
            currency: null,
            winningNumber: 8,
          },
        ],
      },
    },
    'GET /api/leaderboard?kind=wins&limit=50': {
      body: {
        kind: 'wins',
        items: [row('u-2', 'Grace', 9, 3), row('u-3', 'Linus', 5), row('u-4', 'Ken', 4), row('u-1', 'Ada', 2)],
      },
    },
    'GET /api/leaderboard?kind=streak&limit=50': { body: { kind: 'streak', items: [] } },
    'GET /api/leaderboard?kind=entries&limit=50': { status: 500, body: { error: 'boom', code: 'INTERNAL' } },
  });
  pointWindowAt(api.origin);
});

afterEach(async () => {
  cleanup();
  await api.close();
});

describe('leaderboard screen', () => {
  it('shows the latest results by default', async () => {
    renderWithProviders(<LeaderboardScreen />, { me: player });
    const list = await screen.findByRole('list', { name: 'Latest winners' });
    expect(within(list).getByText('Sun, Nov 22')).toBeTruthy();
    expect(within(list).getByText('$200.00')).toBeTruthy();
    expect(within(list).getByText('No Prize')).toBeTruthy();
    expect(screen.queryByText(/YOUR RANK/)).toBeNull();
  });

  it("links each result to its game's permalink; a numbered game says which it is", async () => {
    api.on('GET /api/leaderboard?kind=results&limit=50', {
      body: {
        kind: 'results',
        items: [
          {
            gameId: '2026-11-22-2',
            gameDate: '2026-11-22',
            playerName: 'Grace',
            prizeAmount: null,
            prizeAmountCents: null,
            currency: null,
            winningNumber: 4,
          },
          {
            gameId: '2026-11-22',
            gameDate: '2026-11-22',
            playerName: 'Linus',
            prizeAmount: null,
            prizeAmountCents: null,
            currency: null,
            winningNumber: 8,
          },
        ],
      },
    });
    renderWithProviders(<LeaderboardScreen />, { me: player });
    const list = await screen.findByRole('list', { name: 'Latest winners' });
    expect(within(list).getByRole('link', { name: 'Sun, Nov 22 (Game #2)' }).getAttribute('href')).toBe(
      '/stats/2026-11-22-2',
    );
    expect(within(list).getByRole('link', { name: 'Sun, Nov 22' }).getAttribute('href')).toBe('/stats/2026-11-22');
  });

  it('ranks champions with medals, the YOU badge and YOUR RANK', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LeaderboardScreen />, { me: player });
    await user.click(screen.getByRole('button', { name: 'CHAMPIONS' }));
    const list = await screen.findByRole('list', { name: 'CHAMPIONS ranking' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('🥇');
    expect(items[0]?.textContent).toContain('Streak: 3');
    expect(items[1]?.textContent).not.toContain('Streak:');
    expect(items[2]?.textContent).toContain('🥉');
    expect(items[3]?.textContent).toContain('#4');
    expect(within(items[3] as HTMLElement).getByText('YOU')).toBeTruthy();
    expect(items[0]?.textContent).toContain('Last played: Today');
    expect(screen.getByText('YOUR RANK: #4')).toBeTruthy();
  });

  it('shows the empty text of the category', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LeaderboardScreen />);
    await user.click(screen.getByRole('button', { name: 'HOT STREAK' }));
    expect(await screen.findByText('No active streaks - build your winning momentum!')).toBeTruthy();
  });

  it('offers TRY AGAIN after a failure', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LeaderboardScreen />);
    await user.click(screen.getByRole('button', { name: 'DEDICATED' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load leaderboard');
    api.on('GET /api/leaderboard?kind=entries&limit=50', {
      body: { kind: 'entries', items: [row('u-2', 'Grace', 9)] },
    });
    await user.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(await screen.findByRole('list', { name: 'DEDICATED ranking' })).toBeTruthy();
  });
});
