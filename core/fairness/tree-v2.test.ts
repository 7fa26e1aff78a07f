// Tree version 2: the texts of DESIGN.md §16 for the smallest trees, and the streaming builder the close
// uses against the level-by-level definition (root, size, interval, every stored node, the winner proof).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { closeGame, gameArb, KEY, treeItems } from '../../test/support/tree-v2-games.ts';
import {
  TreeV2Builder,
  compareTreeItems,
  keysInTreeOrder,
  packKeys,
  treeV2Levels,
  unpackKeys,
  winnerProofByLevels,
} from './tree-v2.ts';
import type { TreeLeaf, TreeNode } from './model.ts';

const H = (text: string) => nodeDigest.sha256Hex(text);
const salt = (c: string) => c.repeat(32);

describe('tree version 2, by its definition', () => {
  it('is the empty root with lo = hi = 0 without items, and the leaf node itself with one', () => {
    expect(treeV2Levels(nodeDigest, KEY, [])).toEqual({
      levels: [],
      root: { hash: H(`lowest-unique/v2/empty|${KEY}`), lo: 0, hi: 0 },
      size: 0,
    });
    const [item] = treeItems([{ kind: 'entry', number: 7, salt: salt('a') }]);
    expect(item?.leaf).toBe(H(`lowest-unique/v1/entry|${KEY}|e0|7|${salt('a')}`));
    expect(treeV2Levels(nodeDigest, KEY, item ? [item] : []).root).toEqual({ hash: item?.leaf, lo: 7, hi: 7 });
  });

  it('orders items by number, then leaf, pairs them with their interval, and moves an odd last node up unchanged', () => {
    const items = treeItems([
      { kind: 'entry', number: 11, salt: salt('1') },
      { kind: 'mine', number: 11, salt: salt('2') },
      { kind: 'entry', number: 2, salt: salt('3') },
    ]);
    const [a, b, c] = items.map((i) => i.leaf);
    expect(items.map((i) => i.number)).toEqual([2, 11, 11]);
    expect((b ?? '') < (c ?? '')).toBe(true);
    const left = H(`lowest-unique/v2/node|2|11|${a ?? ''}|${b ?? ''}`);
    const tree = treeV2Levels(nodeDigest, KEY, items);
    expect(tree.levels).toEqual([
      [
        { hash: a, lo: 2, hi: 2 },
        { hash: b, lo: 11, hi: 11 },
        { hash: c, lo: 11, hi: 11 },
      ],
      [
        { hash: left, lo: 2, hi: 11 },
        { hash: c, lo: 11, hi: 11 },
      ],
      [{ hash: H(`lowest-unique/v2/node|2|11|${left}|${c ?? ''}`), lo: 2, hi: 11 }],
    ]);
  });

  it('refuses items out of tree order, or the same item twice', () => {
    const items = treeItems([
      { kind: 'entry', number: 5, salt: salt('1') },
      { kind: 'entry', number: 5, salt: salt('2') },
    ]);
    const [first, second] = items;
    if (!first || !second) throw new Error('two items expected');
    expect(compareTreeItems(first, second)).toBeLessThan(0);
    expect(() => treeV2Levels(nodeDigest, KEY, [second, first])).toThrow(/out of tree order/);
    expect(() => treeV2Levels(nodeDigest, KEY, [first, first])).toThrow(/out of tree order/);
    const builder = new TreeV2Builder(nodeDigest, KEY);
    builder.push(second);
    expect(() => builder.push(first)).toThrow(/out of tree order/);
  });
});

