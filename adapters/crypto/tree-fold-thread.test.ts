// The fold on a worker thread gives the tree core's fold gives on this thread, refuses keys out of order as it does,
// and a cancelled fold never answers.
import { describe, expect, it } from 'vitest';
import { nodeDigest } from './node-digest.ts';
import { threadTreeFolder } from './tree-fold-thread.ts';
import { foldTree } from '../../core/fairness/tree-v2-record.ts';
import { compareTreeItems, packKeys } from '../../core/fairness/tree-v2.ts';
import type { TreeLeaf } from '../../core/fairness/model.ts';
import type { TreeFolding } from '../../core/fairness/ports.ts';

const KEY = '2026-11-20';

/** `count` keys in tree order: numbers 1…count/3, so many are shared. */
const keysOf = (count: number): TreeLeaf[] =>
  Array.from({ length: count }, (_, i) => ({
    number: 1 + ((i * 7919) % Math.max(1, Math.floor(count / 3))),
    leaf: nodeDigest.sha256Hex(`leaf ${String(i)}`),
  })).sort(compareTreeItems);

/** Adds the keys in pages of `size` (an empty page among them, as a store may yield). */
const addInPages = (folding: TreeFolding, keys: readonly TreeLeaf[], size: number): TreeFolding => {
  folding.add(packKeys([]));
  for (let i = 0; i < keys.length; i += size) folding.add(packKeys(keys.slice(i, i + size)));
  return folding;
};

describe('threadTreeFolder', () => {
  it(
    'folds on a thread the tree core folds here: summary, winner proof and every stored node',
    { timeout: 30_000 },
    async () => {
      const keys = keysOf(3_001);
      const bound = keys[40]?.number ?? null;
      const expected = await addInPages(foldTree(nodeDigest, KEY, bound), keys, 3_001).done();
      // From the first key on a thread; from 1,000 keys (the first pages held, then sent); never (folded here).
      for (const from of [1, 1_000, Number.POSITIVE_INFINITY]) {
        expect(await addInPages(threadTreeFolder(from)(KEY, bound), keys, 250).done()).toEqual(expected);
      }
      expect(expected.nodes.length).toBeGreaterThan(10);
    },
  );

  it('refuses keys out of tree order, on a thread as here', { timeout: 30_000 }, async () => {
    const keys = keysOf(600);
    const swapped = [keys[1], keys[0], ...keys.slice(2)] as TreeLeaf[];
    await expect(addInPages(foldTree(nodeDigest, KEY, null), swapped, 100).done()).rejects.toThrow('out of tree order');
    await expect(addInPages(threadTreeFolder(1)(KEY, null), swapped, 100).done()).rejects.toThrow('out of tree order');
  });

  it('never answers a tree once cancelled', { timeout: 30_000 }, async () => {
    const folding = addInPages(threadTreeFolder(1)(KEY, null), keysOf(300), 100);
    folding.cancel();
    await expect(folding.done()).rejects.toThrow('stopped before its answer');
  });
});
