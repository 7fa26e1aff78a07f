// Contract: the storage of fairness tree version 2 (DESIGN.md §16): items read in tree order `(number, leaf)` from
// any position, an item found by its leaf, the summary and upper nodes the close stores and the block holding a key;
// identical on memory, SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import type { StoredTreeNode, TreeSummary } from '../../core/fairness/ports.ts';
import { unpackKeys } from '../../core/fairness/tree-v2.ts';
import type { TreeItem, TreeKeys } from '../../core/fairness/model.ts';
import type { Repositories } from '../../core/ports.ts';
import { contract } from './harness.ts';
import { allPages, emptyStats, entry, game, mine, pagedFairness, seedUsers } from './fixtures.ts';

const KEY = '2026-11-20';

/** Each page as `map` gives it, one element per page. */
async function* mapPages<Page, T>(pages: AsyncIterable<Page>, map: (page: Page) => T): AsyncIterable<readonly T[]> {
  for await (const page of pages) yield [map(page)];
}

/** Entries on numbers with duplicates, two mines among them, and an entry of another game. */
const seed = async (r: Repositories): Promise<TreeItem[]> => {
  await seedUsers(r, 'u1', 'u2', 'u3', 'u4', 'u5', 'u6');
  await r.games.create(game(KEY, { closesAt: '2026-11-20T00:00:00.000Z' }));
  await r.games.create(game('2026-11-21'));
  const entries = [
    entry(KEY, 'u1', 3),
    entry(KEY, 'u2', 3),
    entry(KEY, 'u3', 8),
    entry(KEY, 'u4', 3),
    entry(KEY, 'u5', 21),
    entry(KEY, 'u1', 40, 'bonus', 2),
  ];
  for (const e of [...entries, entry('2026-11-21', 'u1', 2)]) await r.entries.add(e);
  const mines = [mine(KEY, 'u5', 3), mine(KEY, 'u6', 99)];
  for (const m of mines) await r.mines.place(m);
  return [
    ...entries.map((e): TreeItem => ({ kind: 'entry', id: e.id, number: e.number, salt: e.salt, leaf: e.leaf })),
    ...mines.map((m): TreeItem => ({ kind: 'mine', id: m.id, number: m.number, salt: m.salt, leaf: m.leaf })),
  ].sort((a, b) => a.number - b.number || (a.leaf < b.leaf ? -1 : 1));
};

const summary: TreeSummary = {
  root: 'ab'.repeat(32),
  size: 8,
  lo: 3,
  hi: 99,
  winnerProof: { bound: 8, count: 5, complement: [{ hash: 'cd'.repeat(32), lo: 21, hi: 99 }] },
};

contract('fairness tree version 2', ({ store, adapter }) => {
  it('reads the items in tree order from any position, entries and mines merged, of that game only', async () => {
    const items = await store().write(seed);
    expect(await store().read((r) => r.fairness.treeItems(KEY, null, 0, 100))).toEqual(items);
    for (let from = 0; from <= items.length; from += 1) {
      expect(await store().read((r) => r.fairness.treeItems(KEY, null, from, 3))).toEqual(items.slice(from, from + 3));
    }
    // From a key: the item at that key is the first; skip counts from there.
    const at = items[3] as TreeItem;
    expect(await store().read((r) => r.fairness.treeItems(KEY, at, 0, 100))).toEqual(items.slice(3));
    expect(await store().read((r) => r.fairness.treeItems(KEY, at, 2, 2))).toEqual(items.slice(5, 7));
    expect(await store().read((r) => r.fairness.treeItems('2026-11-22', null, 0, 10))).toEqual([]);
  });

  it('streams every key of the game in tree order, mines merged between the entries, also across pages', async () => {
    const items = await store().write(seed);
    const keys = items.map(({ number, leaf }) => ({ number, leaf }));
    const allKeys = async (pages: AsyncIterable<TreeKeys>) => (await allPages(mapPages(pages, unpackKeys))).flat();
    expect(await store().read((r) => allKeys(r.fairness.treeKeys(KEY)))).toEqual(keys);
    expect(await store().read((r) => allKeys(r.fairness.treeKeys('2026-11-22')))).toEqual([]);
    if (adapter !== 'memory') {
      // Pages of one to three: the keyset (number, leaf) crosses pages inside a run of one number (three entries on
      // 3), and mines fall inside pages, between them and after the last one.
      for (const size of [1, 2, 3])
        expect(await allKeys(pagedFairness(store(), adapter, size).treeKeys(KEY))).toEqual(keys);
    }
  });

  it('finds an entry or a mine by its leaf, and nothing for a leaf of another game', async () => {
    const items = await store().write(seed);
    for (const item of items)
      expect(await store().read((r) => r.fairness.treeItemByLeaf(KEY, item.leaf))).toEqual(item);
    expect(await store().read((r) => r.fairness.treeItemByLeaf('2026-11-21', items[0]?.leaf ?? ''))).toBeNull();
  });

  it('stores the summary and the upper nodes, answers the summary once the game is closed, and the nodes asked for', async () => {
    const items = await store().write(seed);
    const first = (i: number) => ({ number: items[i]?.number ?? 0, leaf: items[i]?.leaf ?? '' });
    const nodes: StoredTreeNode[] = [
      { level: 2, position: 0, hash: '01'.repeat(32), lo: 3, hi: 3, first: first(0) },
      { level: 2, position: 1, hash: '02'.repeat(32), lo: 3, hi: 99, first: first(4) },
      { level: 3, position: 0, hash: summary.root, lo: 3, hi: 99, first: null },
    ];
    expect(await store().read((r) => r.fairness.treeSummary(KEY))).toBeNull();
    await store().write(async (r) => {
      await r.games.markClosed(KEY, '2026-11-20T00:00:05.000Z', emptyStats(KEY));
      await r.fairness.storeTree(KEY, summary, nodes);
    });
    expect(await store().read((r) => r.fairness.treeSummary(KEY))).toEqual(summary);
    expect(await store().read((r) => r.fairness.storedRoot(KEY))).toEqual({ root: summary.root, reason: null });
    expect(await store().read((r) => r.fairness.treeNodes(KEY, 2, [1, 0, 7]))).toEqual([nodes[1], nodes[0]]);
    expect(await store().read((r) => r.fairness.treeNodes(KEY, 3, [0]))).toEqual([nodes[2]]);
    // The block holding a key: the last whose first item is at or before it.
    expect(await store().read((r) => r.fairness.treeBlockAt(KEY, 2, first(0)))).toEqual(nodes[0]);
    expect(await store().read((r) => r.fairness.treeBlockAt(KEY, 2, first(3)))).toEqual(nodes[0]);
    expect(await store().read((r) => r.fairness.treeBlockAt(KEY, 2, first(4)))).toEqual(nodes[1]);
    expect(await store().read((r) => r.fairness.treeBlockAt(KEY, 2, first(7)))).toEqual(nodes[1]);
    expect(await store().read((r) => r.fairness.treeSummary('2026-11-21'))).toBeNull();
  });
});
