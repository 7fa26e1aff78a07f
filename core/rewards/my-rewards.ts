// The rewards screen: inventory per type, totals, usage history.
import type { Deps } from '../deps.ts';
import type { RewardItem, RewardType } from '../model.ts';
import { DomainError } from '../errors.ts';
import { REWARD_TYPES, isRewardType, rewardConfig, type RewardConfig } from './reward-config.ts';

export interface RewardSummary {
  rewardType: RewardType;
  available: number;
  totalUsed: number;
  expired: number;
  config: RewardConfig;
}

export const rewardConfigList = (): { rewards: ({ rewardType: RewardType } & RewardConfig)[] } => ({
  rewards: REWARD_TYPES.map((rewardType) => ({ rewardType, ...rewardConfig[rewardType] })),
});

const summarise = (rewardType: RewardType, items: readonly RewardItem[], now: string): RewardSummary => {
  const ofType = items.filter((i) => i.rewardType === rewardType);
  return {
    rewardType,
    available: ofType.filter((i) => i.usedAt === null && i.expiresAt > now).length,
    totalUsed: ofType.filter((i) => i.usedAt !== null).length,
    expired: ofType.filter((i) => i.usedAt === null && i.expiresAt <= now).length,
    config: rewardConfig[rewardType],
  };
};

export const myRewards = async (
  deps: Deps<'rewards'>,
  userId: string,
): Promise<{ rewardSummary: RewardSummary[]; totalRewardsEarned: number; totalRewardsUsed: number }> => {
  const now = deps.clock.now().toISOString();
  const items = await deps.store.read((repos) => repos.rewards.forUser(userId));
  return {
    rewardSummary: REWARD_TYPES.map((t) => summarise(t, items, now)),
    totalRewardsEarned: items.length,
    totalRewardsUsed: items.filter((i) => i.usedAt !== null).length,
  };
};

export interface RewardUse {
  id: string;
  rewardType: RewardType;
  usedAt: string;
  gameDate: string;
  result: Record<string, unknown>;
}

export const usageHistory = async (
  deps: Deps<'rewards'>,
  userId: string,
  limit = 50,
  offset = 0,
): Promise<{ items: RewardUse[] }> => {
  const n = Number.isInteger(limit) ? Math.min(Math.max(limit, 1), 100) : 50;
  const skip = Number.isInteger(offset) ? Math.max(offset, 0) : 0;
  const used = await deps.store.read((repos) => repos.rewards.usageHistory(userId, n, skip));
  return {
    items: used.map((i) => ({
      id: i.id,
      rewardType: i.rewardType,
      usedAt: i.usedAt ?? '',
      gameDate: i.usedInGameKey ?? '',
      result: i.usedResult ?? {},
    })),
  };
};

export const rewardsOfType = async (
  deps: Deps<'rewards'>,
  userId: string,
  type: string,
): Promise<RewardSummary & { items: { id: string; earnedAt: string; expiresAt: string; usedAt: string | null }[] }> => {
  if (!isRewardType(type)) throw new DomainError('VALIDATION', `Unknown reward type: ${type}.`);
  const now = deps.clock.now().toISOString();
  const items = await deps.store.read((repos) => repos.rewards.forUser(userId));
  return {
    ...summarise(type, items, now),
    items: items
      .filter((i) => i.rewardType === type)
      .map((i) => ({ id: i.id, earnedAt: i.earnedAt, expiresAt: i.expiresAt, usedAt: i.usedAt })),
  };
};
