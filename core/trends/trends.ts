// GET /api/stats/trends (DESIGN.md §17): the window's winning numbers, most picked, rising, falling and
// never picked numbers, computed set-based by the adapters and cached until the next close.
import type { Deps } from '../deps.ts';
import { DomainError } from '../errors.ts';
import type { GameKey } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import type { NumberChange, NumberCount } from './ports.ts';
import {
  averageOf,
  CHANGE_LIMIT,
  halvesOf,
  isTrendDays,
  MOST_PICKED_LIMIT,
  NEVER_PICKED_LIMIT,
  numbersOfRuns,
  TREND_DAYS_MESSAGE,
  type TrendDays,
} from './trend-rules.ts';

export interface WinningPoint {
  /** The game key: a numbered extra game (`date-n`) is a point of its own. */
  gameDate: GameKey;
  winningNumber: number | null;
  entriesTotal: number;
}

export interface Trends {
  days: TrendDays;
  gamesCount: number;
  entriesTotal: number;
  /** Oldest first. */
  winningNumbers: WinningPoint[];
  mostPicked: NumberCount[];
  rising: NumberChange[];
  falling: NumberChange[];
  neverPicked: number[];
  averageWinningNumber: number | null;
}

/** The trends of the `days` latest dates that have a closed game, inside one unit of work. */
export const trendsIn = async (repos: RepositoriesOf<'trends'>, days: TrendDays): Promise<Trends> => {
  const dates = (await repos.trends.latestClosedDates(days)).reverse();
  const games = await repos.trends.closedGamesOf(dates);
  const keys = games.map((g) => g.key);
  const halves = halvesOf(dates);
  const keysOf = (half: string[]): GameKey[] => games.filter((g) => half.includes(g.date)).map((g) => g.key);
  const older = keysOf(halves.older);
  const newer = keysOf(halves.newer);
  const winning = games.flatMap((g) => (g.winningNumber === null ? [] : [g.winningNumber]));
  const highestWinning = winning.length === 0 ? 0 : Math.max(...winning);
  const hasHalves = older.length > 0 && newer.length > 0;
  return {
    days,
    gamesCount: games.length,
    entriesTotal: games.reduce((sum, g) => sum + g.entriesTotal, 0),
    winningNumbers: games.map((g) => ({
      gameDate: g.key,
      winningNumber: g.winningNumber,
      entriesTotal: g.entriesTotal,
    })),
    mostPicked: keys.length === 0 ? [] : await repos.trends.mostPicked(keys, MOST_PICKED_LIMIT),
    rising: hasHalves ? await repos.trends.changes(older, newer, 'rising', CHANGE_LIMIT) : [],
    falling: hasHalves ? await repos.trends.changes(older, newer, 'falling', CHANGE_LIMIT) : [],
    // Each run holds at least one number, so the first NEVER_PICKED_LIMIT runs always suffice.
    neverPicked:
      highestWinning === 0
        ? []
        : numbersOfRuns(await repos.trends.unpickedRuns(keys, highestWinning, NEVER_PICKED_LIMIT), NEVER_PICKED_LIMIT),
    averageWinningNumber: averageOf(winning),
  };
};

/**
 * Trends per window length, each kept with the closed-games version it was computed at. The version
 * is read from the database on every request, so a close by any instance makes the next read recompute.
 */
export class TrendsCache {
  readonly #entries = new Map<TrendDays, { version: string; trends: Trends }>();

  lookup(days: TrendDays, version: string): Trends | null {
    const hit = this.#entries.get(days);
    return hit?.version === version ? hit.trends : null;
  }

  keep(days: TrendDays, version: string, trends: Trends): void {
    this.#entries.set(days, { version, trends });
  }
}

export const trends = async (
  deps: Pick<Deps<'trends'>, 'store'>,
  days: unknown,
  cache: TrendsCache,
): Promise<Trends> => {
  if (!isTrendDays(days)) throw new DomainError('VALIDATION', TREND_DAYS_MESSAGE);
  return deps.store.read(async (repos) => {
    const { closedGames, lastClosedAt } = await repos.trends.closedVersion();
    const version = `${closedGames}|${lastClosedAt ?? ''}`;
    const cached = cache.lookup(days, version);
    if (cached) return cached;
    const fresh = await trendsIn(repos, days);
    cache.keep(days, version, fresh);
    return fresh;
  });
};
