// Granting rewards: what the close hands out, each item valid for 7 days.
import type { GameKey, Instant, RewardItem, RewardType } from '../model.ts';
import type { Random, RepositoriesOf } from '../ports.ts';
import { REWARD_EXPIRY_DAYS } from './reward-config.ts';

const DAY_MS = 86_400_000;

export const rewardItem = (
  random: Random,
  userId: string,
  rewardType: RewardType,
  now: Date,
  sourceGameKey: GameKey | null,
): RewardItem => ({
  id: random.id(),
  userId,
  rewardType,
  earnedAt: now.toISOString(),
  expiresAt: new Date(now.getTime() + REWARD_EXPIRY_DAYS * DAY_MS).toISOString() as Instant,
  sourceGameKey,
  usedAt: null,
  usedInGameKey: null,
  usedResult: null,
});

/** Grants one item of the type to each player. */
export const earnRewards = async (
  repos: RepositoriesOf<'rewards'>,
  random: Random,
  rewardType: RewardType,
  userIds: readonly string[],
  now: Date,
  sourceGameKey: GameKey | null,
): Promise<void> => {
  if (userIds.length === 0) return;
  await repos.rewards.grant(userIds.map((userId) => rewardItem(random, userId, rewardType, now, sourceGameKey)));
};
