import type { GameKey, Instant } from '../../core/model.ts';
import type {
  EntryLeafRow,
  FairnessRepository,
  MineLeafRow,
  StoredRoot,
  StoredTreeNode,
  TreeSummary,
} from '../../core/fairness/ports.ts';
import { packKeys } from '../../core/fairness/tree-v2.ts';
import type { TreeItem, TreeKeys, TreeLeaf } from '../../core/fairness/model.ts';
import type { MemoryState } from './state.ts';

/** String order by code unit, as the SQL adapters order by bytes (hex leaves: the same). */
const byLeaf = (a: { leaf: string }, b: { leaf: string }): number => (a.leaf < b.leaf ? -1 : a.leaf > b.leaf ? 1 : 0);

/** Tree order: `(number, leaf)` ascending. */
const byKey = (a: TreeLeaf, b: TreeLeaf): number => a.number - b.number || byLeaf(a, b);

export class MemoryFairnessRepository implements FairnessRepository {
  constructor(private readonly state: () => MemoryState) {}

  async *sortedLeaves(gameKey: GameKey): AsyncIterable<readonly string[]> {
    const { entries, mines } = await this.publishedRows(gameKey);
    yield [...entries, ...mines].sort(byLeaf).map((r) => r.leaf);
  }

  async *treeKeys(gameKey: GameKey): AsyncIterable<TreeKeys> {
    yield packKeys(this.#treeItems(gameKey));
  }

  async closedWithoutTree(closedBefore: Instant): Promise<GameKey[]> {
    const s = this.state();
    return [...s.games.values()]
      .filter(
        (g) => g.status === 'closed' && g.closedAt !== null && g.closedAt < closedBefore && !s.fairnessRoots.has(g.key),
      )
      .map((g) => g.key)
      .sort();
  }

  async storeRoot(gameKey: GameKey, root: string): Promise<void> {
    this.state().fairnessRoots.set(gameKey, root);
    this.state().fairnessTrees.delete(gameKey);
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

  #treeItems(gameKey: GameKey): TreeItem[] {
    const s = this.state();
    return [
      ...[...s.entries.values()]
        .filter((e) => e.gameKey === gameKey)
        .map((e): TreeItem => ({ kind: 'entry', id: e.id, number: e.number, salt: e.salt, leaf: e.leaf })),
      ...s.mines
        .filter((m) => m.gameKey === gameKey)
        .map((m): TreeItem => ({ kind: 'mine', id: m.id, number: m.number, salt: m.salt, leaf: m.leaf })),
    ].sort(byKey);
  }

  async treeItems(gameKey: GameKey, from: TreeLeaf | null, skip: number, limit: number): Promise<TreeItem[]> {
    const items = this.#treeItems(gameKey).filter((item) => from === null || byKey(item, from) >= 0);
    return items.slice(skip, skip + limit);
  }

  async treeItemByLeaf(gameKey: GameKey, leaf: string): Promise<TreeItem | null> {
    return this.#treeItems(gameKey).find((item) => item.leaf === leaf) ?? null;
  }

  async storeTree(gameKey: GameKey, summary: TreeSummary, nodes: readonly StoredTreeNode[]): Promise<void> {
    const s = this.state();
    s.fairnessRoots.set(gameKey, summary.root);
    s.fairnessTrees.set(gameKey, structuredClone({ summary, nodes: [...nodes] }));
  }

  async treeSummary(gameKey: GameKey): Promise<TreeSummary | null> {
    const s = this.state();
    const tree = s.games.get(gameKey)?.status === 'closed' ? s.fairnessTrees.get(gameKey) : undefined;
    return tree ? structuredClone(tree.summary) : null;
  }

  async treeNodes(gameKey: GameKey, level: number, positions: readonly number[]): Promise<StoredTreeNode[]> {
    const nodes = this.state().fairnessTrees.get(gameKey)?.nodes ?? [];
    return positions
      .flatMap((p) => nodes.filter((n) => n.level === level && n.position === p))
      .map((n) => structuredClone(n));
  }

  async treeBlockAt(gameKey: GameKey, level: number, key: TreeLeaf): Promise<StoredTreeNode | null> {
    const nodes = this.state().fairnessTrees.get(gameKey)?.nodes ?? [];
    const starts = nodes.filter((n) => n.level === level && n.first !== null && byKey(n.first, key) <= 0);
    const last = starts.sort((a, b) => a.position - b.position).at(-1);
    return last ? structuredClone(last) : null;
  }
}
