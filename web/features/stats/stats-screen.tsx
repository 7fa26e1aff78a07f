// /stats and /stats/{gameKey}: date navigation over closed games, GAME STATS, NUMBER DISTRIBUTION and TRENDS tabs, the personal game story.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { DailyStatsResponse } from '../../../server/routes/stats.schemas.ts';
import { TabList, tabElementId, type TabItem } from '../../components/ui/tab-list.tsx';
import { NotFoundScreen } from '../../components/not-found-screen.tsx';
import { ApiClientError } from '../../lib/api-client.ts';
import { formatLongDate, gameNumberLabel } from '../../lib/dates.ts';
import { paths, statsForDate } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useMe } from '../../api/me.ts';
import { useDailyStats } from './api/get-daily-stats.ts';
import { useHistory } from '../../api/get-history.ts';
import { DistributionView } from './components/distribution-view.tsx';
import { GameStoryCard } from './components/game-story-card.tsx';
import { chooseStatsDate, type StatsRequest } from './stats-dates.ts';
import { RootBadge } from '../../components/root-badge.tsx';

// Loaded on first use: the chart and its lists are not needed for a day's statistics.
const TrendsView = lazy(() => import('./components/trends-view.tsx'));

type Tab = 'stats' | 'distribution' | 'trends';

const statsTabs: TabItem<Tab>[] = [
  { id: 'stats', label: 'GAME STATS' },
  { id: 'distribution', label: 'NUMBER DISTRIBUTION' },
  { id: 'trends', label: 'TRENDS' },
];

export function StatsScreen() {
  usePageTitle('Statistics');
  const { user } = useMe();
  const [searchParams] = useSearchParams();
  const { gameKey } = useParams();
  const navigate = useNavigate();
  const history = useHistory(100);
  // The permalink /stats/{gameKey} shows its own game or none; the older /stats?date= still opens its game.
  const date = searchParams.get('date');
  const request: StatsRequest =
    gameKey !== undefined
      ? { kind: 'permalink', gameKey }
      : date !== null
        ? { kind: 'date', date }
        : { kind: 'newest' };
  const choice = chooseStatsDate(history.data?.items ?? [], request);
  // Asked once the list says whether the game is the open one, which has no statistics yet.
  const stats = useDailyStats(history.isSuccess && !choice.open ? choice.selected : null);
  const [tab, setTab] = useState<Tab>('stats');
  const goTo = (date: string | null) => {
    if (date !== null) void navigate(statsForDate(date));
  };

  // The server knows no closed game under this key (unknown, impossible or not yet closed and not today's).
  if (
    request.kind === 'permalink' &&
    stats.error instanceof ApiClientError &&
    [400, 404].includes(stats.error.status)
  ) {
    return <NotFoundScreen />;
  }
  if (history.isLoading) return <Page>Loading statistics…</Page>;
  if (history.isError) {
    return (
      <Page>
        <div className="alert" role="alert">
          Failed to load available games
        </div>
      </Page>
    );
  }
  if (choice.selected === null) {
    return (
      <Page>
        <div className="card">
          <h2 className="card-title">NO STATS AVAILABLE</h2>
          <p>Statistics appear once a game has closed.</p>
        </div>
      </Page>
    );
  }

  const selected = choice.selected;
  if (choice.open) {
    return (
      <Page>
        <div className="card">
          <h2 className="card-title">RESULTS AFTER THE CLOSE</h2>
          <p>
            The game of {[formatLongDate(selected), gameNumberLabel(selected)].filter(Boolean).join(' ')} is still open:
            its statistics appear when it closes.
          </p>
          <p>
            <Link className="link-target" to={paths.home}>
              Play today's game
            </Link>
          </p>
        </div>
      </Page>
    );
  }
  return (
    <Page>
      <nav className="card" aria-label="Game date">
        <h2 className="card-title">
          {formatLongDate(selected)} {gameNumberLabel(selected)}
        </h2>
        <div className="row">
          <button
            type="button"
            className="btn btn-small"
            disabled={choice.previous === null}
            onClick={() => goTo(choice.previous)}
          >
            <span aria-hidden="true">← </span>PREVIOUS
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={choice.next === null}
            onClick={() => goTo(choice.next)}
          >
            NEXT<span aria-hidden="true"> →</span>
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={choice.mostRecent === selected}
            onClick={() => goTo(choice.mostRecent)}
          >
            MOST RECENT
          </button>
        </div>
      </nav>

      {stats.isLoading && <p>Loading statistics…</p>}
      {stats.isError && (
        <div className="alert" role="alert">
          Failed to load statistics data
        </div>
      )}
      {stats.data !== undefined && (
        <>
          <RootBadge gameKey={selected} root={stats.data.fairnessRoot} />
          {user !== null && stats.data.myOutcomes.length > 0 && (
            <GameStoryCard stats={stats.data} outcomes={stats.data.myOutcomes} />
          )}
          <TabList
            tabs={statsTabs}
            selected={tab}
            onSelect={setTab}
            label="Statistics views"
            idPrefix="stats-tab"
            panelId="stats-panel"
          />
          <div className="card" role="tabpanel" id="stats-panel" aria-labelledby={tabElementId('stats-tab', tab)}>
            {tab === 'stats' && <GameStatsView stats={stats.data} />}
            {tab === 'distribution' && <DistributionView stats={stats.data} />}
            {tab === 'trends' && (
              <Suspense fallback={<p>Loading trends…</p>}>
                <TrendsView />
              </Suspense>
            )}
          </div>
        </>
      )}
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <section className="page">
      <h1 className="page-title">STATISTICS</h1>
      {children}
    </section>
  );
}

function show(value: number | null, none = '—'): string {
  if (value === null) return none;
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

function GameStatsView({ stats }: { stats: DailyStatsResponse }) {
  const { snapshot } = stats;
  const rows: [string, string][] = [
    ['Winning number', show(snapshot.winningNumber, 'No winner')],
    ['Second place', show(snapshot.secondPlaceNumber, 'None')],
    ['Total entries', String(snapshot.entriesTotal)],
    ['Unique numbers', String(snapshot.uniquesTotal)],
    ['Missed win number', show(snapshot.missedWinNumber, 'None')],
    ['Highest number', show(snapshot.highestNumber)],
    [
      'Most frequent',
      snapshot.mostFrequentNumbers.length === 0
        ? '—'
        : `${snapshot.mostFrequentNumbers.join(', ')} (×${snapshot.mostFrequentCount})`,
    ],
    ['Median', show(snapshot.median)],
    ['Average', show(snapshot.average)],
  ];
  return (
    <div className="stack">
      <dl className="grid stat-grid">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="muted">{label}</dt>
            <dd className="stat-value">{value}</dd>
          </div>
        ))}
      </dl>
      {snapshot.missedWinNumber !== null && (
        <p className="muted">Missed win: had anyone picked {snapshot.missedWinNumber} alone, they would have won.</p>
      )}
      <div>
        <h3>MINED NUMBERS</h3>
        {snapshot.minedNumbers.length === 0 ? (
          <p className="muted">No mines were laid in this game.</p>
        ) : (
          <ul className="row" aria-label="Mined numbers">
            {snapshot.minedNumbers.map((number) => (
              <li key={number} className="badge">
                💣 {number}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
