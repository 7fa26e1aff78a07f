// Tree version 2 (DESIGN.md §16): a game's entries and mines ordered by number, every node committing to
// the interval [lo, hi] of the numbers below it. The definition level by level, and the streaming builder
// the close uses, which also hands out the upper levels to store and the winner proof.
import type { GameKey } from '../model.ts';
import type { Digest } from '../ports.ts';
import type { TreeItem, TreeKeys, TreeLeaf, TreeNode, WinnerProof } from './model.ts';
import { emptyRootV2Text, entryLeaf, mineLeaf, nodeV2Text } from './hashes.ts';

/** A leaf: SHA-256 in lowercase hex. */
export const LEAF_LENGTH = 64;

/** Keys in tree order packed into a TreeKeys (core/fairness/model.ts). */
export const packKeys = (keys: readonly TreeLeaf[]): TreeKeys => {
  const leaves = keys.map((k) => k.leaf).join('');
  if (leaves.length !== keys.length * LEAF_LENGTH)
    throw new Error(`A leaf of the tree is not ${String(LEAF_LENGTH)} hex digits.`);
  return { numbers: Float64Array.from(keys, (k) => k.number), leaves };
};

export const keyAt = ({ numbers, leaves }: TreeKeys, i: number): TreeLeaf => ({
  number: numbers[i] ?? Number.NaN,
  leaf: leaves.slice(i * LEAF_LENGTH, (i + 1) * LEAF_LENGTH),
});

export const unpackKeys = (keys: TreeKeys): TreeLeaf[] => Array.from(keys.numbers, (_, i) => keyAt(keys, i));

/** Whether packed keys are in tree order, each after the one before (and after `previous`, when given). */
export const keysInTreeOrder = (keys: TreeKeys, previous: TreeLeaf | null = null): boolean => {
  let last = previous;
  for (let i = 0; i < keys.numbers.length; i += 1) {
    const key = keyAt(keys, i);
    if (last && compareTreeItems(last, key) >= 0) return false;
    last = key;
  }
  return true;
};

/** Tree order: by number, then by leaf as strings (for lowercase hex, byte order). */
export const compareTreeItems = (a: TreeLeaf, b: TreeLeaf): number =>
  a.number - b.number || (a.leaf < b.leaf ? -1 : a.leaf > b.leaf ? 1 : 0);

/** The leaf an item's fields give (entry or mine form of v1). */
export const itemLeaf = (digest: Digest, gameKey: GameKey, item: Omit<TreeItem, 'leaf'>): string =>
  (item.kind === 'entry' ? entryLeaf : mineLeaf)(digest, gameKey, item.id, item.number, item.salt);

export const leafNode = (item: TreeLeaf): TreeNode => ({ hash: item.leaf, lo: item.number, hi: item.number });

export const parentNode = (digest: Digest, left: TreeNode, right: TreeNode): TreeNode => ({
  hash: digest.sha256Hex(nodeV2Text(left.lo, right.hi, left.hash, right.hash)),
  lo: left.lo,
  hi: right.hi,
});

export const emptyRootV2 = (digest: Digest, gameKey: GameKey): TreeNode => ({
  hash: digest.sha256Hex(emptyRootV2Text(gameKey)),
  lo: 0,
  hi: 0,
});

/** The level above `nodes`: adjacent pairs become their parent; an odd last node moves up unchanged. */
export const levelAbove = (digest: Digest, nodes: readonly TreeNode[]): TreeNode[] => {
  const above: TreeNode[] = [];
  for (let i = 0; i < nodes.length; i += 2) {
    const left = nodes[i] as TreeNode;
    const right = nodes[i + 1];
    above.push(right ? parentNode(digest, left, right) : left);
  }
  return above;
};

/** Every level from `level0` up to the one-node root level (level0 must not be empty). */
export const levelsFrom = (digest: Digest, level0: TreeNode[]): TreeNode[][] => {
  const levels = [level0];
  for (let top = level0; top.length > 1; levels.push(top)) top = levelAbove(digest, top);
  return levels;
};

const assertTreeOrder = (previous: TreeLeaf | undefined, item: TreeLeaf): void => {
  if (previous && compareTreeItems(previous, item) >= 0) {
    throw new Error(
      `Items out of tree order: (${String(item.number)}, ${item.leaf}) after (${String(previous.number)}, ${previous.leaf}).`,
    );
  }
};

export interface TreeV2 {
  /** levels[0] = the leaf nodes, the last level = [root]; none for an empty game. */
  levels: TreeNode[][];
  root: TreeNode;
  size: number;
}

/**
 * The definition, every level in memory. `items` must be in tree order. One item: the root is its leaf
 * node; no item: the empty root with lo = hi = 0.
 */
export const treeV2Levels = (digest: Digest, gameKey: GameKey, items: readonly TreeLeaf[]): TreeV2 => {
  items.forEach((item, i) => assertTreeOrder(items[i - 1], item));
  if (items.length === 0) return { levels: [], root: emptyRootV2(digest, gameKey), size: 0 };
  const levels = levelsFrom(digest, items.map(leafNode));
  return { levels, root: levels.at(-1)?.[0] as TreeNode, size: items.length };
};

/**
 * The winner proof by its definition: `count` is the items ≤ B and the first one above it (if any); walking
 * up from level 0 with k = count known nodes at the left of a level of s nodes, when k is odd and k < s the
 * node at index k is given; the next level knows ceil(k/2). `bound` null: every item is needed (B = hi).
 */
