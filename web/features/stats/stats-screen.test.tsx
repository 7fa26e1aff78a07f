// @vitest-environment happy-dom
// The statistics screen against a real local HTTP server.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DailyStatsResponse } from '../../../server/routes/stats.schemas.ts';
import { startFakeApi, pointWindowAt, type FakeApi } from '../../testing/fake-api.ts';
import { player } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { StatsScreen } from './stats-screen.tsx';

function dailyStats(gameDate: string, overrides: Partial<DailyStatsResponse> = {}): DailyStatsResponse {
  // 30 numbers: 1..30, the even ones picked twice
  const histogram = Array.from({ length: 30 }, (_, i) => {
    const count = (i + 1) % 2 === 0 ? 2 : 1;
    return { number: i + 1, count, unique: count === 1 && i + 1 !== 29 };
  });
  return {
    gameDate,
    snapshot: {
      entriesTotal: 45,
      uniquesTotal: 15,
      winningNumber: 1,
      secondPlaceNumber: 3,
      missedWinNumber: null,
      highestNumber: 30,
      mostFrequentNumbers: [2],
      mostFrequentCount: 2,
      median: 15,
      average: 15.5,
      minedNumbers: [29],
    },
    histogram,
    histogramTruncated: false,
    userSubmissions: [],
    myOutcomes: [],
    fairnessRoot: 'ab12cd34ef56'.padEnd(64, '0'),
    ...overrides,
  };
}

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi({
    'GET /api/history?limit=100': {
      body: {
        items: [
          { gameDate: '2026-11-22', status: 'open' },
          { gameDate: '2026-11-21-2', status: 'closed' },
          { gameDate: '2026-11-21', status: 'closed' },
        ],
      },
    },
    'GET /api/stats/daily/2026-11-21-2': { body: dailyStats('2026-11-21-2') },
    'GET /api/stats/daily/2026-11-21': {
      body: dailyStats('2026-11-21', {
        userSubmissions: [
          { id: 'e1', number: 5, entryType: 'standard', submittedAt: '2026-11-20T12:00:00.000Z' },
          { id: 'e2', number: 40, entryType: 'bonus', submittedAt: '2026-11-20T12:01:00.000Z' },
        ],
        // As the server decides them: 40 sits beyond a truncated histogram, and only the server knows it was not unique.
        myOutcomes: [
          { number: 5, entryType: 'standard', outcome: 'unique', rank: 3 },
          { number: 40, entryType: 'bonus', outcome: 'duplicate', rank: null },
        ],
      }),
    },
  });
  pointWindowAt(api.origin);
});

afterEach(async () => {
  cleanup();
  await api.close();
});

