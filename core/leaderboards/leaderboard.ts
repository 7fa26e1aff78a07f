// The RANKINGS screen: latest winners, or players ordered by one of their counters.
import type { Deps } from '../deps.ts';
import { DomainError } from '../errors.ts';

export type LeaderboardKind = 'results' | 'wins' | 'entries' | 'streak' | 'bestStreak';
const KINDS: readonly LeaderboardKind[] = ['results', 'wins', 'entries', 'streak', 'bestStreak'];

export const isLeaderboardKind = (value: string): value is LeaderboardKind =>
  (KINDS as readonly string[]).includes(value);

export interface ResultItem {
  gameId: string;
  gameDate: string;
  playerName: string;
  prizeAmount: number | null;
  prizeAmountCents: number | null;
  currency: string | null;
  winningNumber: number;
}

export interface PlayerItem {
  userId: string;
  playerName: string;
  wins: number;
  entries: number;
  currentStreak: number;
  bestStreak: number;
  lastPlayedAt: string | null;
}

export const DEFAULT_LEADERBOARD_LIMIT = 20;

const clampLimit = (limit: number | undefined): number =>
  limit === undefined || !Number.isFinite(limit)
    ? DEFAULT_LEADERBOARD_LIMIT
    : Math.min(Math.max(Math.trunc(limit), 1), 100);

export const leaderboard = async (
  deps: Deps<'leaderboards'>,
  kind: string,
  limit?: number,
): Promise<{ kind: LeaderboardKind; items: (ResultItem | PlayerItem)[] }> => {
  if (!isLeaderboardKind(kind)) throw new DomainError('VALIDATION', `Unknown leaderboard: ${kind}.`);
  const n = clampLimit(limit);
  if (kind === 'results') {
    const rows = await deps.store.read((repos) => repos.leaderboards.latestWinners(n));
    return {
      kind,
      items: rows.map((r) => ({
        gameId: r.gameKey,
        gameDate: r.gameDate,
        playerName: r.playerName ?? 'Anonymous',
        prizeAmount: r.amountCents === null ? null : r.amountCents / 100,
        prizeAmountCents: r.amountCents,
        currency: r.currency,
        winningNumber: r.winningNumber,
      })),
    };
  }
  const rows = await deps.store.read((repos) => repos.leaderboards.topPlayers(kind, n));
  return {
    kind,
    items: rows.map((r) => ({
      userId: r.userId,
      playerName: r.playerName,
      wins: r.wins,
      entries: r.entries,
      currentStreak: r.currentStreak,
      bestStreak: r.bestStreak,
      lastPlayedAt: r.lastPlayedAt,
    })),
  };
};
