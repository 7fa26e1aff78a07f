// The ranking rule of the player leaderboards, the spec every store's `topPlayers` must agree with (the SQL stores
// keep the top of each ranking at the close; test/contract/close-rules.test.ts runs random histories through both).
import type { PlayerStats } from '../model.ts';
import type { PlayerMetric } from './ports.ts';

export const METRIC_VALUE: Record<PlayerMetric, (stats: PlayerStats) => number> = {
  wins: (s) => s.wins,
  entries: (s) => s.entries,
  streak: (s) => s.currentStreak,
  bestStreak: (s) => s.bestStreak,
};

/** Players whose metric is above 0, highest first, then by user id (code-unit order); at most `limit` of them. */
export const rankPlayers = <S extends PlayerStats>(stats: Iterable<S>, metric: PlayerMetric, limit: number): S[] => {
  const value = METRIC_VALUE[metric];
  return [...stats]
    .filter((s) => value(s) > 0)
    .sort((a, b) => value(b) - value(a) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
    .slice(0, Math.max(0, limit));
};
