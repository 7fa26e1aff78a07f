import type { GameDate, GameKey, PlayerStats } from '../../core/model.ts';
import type { LeaderboardKind, PlayerStatsRepository } from '../../core/ports.ts';
import { playsOf, statsAfterClose } from '../../core/rewards/streaks.ts';
import { reachesMilestone } from '../../core/rewards/streak-milestones.ts';
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

  /** The core's rules (core/rewards/streaks.ts) applied to every player's counters; the SQL adapters do it set-based. */
  async applyClose(args: {
    gameKey: GameKey;
    date: GameDate;
    previousDate: GameDate;
    winnerUserId: string | null;
    milestones: number[];
  }): Promise<{ userId: string; currentStreak: number }[]> {
    const s = this.state();
    const plays = playsOf([...s.entries.values()].filter((e) => e.gameKey === args.gameKey));
    const reached: { userId: string; currentStreak: number }[] = [];
    // Like the SQL UPDATEs, only players with a counters row (every account has one from its creation).
    for (const [userId, before] of s.playerStats) {
      const after = statsAfterClose(before, plays.get(userId) ?? null, args);
      s.playerStats.set(userId, after);
      if (reachesMilestone(before.currentStreak, after.currentStreak, args.milestones)) reached.push({ userId, currentStreak: after.currentStreak });
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
