// @vitest-environment happy-dom
// The TRENDS tab, the permalink and SHARE on the statistics screen, against a real local HTTP server.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntryOutcomeDto } from '../../../server/routes/results.schemas.ts';
import type { DailyStatsResponse, TrendsResponse } from '../../../server/routes/stats.schemas.ts';
import { startFakeApi, pointWindowAt, type FakeApi } from '../../testing/fake-api.ts';
import { player } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { ShareResultButton } from '../../components/share-result-button.tsx';
import { StatsScreen } from './stats-screen.tsx';

function dailyStats(gameDate: string, myOutcomes: EntryOutcomeDto[] = []): DailyStatsResponse {
  return {
    gameDate,
    snapshot: {
      entriesTotal: 3,
      uniquesTotal: 2,
      winningNumber: 2,
      secondPlaceNumber: 7,
      missedWinNumber: 1,
      highestNumber: 7,
      mostFrequentNumbers: [4],
      mostFrequentCount: 2,
      median: 4,
      average: 4.25,
      minedNumbers: [],
    },
    histogram: [
      { number: 2, count: 1, unique: true },
      { number: 4, count: 2, unique: false },
      { number: 7, count: 1, unique: true },
    ],
    histogramTruncated: false,
    userSubmissions: myOutcomes.map((o, i) => ({
      id: `e${i}`,
      number: o.number,
      entryType: o.entryType,
      submittedAt: '2026-11-20T12:00:00.000Z',
    })),
    myOutcomes,
    fairnessRoot: null,
  };
}

const trends7: TrendsResponse = {
  days: 7,
  gamesCount: 3,
  entriesTotal: 11,
  winningNumbers: [
    { gameDate: '2026-11-20', winningNumber: 3, entriesTotal: 4 },
    { gameDate: '2026-11-21', winningNumber: null, entriesTotal: 3 },
    { gameDate: '2026-11-21-2', winningNumber: 2, entriesTotal: 4 },
  ],
  mostPicked: [
    { number: 4, count: 5 },
    { number: 1, count: 2 },
  ],
  rising: [{ number: 6, before: 0, after: 3 }],
  falling: [{ number: 1, before: 2, after: 0 }],
  neverPicked: [5],
  averageWinningNumber: 2.5,
};

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi({
    'GET /api/history?limit=100': {
      body: {
        items: [
          { gameDate: '2026-11-22', status: 'open' },
          { gameDate: '2026-11-21-2', status: 'closed' },
          { gameDate: '2026-11-21', status: 'closed' },
          { gameDate: '2026-11-20', status: 'closed' },
        ],
      },
    },
    'GET /api/stats/daily/2026-11-21-2': { body: dailyStats('2026-11-21-2') },
    'GET /api/stats/daily/2026-11-20': {
      body: dailyStats('2026-11-20', [
        { number: 4, entryType: 'standard', outcome: 'duplicate', rank: null },
        { number: 7, entryType: 'bonus', outcome: 'runner_up', rank: 2 },
      ]),
    },
    'GET /api/stats/trends?days=7': { body: trends7 },
    'GET /api/stats/trends?days=30': {
      body: {
        ...trends7,
        days: 30,
        gamesCount: 0,
        entriesTotal: 0,
        winningNumbers: [],
        mostPicked: [],
        rising: [],
        falling: [],
        neverPicked: [],
        averageWinningNumber: null,
      },
    },
  });
  pointWindowAt(api.origin);
});

afterEach(async () => {
  cleanup();
  await api.close();
});

const statsRoutes = (
  <Routes>
    <Route path="/stats" element={<StatsScreen />} />
    <Route path="/stats/:gameKey" element={<StatsScreen />} />
  </Routes>
);

