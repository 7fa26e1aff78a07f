import type { GameKey } from '../../core/model.ts';
import type { EntryLeafRow, FairnessRepository, MineLeafRow, StoredRoot } from '../../core/fairness/ports.ts';
import type { MemoryState } from './state.ts';

/** String order by code unit, as the SQL adapters order by bytes (hex leaves: the same). */
const byLeaf = (a: { leaf: string }, b: { leaf: string }): number => (a.leaf < b.leaf ? -1 : a.leaf > b.leaf ? 1 : 0);

export class MemoryFairnessRepository implements FairnessRepository {
  constructor(private readonly state: () => MemoryState) {}

  async *sortedLeaves(gameKey: GameKey): AsyncIterable<readonly string[]> {
    const { entries, mines } = await this.publishedRows(gameKey);
    yield [...entries, ...mines].sort(byLeaf).map((r) => r.leaf);
  }

  async storeRoot(gameKey: GameKey, root: string): Promise<void> {
    this.state().fairnessRoots.set(gameKey, root);
  }

  async storedRoot(gameKey: GameKey): Promise<StoredRoot | null> {
    const s = this.state();
    if (s.games.get(gameKey)?.status !== 'closed') return null;
    const root = s.fairnessRoots.get(gameKey) ?? null;
    return { root, reason: null };
  }

  async publishedRows(gameKey: GameKey): Promise<{ entries: EntryLeafRow[]; mines: MineLeafRow[] }> {
    const s = this.state();
    const entries = [...s.entries.values()]
      .filter((e) => e.gameKey === gameKey)
      .map((e) => ({ entryId: e.id, number: e.number, salt: e.salt, leaf: e.leaf }))
      .sort(byLeaf);
    const mines = s.mines
      .filter((m) => m.gameKey === gameKey)
      .map((m) => ({ mineId: m.id, number: m.number, salt: m.salt, leaf: m.leaf }))
      .sort(byLeaf);
    return { entries, mines };
  }
}
