import { DomainError } from '../../core/errors.ts';
import type { GameKey, Mine } from '../../core/model.ts';
import type { MineRepository } from '../../core/entries/ports.ts';
import type { MemoryState } from './state.ts';

export class MemoryMineRepository implements MineRepository {
  constructor(private readonly state: () => MemoryState) {}

  async place(mine: Mine): Promise<void> {
    const s = this.state();
    if (s.mines.some((m) => m.gameKey === mine.gameKey && m.userId === mine.userId)) {
      throw new DomainError('MINE_ALREADY_USED', 'You already laid a mine in this game.');
    }
    s.mines.push({ ...mine });
  }

  async forPlayer(gameKey: GameKey, userId: string): Promise<Mine | null> {
    const mine = this.state().mines.find((m) => m.gameKey === gameKey && m.userId === userId);
    return mine ? { ...mine, userId } : null;
  }

  async numbers(gameKey: GameKey): Promise<number[]> {
    const numbers = new Set(
      this.state()
        .mines.filter((m) => m.gameKey === gameKey)
        .map((m) => m.number),
    );
    return [...numbers].sort((a, b) => a - b);
  }

  async detachFromUser(userId: string): Promise<void> {
    const s = this.state();
    s.mines = s.mines.map((m) => (m.userId === userId ? { ...m, userId: null } : m));
  }
}
