import { DomainError } from '../../core/errors.ts';
import type { GameKey, Payout, Winning } from '../../core/model.ts';
import type { WinningRepository } from '../../core/payouts/ports.ts';
import type { MemoryState } from './state.ts';

const copy = (w: Winning): Winning => ({ ...w, prize: { ...w.prize } });

export class MemoryWinningRepository implements WinningRepository {
  constructor(private readonly state: () => MemoryState) {}

  async create(winning: Winning): Promise<void> {
    const s = this.state();
    if ([...s.winnings.values()].some((w) => w.gameKey === winning.gameKey) || s.winnings.has(winning.id)) {
      throw new DomainError('CONFLICT', `Game ${winning.gameKey} already has a winning.`);
    }
    s.winnings.set(winning.id, copy(winning));
  }

  async byId(id: string): Promise<Winning | null> {
    const w = this.state().winnings.get(id);
    return w ? copy(w) : null;
  }

  async byGame(gameKey: GameKey): Promise<Winning | null> {
    const w = [...this.state().winnings.values()].find((x) => x.gameKey === gameKey);
    return w ? copy(w) : null;
  }

  async dueForReminder(createdBefore: string, limit: number): Promise<Winning[]> {
    const s = this.state();
    const claimed = new Set([...s.payouts.values()].map((p) => p.winningId));
    return [...s.winnings.values()]
      .filter(
        (w) => w.userId !== null && w.createdAt <= createdBefore && !claimed.has(w.id) && !s.remindedWinnings.has(w.id),
      )
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1))
      .slice(0, Math.max(0, limit))
      .map(copy);
  }

  async markReminded(id: string, at: string): Promise<boolean> {
    const s = this.state();
    if (!s.winnings.has(id) || s.remindedWinnings.has(id)) return false;
    s.remindedWinnings.set(id, at);
    return true;
  }

  async forUser(userId: string): Promise<{ winning: Winning; payout: Payout | null }[]> {
    const s = this.state();
    const payouts = [...s.payouts.values()];
    return [...s.winnings.values()]
      .filter((w) => w.userId === userId)
      .sort((a, b) => compareDesc(a.gameDate, b.gameDate) || compareDesc(a.gameKey, b.gameKey))
      .map((w) => {
        const payout = payouts.find((p) => p.winningId === w.id);
        return { winning: copy(w), payout: payout ? { ...payout } : null };
      });
  }

  async detachFromUser(userId: string): Promise<void> {
    const s = this.state();
    for (const [id, w] of s.winnings) {
      if (w.userId !== userId) continue;
      s.winnings.set(id, { ...w, userId: null });
      for (const [payoutId, p] of s.payouts) {
        if (p.winningId !== id) continue;
        const paid = p.status === 'paid';
        s.payouts.set(payoutId, {
          ...p,
          userId: null,
          paypalEmail: paid ? p.paypalEmail : null,
          preferredName: paid ? p.preferredName : null,
        });
      }
    }
  }
}

const compareDesc = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);
