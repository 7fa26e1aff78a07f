// What rewards and the players' counters need from the database.
import type { GameDate, GameKey, Instant, PlayerStats, RewardItem, RewardType } from '../model.ts';

export interface RewardRepository {
  grant(items: RewardItem[]): Promise<void>;
  /** The unused, unexpired item of that type expiring soonest, or null. */
  firstAvailable(userId: string, rewardType: RewardType, now: Instant): Promise<RewardItem | null>;
  /** Marks the item used (a conditional update on usedAt IS NULL); false when it was already used. */
  markUsed(id: string, usedAt: Instant, gameKey: GameKey, result: Record<string, unknown>): Promise<boolean>;
  /** All of the player's items (for the summary), oldest first. */
  forUser(userId: string): Promise<RewardItem[]>;
  /** Used items, most recent use first. */
  usageHistory(userId: string, limit: number, offset: number): Promise<RewardItem[]>;
  deleteForUser(userId: string): Promise<void>;
}

export interface PlayerStatsRepository {
  byUser(userId: string): Promise<PlayerStats | null>;
  /**
   * Applies a closed game to the counters, set-based: every player with an entry gets entries += their
   * entry count and lastPlayedAt; their streak grows by 1 when lastPlayedDate = previousDate, stays when
   * it is `date` already, else restarts at 1; bestStreak follows; lastPlayedDate = date. Players with
   * currentStreak > 0 who did not play and whose lastPlayedDate < date drop to 0. The winner gets wins += 1.
   * Returns the players whose streak grew to a positive multiple of one of `milestones`, with the new streak.
   */
  applyClose(args: {
    gameKey: GameKey;
    date: GameDate;
    previousDate: GameDate;
    winnerUserId: string | null;
    milestones: number[];
  }): Promise<{ userId: string; currentStreak: number }[]>;
}