describe('packed keys', () => {
  it('unpack to the keys packed, and are in tree order exactly when the keys are, also after a previous page', () => {
    fc.assert(
      fc.property(gameArb(), fc.nat(), fc.nat(), (items, a, b) => {
        const keys = items.map(({ number, leaf }) => ({ number, leaf }));
        expect(unpackKeys(packKeys(keys))).toEqual(keys);
        expect(keysInTreeOrder(packKeys(keys))).toBe(true);
        const [first, ...rest] = keys;
        if (first) expect(keysInTreeOrder(packKeys(rest), first)).toBe(true);
        if (first && rest.length > 0) expect(keysInTreeOrder(packKeys(keys), first)).toBe(false);
        if (keys.length < 2) return;
        const [i, j] = [a % keys.length, b % keys.length];
        if (i === j) return;
        const swapped = [...keys];
        [swapped[i], swapped[j]] = [keys[j] as TreeLeaf, keys[i] as TreeLeaf];
        expect(keysInTreeOrder(packKeys(swapped))).toBe(false);
      }),
    );
  });

  it('refuse a leaf that is not 64 hex digits', () => {
    expect(() => packKeys([{ number: 1, leaf: 'abc' }])).toThrow('64 hex digits');
  });
});

describe('the streaming builder', () => {
  it('equals the definition: root, size, interval, every node from the stored level up, and the winner proof', () => {
    fc.assert(
      fc.property(gameArb(), fc.integer({ min: 0, max: 5 }), (items, storedFromLevel) => {
        const tree = treeV2Levels(nodeDigest, KEY, items);
        const { built, stored, summary } = closeGame(items, storedFromLevel);
        expect(built.root).toEqual(tree.root);
        expect(built.size).toBe(items.length);
        const expected = new Map<string, TreeNode>();
        tree.levels.forEach((level, l) => {
          if (l >= storedFromLevel) level.forEach((node, i) => expected.set(`${String(l)}/${String(i)}`, node));
        });
        expect(stored).toEqual(expected);
        expect(built.winnerProof).toEqual(winnerProofByLevels(tree, summary.secondPlaceNumber));
      }),
      { numRuns: 150 },
    );
  });

  it('gives the winner proof of the definition for any bound', () => {
    fc.assert(
      fc.property(gameArb(), fc.integer({ min: 0, max: 320 }), (items, bound) => {
        const builder = new TreeV2Builder(nodeDigest, KEY, { bound });
        for (const item of items) builder.push(item);
        const proof = builder.finish().winnerProof;
        const tree = treeV2Levels(nodeDigest, KEY, items);
        expect(proof).toEqual(winnerProofByLevels(tree, bound));
        expect(proof.count).toBe(Math.min(items.filter((i) => i.number <= bound).length + 1, items.length));
        for (const node of proof.complement) expect(node.lo).toBeGreaterThan(bound);
      }),
      { numRuns: 150 },
    );
  });

  it('gives a carried-up node as complement where the definition does: 6 items, the first 2 known', () => {
    const items = treeItems([1, 2, 3, 4, 5, 6].map((number) => ({ kind: 'entry', number, salt: salt('c') })));
    const tree = treeV2Levels(nodeDigest, KEY, items);
    const proof = winnerProofByLevels(tree, 1);
    expect(proof).toEqual({ bound: 1, count: 2, complement: [tree.levels[1]?.[1], tree.levels[1]?.[2]] });
    expect(tree.levels[2]?.[1]).toEqual(tree.levels[1]?.[2]);
    const builder = new TreeV2Builder(nodeDigest, KEY, { bound: 1 });
    for (const item of items) builder.push(item);
    expect(builder.finish().winnerProof).toEqual(proof);
  });

  it('holds at most one subtree per level of the tree', () => {
    const items = treeItems(
      Array.from({ length: 1000 }, (_, i) => ({ kind: 'entry' as const, number: (i * 37) % 101, salt: salt('d') })),
    );
    const builder = new TreeV2Builder(nodeDigest, KEY);
    let most = 0;
    for (const item of items) {
      builder.push(item);
      most = Math.max(most, builder.pending);
    }
    expect(most).toBeLessThanOrEqual(Math.ceil(Math.log2(1000)));
    expect(builder.finish().root).toEqual(treeV2Levels(nodeDigest, KEY, items).root);
  });
});