describe('TRENDS tab', () => {
  it('charts the winning numbers with a table for screen readers and lists the numbers; 30 DAYS asks again', async () => {
    const user = userEvent.setup();
    renderWithProviders(statsRoutes, { route: '/stats' });
    await user.click(await screen.findByRole('tab', { name: 'TRENDS' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('img', { name: 'Winning number per game' })).toBeTruthy();

    const table = within(panel).getByRole('table', { name: 'Winning number per game' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows.slice(1)).toEqual(['Fri, Nov 2034', 'Sat, Nov 21No winner3', 'Sat, Nov 21 (Game #2)24']);
    // A numbered game is its own point: two circles and one cross for the game without a winner.
    expect(panel.querySelectorAll('circle')).toHaveLength(2);

    const list = (name: string) =>
      within(within(panel).getByRole('region', { name }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(list('MOST PICKED')).toEqual(['4 ×5', '1 ×2']);
    expect(list('RISING')).toEqual(['6 0 → 3 picks']);
    expect(list('FALLING')).toEqual(['1 2 → 0 picks']);
    expect(list('NEVER PICKED')).toEqual(['5']);
    expect(within(panel).getByRole('link', { name: 'Sat, Nov 21 (Game #2)' }).getAttribute('href')).toBe(
      '/stats/2026-11-21-2',
    );

    await user.click(within(panel).getByRole('button', { name: '30 DAYS' }));
    expect(await within(panel).findByText('No closed games in this period yet.')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: '30 DAYS' }).getAttribute('aria-pressed')).toBe('true');
    expect(api.requestsTo('GET /api/stats/trends?days=30')).toHaveLength(1);
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(statsRoutes, { route: '/stats' });
    const first = await screen.findByRole('tab', { name: 'GAME STATS' });
    first.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'TRENDS' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'TRENDS' }));
    expect(await screen.findByRole('img', { name: 'Winning number per game' })).toBeTruthy();
  });
});

describe('permalink and SHARE', () => {
  it("opens the permalink's game, and SHARE copies the best result with COPIED!", async () => {
    const user = userEvent.setup();
    renderWithProviders(statsRoutes, { route: '/stats/2026-11-20', me: player });
    expect(await screen.findByRole('heading', { name: 'Friday, November 20, 2026' })).toBeTruthy();
    const story = await screen.findByRole('region', { name: 'YOUR GAME STORY' });
    await user.click(within(story).getByRole('button', { name: 'SHARE' }));
    expect(await within(story).findByRole('button', { name: 'COPIED!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(
      `LOWEST UNIQUE 2026-11-20: my 7 was runner-up. Winning number: 2. ${api.origin}/stats/2026-11-20`,
    );
  });

  it('hands the text to the Web Share API where the browser has one', async () => {
    const shared: ShareData[] = [];
    // Happy-dom has no Web Share API; this stands in for the browser's share sheet.
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => void shared.push(data),
    });
    try {
      const user = userEvent.setup();
      renderWithProviders(
        <ShareResultButton
          gameKey="2026-11-21-2"
          winningNumber={null}
          entries={[{ number: 4, outcome: 'duplicate' }]}
        />,
      );
      await user.click(screen.getByRole('button', { name: 'SHARE' }));
      expect(shared).toEqual([
        {
          title: 'LOWEST UNIQUE',
          text: `LOWEST UNIQUE 2026-11-21 (Game #2): my 4 was not unique. Winning number: none. ${api.origin}/stats/2026-11-21-2`,
        },
      ]);
      expect(screen.getByRole('button', { name: 'SHARE' })).toBeTruthy();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('starts afresh for another game', async () => {
    const user = userEvent.setup();
    const view = render(
      <ShareResultButton gameKey="2026-11-20" winningNumber={3} entries={[{ number: 3, outcome: 'winner' }]} />,
    );
    await user.click(screen.getByRole('button', { name: 'SHARE' }));
    expect(await screen.findByRole('button', { name: 'COPIED!' })).toBeTruthy();
    view.rerender(
      <ShareResultButton gameKey="2026-11-21" winningNumber={5} entries={[{ number: 9, outcome: 'unique' }]} />,
    );
    expect(screen.getByRole('button', { name: 'SHARE' })).toBeTruthy();
  });

  it('offers nothing to share without an entry of a closed game', () => {
    renderWithProviders(<ShareResultButton gameKey="2026-11-21" winningNumber={3} entries={[]} />);
    expect(screen.queryByRole('button', { name: 'SHARE' })).toBeNull();
  });
});