describe('statistics screen', () => {
  it('opens the most recent closed game, with its game number, and navigates back', async () => {
    const user = userEvent.setup();
    // PREVIOUS goes to the game's permalink /stats/{gameKey}, which the app's routes map to this screen.
    renderWithProviders(
      <Routes>
        <Route path="/stats" element={<StatsScreen />} />
        <Route path="/stats/:gameKey" element={<StatsScreen />} />
      </Routes>,
      { route: '/stats' },
    );
    expect(await screen.findByRole('heading', { name: 'Saturday, November 21, 2026 (Game #2)' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'NEXT' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Winning number')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'PREVIOUS' }));
    expect(await screen.findByRole('heading', { name: 'Saturday, November 21, 2026' })).toBeTruthy();
    expect(api.requests.some((request) => request.path === '/api/stats/daily/2026-11-21')).toBe(true);
  });

  it('falls back to the most recent game for an unknown date', async () => {
    renderWithProviders(<StatsScreen />, { route: '/stats?date=2020-01-01' });
    expect(await screen.findByRole('heading', { name: 'Saturday, November 21, 2026 (Game #2)' })).toBeTruthy();
  });

  it('shows not found, never another day, for a permalink to an impossible or unknown game', async () => {
    for (const gameKey of ['2026-13-99', '2020-01-01']) {
      api.on(`GET /api/stats/daily/${gameKey}`, {
        status: 404,
        body: { error: `No statistics for ${gameKey} yet.`, code: 'NOT_FOUND' },
      });
      renderWithProviders(
        <Routes>
          <Route path="/stats/:gameKey" element={<StatsScreen />} />
        </Routes>,
        { route: `/stats/${gameKey}` },
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
      expect(screen.queryByText(/November 21, 2026/)).toBeNull();
      cleanup();
    }
  });

  it("says the results come after the close for the open game's permalink, without asking for its statistics", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/stats/:gameKey" element={<StatsScreen />} />
      </Routes>,
      { route: '/stats/2026-11-22' },
    );
    expect(await screen.findByRole('heading', { name: 'RESULTS AFTER THE CLOSE' })).toBeTruthy();
    expect(screen.getByText(/The game of Sunday, November 22, 2026 is still open/)).toBeTruthy();
    expect(screen.queryByText(/November 21, 2026/)).toBeNull();
    expect(api.requests.some((request) => request.path === '/api/stats/daily/2026-11-22')).toBe(false);
  });

  it("opens a closed game's permalink beyond the listed games", async () => {
    api.on('GET /api/stats/daily/2025-01-05', { body: dailyStats('2025-01-05') });
    renderWithProviders(
      <Routes>
        <Route path="/stats/:gameKey" element={<StatsScreen />} />
      </Routes>,
      { route: '/stats/2025-01-05' },
    );
    expect(await screen.findByRole('heading', { name: /January 5, 2025/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'MOST RECENT' })).toBeTruthy();
  });

  it('tells a signed-in player their game story', async () => {
    renderWithProviders(<StatsScreen />, { route: '/stats?date=2026-11-21', me: player });
    const story = await screen.findByRole('region', { name: 'YOUR GAME STORY' });
    const five = within(story).getByRole('article', { name: 'Your number 5' });
    expect(within(five).getByText('UNIQUE')).toBeTruthy();
    expect(within(five).getByText('3rd of 15 unique numbers')).toBeTruthy();
    expect(within(five).getByText('5 was unique, but 1 was lower.')).toBeTruthy();
    const forty = within(story).getByRole('article', { name: 'Your number 40' });
    expect(within(forty).getByText('NOT UNIQUE')).toBeTruthy();
    expect(within(forty).getByText('Not unique: no rank')).toBeTruthy();
    expect(document.title).toBe('Statistics · LOWEST UNIQUE');
  });

  it('lists mined numbers and shows 15 of 25 numbers until SHOW ALL', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StatsScreen />, { route: '/stats' });
    expect(within(await screen.findByRole('list', { name: 'Mined numbers' })).getByText(/29/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'NUMBER DISTRIBUTION' }));
    const list = screen.getByRole('list', { name: 'Number distribution' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(15);
    await user.click(screen.getByRole('button', { name: /SHOW ALL/ }));
    expect(within(screen.getByRole('list', { name: 'Number distribution' })).getAllByRole('listitem')).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'SHOW LESS' }));
    expect(within(screen.getByRole('list', { name: 'Number distribution' })).getAllByRole('listitem')).toHaveLength(15);
  });

  it('says NO STATS AVAILABLE without closed games', async () => {
    api.on('GET /api/history?limit=100', { body: { items: [{ gameDate: '2026-11-22', status: 'open' }] } });
    renderWithProviders(<StatsScreen />, { route: '/stats' });
    expect(await screen.findByRole('heading', { name: 'NO STATS AVAILABLE' })).toBeTruthy();
  });

  it('reports a failed statistics load', async () => {
    api.on('GET /api/stats/daily/2026-11-21-2', { status: 500, body: { error: 'database down', code: 'INTERNAL' } });
    renderWithProviders(<StatsScreen />, { route: '/stats' });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load statistics data');
  });
});

describe('statistics tabs', () => {
  it('switches tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StatsScreen />, { route: '/stats' });
    await user.click(await screen.findByRole('tab', { name: 'GAME STATS' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'NUMBER DISTRIBUTION' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('list', { name: 'Number distribution' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'GAME STATS' }).getAttribute('aria-selected')).toBe('true');
  });
});
