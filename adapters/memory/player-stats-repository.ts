import type { GameDate, GameKey, PlayerStats } from '../../core/model.ts';
import type { PlayerStatsRepository } from '../../core/rewards/ports.ts';
import { playsOf, statsAfterClose } from '../../core/rewards/streaks.ts';
import { reachesMilestone } from '../../core/rewards/streak-milestones.ts';
import type { MemoryState } from './state.ts';

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
      if (reachesMilestone(before.currentStreak, after.currentStreak, args.milestones))
        reached.push({ userId, currentStreak: after.currentStreak });
    }
    return reached.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  }
}
