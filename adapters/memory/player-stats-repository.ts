import type { GameDate, GameKey, PlayerStats } from '../../core/model.ts';
import type { LeaderboardKind, PlayerStatsRepository } from '../../core/ports.ts';
import type { MemoryState } from './state.ts';

const metricOf: Record<LeaderboardKind, (s: PlayerStats) => number> = {
  wins: (s) => s.wins,
  entries: (s) => s.entries,
  streak: (s) => s.currentStreak,
  bestStreak: (s) => s.bestStreak,
};

export class MemoryPlayerStatsRepository implements PlayerStatsRepository {
  constructor(private readonly state: () => MemoryState) {}

  async byUser(userId: string): Promise<PlayerStats | null> {
    const stats = this.state().playerStats.get(userId);
    return stats ? { ...stats } : null;
  }

  async applyClose(args: {
    gameKey: GameKey;
    date: GameDate;
    previousDate: GameDate;
    winnerUserId: string | null;
    milestones: number[];
  }): Promise<{ userId: string; currentStreak: number }[]> {
    const s = this.state();
    const played = new Map<string, { count: number; latest: string }>();
    for (const e of s.entries.values()) {
      if (e.gameKey !== args.gameKey || e.userId === null) continue;
      const seen = played.get(e.userId);
      played.set(e.userId, {
        count: (seen?.count ?? 0) + 1,
        latest: seen && seen.latest > e.submittedAt ? seen.latest : e.submittedAt,
      });
    }

    const reached: { userId: string; currentStreak: number }[] = [];
    for (const [userId, { count, latest }] of played) {
      const before = s.playerStats.get(userId) ?? zeroStats(userId);
      let streak: number;
      if (before.lastPlayedDate === args.date) streak = before.currentStreak;
      else if (before.lastPlayedDate === args.previousDate) streak = before.currentStreak + 1;
      else streak = 1;
      const grew = streak > before.currentStreak;
      s.playerStats.set(userId, {
        ...before,
        entries: before.entries + count,
        currentStreak: streak,
        bestStreak: Math.max(before.bestStreak, streak),
        lastPlayedDate: args.date,
        lastPlayedAt: before.lastPlayedAt !== null && before.lastPlayedAt > latest ? before.lastPlayedAt : latest,
      });
      if (grew && args.milestones.some((m) => m > 0 && streak % m === 0)) reached.push({ userId, currentStreak: streak });
    }

    for (const [userId, stats] of s.playerStats) {
      if (played.has(userId) || stats.currentStreak === 0) continue;
      if (stats.lastPlayedDate === null || stats.lastPlayedDate < args.date) s.playerStats.set(userId, { ...stats, currentStreak: 0 });
    }

    if (args.winnerUserId !== null) {
      const winner = s.playerStats.get(args.winnerUserId);
      if (winner) s.playerStats.set(args.winnerUserId, { ...winner, wins: winner.wins + 1 });
    }
    return reached.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  }

  async leaderboard(kind: LeaderboardKind, limit: number): Promise<(PlayerStats & { playerName: string })[]> {
    const s = this.state();
    const metric = metricOf[kind];
    return [...s.playerStats.values()]
      .filter((p) => metric(p) > 0)
      .sort((a, b) => metric(b) - metric(a) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
      .slice(0, Math.max(0, limit))
      .map((p) => ({ ...p, playerName: s.users.get(p.userId)?.displayName ?? '' }));
  }
}

const zeroStats = (userId: string): PlayerStats => ({
  userId,
  wins: 0,
  entries: 0,
  currentStreak: 0,
  bestStreak: 0,
  lastPlayedDate: null,
  lastPlayedAt: null,
});
