import type { BonusEntry, GameKey, Instant } from '../../core/model.ts';
import type { BonusEntryRepository } from '../../core/entries/ports.ts';
import type { MemoryState } from './state.ts';

const soonestExpiringFirst = (a: BonusEntry, b: BonusEntry): number =>
  a.expiresAt !== b.expiresAt ? (a.expiresAt < b.expiresAt ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export class MemoryBonusEntryRepository implements BonusEntryRepository {
  constructor(private readonly state: () => MemoryState) {}

  async grant(bonus: BonusEntry): Promise<void> {
    this.state().bonusEntries.set(bonus.id, { ...bonus });
  }

  async available(userId: string, now: Instant): Promise<BonusEntry[]> {
    return [...this.state().bonusEntries.values()]
      .filter((b) => b.userId === userId && b.remainingEntries > 0 && b.expiresAt > now)
      .sort(soonestExpiringFirst)
      .map((b) => ({ ...b }));
  }

  async consume(id: string, now: Instant): Promise<boolean> {
    const grants = this.state().bonusEntries;
    const bonus = grants.get(id);
    if (!bonus || bonus.remainingEntries <= 0 || bonus.expiresAt <= now) return false;
    grants.set(id, { ...bonus, remainingEntries: bonus.remainingEntries - 1 });
    return true;
  }

  async deleteBotGrants(gameKey: GameKey): Promise<number> {
    const s = this.state();
    let removed = 0;
    for (const b of [...s.bonusEntries.values()]) {
      if (b.gameKey === gameKey && s.users.get(b.userId)?.isBot) {
        s.bonusEntries.delete(b.id);
        removed += 1;
      }
    }
    return removed;
  }

  async forUser(userId: string): Promise<BonusEntry[]> {
    return [...this.state().bonusEntries.values()]
      .filter((b) => b.userId === userId)
      .sort((a, b) => (a.grantedAt !== b.grantedAt ? (a.grantedAt < b.grantedAt ? -1 : 1) : a.id < b.id ? -1 : 1))
      .map((b) => ({ ...b }));
  }

  async deleteForUser(userId: string): Promise<void> {
    const grants = this.state().bonusEntries;
    for (const b of [...grants.values()]) if (b.userId === userId) grants.delete(b.id);
  }
}
