// What a streak earns (DESIGN.md §5, §7): the one table of streak milestones, with the text players read about
// each. The close grants from it and the rewards screen describes from it, so the two cannot disagree.
import type { RewardType } from '../model.ts';

export interface StreakMilestone {
  /** Reached each time a streak grows to a multiple of this. */
  every: number;
  rewardType: RewardType;
  /** Bonus entries granted with the reward (DESIGN.md §5: 1 each time a streak reaches a multiple of 7). */
  bonusEntries: number;
  /** The "how to earn" text of the reward. */
  howToEarn: string;
}

const milestone = (every: number, rewardType: RewardType, bonusEntries: number): StreakMilestone => ({
  every,
  rewardType,
  bonusEntries,
  howToEarn: `Play ${every} days in a row`,
});

export const STREAK_MILESTONES: readonly StreakMilestone[] = [milestone(3, 'how_many', 0), milestone(7, 'mine', 1)];

/** The milestone lengths, for the set-based query that finds who reached one. */
export const STREAK_MILESTONE_LENGTHS: readonly number[] = STREAK_MILESTONES.map((m) => m.every);

const isMultiple = (streak: number, every: number): boolean =>
  Number.isInteger(every) && every > 0 && streak > 0 && streak % every === 0;

/** Whether a streak going from `before` to `after` reaches one of `lengths`: it grew, onto a multiple. */
export const reachesMilestone = (before: number, after: number, lengths: readonly number[]): boolean =>
  after > before && lengths.some((every) => isMultiple(after, every));

/** The milestones a streak that just grew to `streak` earns. */
export const milestonesAt = (streak: number): StreakMilestone[] =>
  STREAK_MILESTONES.filter((m) => isMultiple(streak, m.every));

/** The milestones a streak going from `before` to `after` reaches. */
export const milestonesReached = (before: number, after: number): StreakMilestone[] =>
  after > before ? milestonesAt(after) : [];

/** The milestone whose reward is `rewardType`, if a streak earns it. */
export const streakMilestoneFor = (rewardType: RewardType): StreakMilestone | undefined =>
  STREAK_MILESTONES.find((m) => m.rewardType === rewardType);

/** Per milestone, in table order, the players whose streak just grew to `currentStreak` and so earn it. */
export const streakEarners = (
  grown: readonly { userId: string; currentStreak: number }[],
): { milestone: StreakMilestone; userIds: string[] }[] =>
  STREAK_MILESTONES.map((milestone) => ({
    milestone,
    userIds: grown.filter((s) => milestonesAt(s.currentStreak).includes(milestone)).map((s) => s.userId),
  }));
