// The three single-use rewards (DESIGN.md §7): what players see about each.
import type { RewardType } from '../model.ts';

export interface RewardConfig {
  name: string;
  description: string;
  howToEarn: string;
}

export const REWARD_TYPES: readonly RewardType[] = ['peak', 'mine', 'how_many'];

export const REWARD_EXPIRY_DAYS = 7;

export const rewardConfig: Readonly<Record<RewardType, RewardConfig>> = {
  peak: {
    name: 'Peak',
    description: "Peek at a number: find out whether any other player has picked it in today's game so far.",
    howToEarn: 'Pick a unique number that does not win',
  },
  mine: {
    name: 'Mine',
    description:
      "Lay a mine on a number of 10 or more in today's game. At the close every entry on it is knocked out: it cannot be unique, win or place.",
    howToEarn: 'Play 7 days in a row',
  },
  how_many: {
    name: 'How Many',
    description: 'See how many numbers have been picked so far today and how many of them were picked exactly once.',
    howToEarn: 'Play 3 days in a row',
  },
};

export const isRewardType = (value: string): value is RewardType => (REWARD_TYPES as readonly string[]).includes(value);