export const winnerProofByLevels = (tree: TreeV2, bound: number | null): WinnerProof => {
  const b = bound ?? tree.root.hi;
  const upToBound = (tree.levels[0] ?? []).filter((node) => node.lo <= b).length;
  const count = Math.min(upToBound + 1, tree.size);
  const complement: TreeNode[] = [];
  let k = count;
  for (const level of tree.levels) {
    const given = level[k];
    if (k % 2 === 1 && given) complement.push(given);
    k = Math.ceil(k / 2);
  }
  return { bound: b, count, complement };
};

export interface TreeV2BuilderOptions {
  /** Every node at this level or above (carried-up copies included) is handed to `onNode`. */
  storedFromLevel?: number;
  onNode?: (level: number, index: number, node: TreeNode) => void;
  /** The winner proof's bound: the runner-up's number, or null when there is none (every item is needed, B = hi). */
  bound?: number | null;
}

export interface TreeV2Result {
  root: TreeNode;
  size: number;
  winnerProof: WinnerProof;
}

/**
 * The same tree, fed one item at a time in tree order, holding O(log n) nodes. The stack holds one
 * complete subtree per set bit of the count (as v1's RootBuilder); every complete node is handed out
 * when it forms. `finish` then walks the right edge: at level l the last node is the pair of the stack's
 * subtree of height l − 1 (if any) and the last node of level l − 1 (if that one is partial), else
 * whichever of them exists, moved up unchanged; these are the nodes that cover fewer than 2^l items.
 *
 * The complement and the odd-node rule: the node given at index k of a level (k odd, k < s) is never that
 * level's odd last node, since k = s − 1 with k odd means s is even; it always pairs with the known node
 * k − 1. When k is odd and k = s, the known last node is the odd one and moves up alone: nothing is given.
 * A given node may itself be a node carried up from below (6 items, 2 known: level 2's node 1 is level 1's
 * node 2); it covers only items after the first one above the bound, so its lo > B. Complement nodes are
 * recognised when they form, as the node at index ceil(count / 2^level) when that index is odd.
 */
export class TreeV2Builder {
  readonly #stack: { height: number; node: TreeNode }[] = [];
  readonly #storedFromLevel: number;
  readonly #onNode: TreeV2BuilderOptions['onNode'];
  readonly #bound: number | null;
  #size = 0;
  #last: TreeLeaf | undefined;
  /** Known items of the winner proof: fixed by the first item above the bound (which counts), or by `finish`. */
  #count: number | null = null;
  /** At most one per level, indexed by level. */
  readonly #complement: TreeNode[] = [];
  #finished = false;

  constructor(
    private readonly digest: Digest,
    private readonly gameKey: GameKey,
    options: TreeV2BuilderOptions = {},
  ) {
    this.#storedFromLevel = options.storedFromLevel ?? Number.POSITIVE_INFINITY;
    this.#onNode = options.onNode;
    this.#bound = options.bound ?? null;
  }

  /** Adds the next item; throws when items do not arrive in tree order (the root would be wrong). */
  push(item: TreeLeaf): void {
    if (this.#finished) throw new Error('The tree is finished.');
    assertTreeOrder(this.#last, item);
    this.#last = item;
    if (this.#count === null && this.#bound !== null && item.number > this.#bound) this.#count = this.#size + 1;
    this.#size += 1;
    let node = leafNode(item);
    let height = 0;
    this.#formed(0, this.#size - 1, node);
    for (let top = this.#stack.at(-1); top?.height === height; top = this.#stack.at(-1)) {
      this.#stack.pop();
      node = parentNode(this.digest, top.node, node);
      height += 1;
      this.#formed(height, this.#size / 2 ** height - 1, node);
    }
    this.#stack.push({ height, node });
  }

  get size(): number {
    return this.#size;
  }

  /** Subtrees held now: one per set bit of `size`. */
  get pending(): number {
    return this.#stack.length;
  }

  /** Hands out the right edge's nodes and returns the root, the size and the winner proof. Call once. */
  finish(): TreeV2Result {
    if (this.#finished) throw new Error('The tree is finished.');
    this.#finished = true;
    this.#count ??= this.#size;
    if (this.#size === 0)
      return {
        root: emptyRootV2(this.digest, this.gameKey),
        size: 0,
        winnerProof: { bound: this.#bound ?? 0, count: 0, complement: [] },
      };
    let tail: TreeNode | null = null;
    let next = this.#stack.length - 1;
    for (let level = 1, s = this.#size; s > 1; level += 1) {
      s = Math.ceil(s / 2);
      const sub = this.#stack[next];
      const whole = sub?.height === level - 1 ? sub.node : null;
      if (whole) next -= 1;
      tail = whole && tail ? parentNode(this.digest, whole, tail) : (whole ?? tail);
      if (tail) this.#formed(level, s - 1, tail);
    }
    const root = tail ?? (this.#stack[0] as { node: TreeNode }).node;
    return {
      root,
      size: this.#size,
      winnerProof: { bound: this.#bound ?? root.hi, count: this.#count, complement: this.#complement.filter(Boolean) },
    };
  }

  #formed(level: number, index: number, node: TreeNode): void {
    if (level >= this.#storedFromLevel) this.#onNode?.(level, index, node);
    if (this.#count !== null && index % 2 === 1 && index === Math.ceil(this.#count / 2 ** level))
      this.#complement[level] = node;
  }
}
