// Random games for the tree version 2 properties: entries and mines with real leaves, duplicate numbers,
// and sizes around powers of two, where the right edge of the tree changes shape.
import fc from 'fast-check';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { compareTreeItems, itemLeaf, TreeV2Builder, type TreeV2Result } from '../../core/fairness/tree-v2.ts';
import type { TreeItem, TreeNode } from '../../core/fairness/model.ts';
import { resolveItems, type TreeV2Summary } from '../../core/fairness/tree-v2-proofs.ts';

export const KEY = '2026-12-01';

const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });

/** Items in tree order, ids `e{i}` for entries and `m{i}` for mines. */
export const treeItems = (raw: readonly { kind: TreeItem['kind']; number: number; salt: string }[]): TreeItem[] =>
  raw
    .map(({ kind, number, salt }, i) => {
      const id = `${kind === 'entry' ? 'e' : 'm'}${String(i)}`;
      return { kind, id, number, salt, leaf: itemLeaf(nodeDigest, KEY, { kind, id, number, salt }) };
    })
    .sort(compareTreeItems);

const AROUND_POWERS_OF_TWO = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257,
];

/** A game: numbers from 1 to a little above its size (so some are unique, some repeated), one item in eight a mine. */
export const gameArb = (
  sizes: fc.Arbitrary<number> = fc.oneof(fc.constantFrom(...AROUND_POWERS_OF_TWO), fc.integer({ min: 0, max: 300 })),
): fc.Arbitrary<TreeItem[]> =>
  sizes.chain((size) =>
    fc
      .array(
        fc.record({
          kind: fc.integer({ min: 0, max: 7 }).map((d): TreeItem['kind'] => (d === 0 ? 'mine' : 'entry')),
          number: fc.integer({ min: 1, max: size + 3 }),
          salt: hex(32),
        }),
        { minLength: size, maxLength: size },
      )
      .map(treeItems),
  );

/** The close's work on a game: the streamed tree with its stored nodes from `storedFromLevel`, and the summary. */
export const closeGame = (items: readonly TreeItem[], storedFromLevel = 0) => {
  const result = resolveItems(items);
  const stored = new Map<string, TreeNode>();
  const builder = new TreeV2Builder(nodeDigest, KEY, {
    storedFromLevel,
    bound: result.secondPlaceNumber,
    onNode: (level, index, node) => {
      const key = `${String(level)}/${String(index)}`;
      if (stored.has(key)) throw new Error(`Node ${key} handed out twice.`);
      stored.set(key, node);
    },
  });
  for (const item of items) builder.push(item);
  const built: TreeV2Result = builder.finish();
  const summary: TreeV2Summary = {
    gameKey: KEY,
    root: built.root.hash,
    size: built.size,
    lo: built.root.lo,
    hi: built.root.hi,
    ...result,
  };
  return { built, stored, summary };
};
