import type { GameKey, Instant, RewardItem, RewardType } from '../../core/model.ts';
import type { RewardRepository } from '../../core/rewards/ports.ts';
import type { MemoryState } from './state.ts';

const copy = (item: RewardItem): RewardItem => structuredClone(item);
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class MemoryRewardRepository implements RewardRepository {
  constructor(private readonly state: () => MemoryState) {}

  async grant(items: RewardItem[]): Promise<void> {
    const rewards = this.state().rewards;
    for (const item of items) rewards.set(item.id, copy(item));
  }

  async firstAvailable(userId: string, rewardType: RewardType, now: Instant): Promise<RewardItem | null> {
    const candidates = this.#all()
      .filter((r) => r.userId === userId && r.rewardType === rewardType && r.usedAt === null && r.expiresAt > now)
      .sort((a, b) => compare(a.expiresAt, b.expiresAt) || compare(a.id, b.id));
    return candidates[0] ? copy(candidates[0]) : null;
  }

  async markUsed(id: string, usedAt: Instant, gameKey: GameKey, result: Record<string, unknown>): Promise<boolean> {
    const rewards = this.state().rewards;
    const item = rewards.get(id);
    if (!item || item.usedAt !== null) return false;
    rewards.set(id, { ...item, usedAt, usedInGameKey: gameKey, usedResult: structuredClone(result) });
    return true;
  }

  async forUser(userId: string): Promise<RewardItem[]> {
    return this.#all()
      .filter((r) => r.userId === userId)
      .sort((a, b) => compare(a.earnedAt, b.earnedAt) || compare(a.id, b.id))
      .map(copy);
  }

  async usageHistory(userId: string, limit: number, offset: number): Promise<RewardItem[]> {
    const start = Math.max(0, offset);
    return this.#all()
      .filter((r) => r.userId === userId && r.usedAt !== null)
      .sort((a, b) => compare(b.usedAt ?? '', a.usedAt ?? '') || compare(b.id, a.id))
      .slice(start, start + Math.max(0, limit))
      .map(copy);
  }

  async deleteForUser(userId: string): Promise<void> {
    const rewards = this.state().rewards;
    for (const r of [...rewards.values()]) if (r.userId === userId) rewards.delete(r.id);
  }

  #all(): RewardItem[] {
    return [...this.state().rewards.values()];
  }
}
