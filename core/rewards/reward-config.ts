// The three single-use rewards (DESIGN.md §7): what players see about each.
import type { RewardType } from '../model.ts';
import { PEAK_HOW_TO_EARN } from './peak-earners.ts';
import { streakMilestoneFor } from './streak-milestones.ts';

export interface RewardConfig {
  name: string;
  description: string;
  howToEarn: string;
}

export const REWARD_TYPES: readonly RewardType[] = ['peak', 'mine', 'how_many'];

export const REWARD_EXPIRY_DAYS = 7;

/** The text of the streak milestone that earns the reward; a reward the table does not list is a programming error. */
const streakHowToEarn = (rewardType: RewardType): string => {
  const milestone = streakMilestoneFor(rewardType);
  if (!milestone) throw new Error(`No streak milestone earns ${rewardType}.`);
  return milestone.howToEarn;
};

export const rewardConfig: Readonly<Record<RewardType, RewardConfig>> = {
  peak: {
    name: 'Peak',
    description: "Peek at a number: find out whether any other player has picked it in today's game so far.",
    howToEarn: PEAK_HOW_TO_EARN,
  },
  mine: {
    name: 'Mine',
    description:
      "Lay a mine on a number of 10 or more in today's game. At the close every entry on it is knocked out: it cannot be unique, win or place.",
    howToEarn: streakHowToEarn('mine'),
  },
  how_many: {
    name: 'How Many',
    description: 'See how many numbers have been picked so far today and how many of them were picked exactly once.',
    howToEarn: streakHowToEarn('how_many'),
  },
};

export const isRewardType = (value: string): value is RewardType => (REWARD_TYPES as readonly string[]).includes(value);
