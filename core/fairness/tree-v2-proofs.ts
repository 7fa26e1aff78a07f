// The proofs of tree version 2 (DESIGN.md §16) and their checks: an item's inclusion proof (from the
// reference levels, or from one block of items plus the stored upper levels) and the winner proof.
import type { GameKey } from '../model.ts';
import type { Digest } from '../ports.ts';
import { resolveNumbers } from '../game/resolve.ts';
import {
  compareTreeItems,
  emptyRootV2,
  itemLeaf,
  leafNode,
  levelAbove,
  levelsFrom,
  parentNode,
  type TreeV2,
} from './tree-v2.ts';
import type { TreeItem, TreeLeaf, TreeNode, WinnerProof } from './model.ts';

/** One step up: the sibling and where it stands (`left`: parent = node(sibling, current)). */
export interface ProofStep extends TreeNode {
  side: 'left' | 'right';
}

export interface InclusionProof {
  index: number;
  size: number;
  path: ProofStep[];
}

/** What a closed game publishes about its tree and result. */
export interface TreeV2Summary {
  gameKey: GameKey;
  root: string;
  size: number;
  lo: number;
  hi: number;
  winningNumber: number | null;
  secondPlaceNumber: number | null;
}

interface Position {
  level: number;
  index: number;
}

/** Where the siblings of item `index` stand, from the leaf up; a level where the node moves up unchanged has none. */
export const siblingPositions = (index: number, size: number): (Position & { side: ProofStep['side'] })[] => {
  const positions: (Position & { side: ProofStep['side'] })[] = [];
  for (let level = 0, i = index, s = size; s > 1; level += 1, i = Math.floor(i / 2), s = Math.ceil(s / 2)) {
    if (i % 2 === 1) positions.push({ level, index: i - 1, side: 'left' });
    else if (i + 1 < s) positions.push({ level, index: i + 1, side: 'right' });
  }
  return positions;
};

const proofOf = (
  index: number,
  size: number,
  nodeAt: (level: number, index: number) => TreeNode | undefined,
): InclusionProof => ({
  index,
  size,
  path: siblingPositions(index, size).map(({ level, index: at, side }) => {
    const node = nodeAt(level, at);
    if (!node) throw new Error(`No node ${String(at)} at level ${String(level)}.`);
    return { side, hash: node.hash, lo: node.lo, hi: node.hi };
  }),
});

const checkIndex = (index: number, size: number): void => {
  if (!Number.isSafeInteger(index) || index < 0 || index >= size)
    throw new RangeError(`No item ${String(index)} in a tree of ${String(size)}.`);
};

/** The inclusion proof of item `index`, read from the reference levels. */
export const inclusionProof = (tree: TreeV2, index: number): InclusionProof => {
  checkIndex(index, tree.size);
  return proofOf(index, tree.size, (level, at) => tree.levels[level]?.[at]);
};

/** The aligned block of 2^storedFromLevel items that holds item `index`: the items a proof reads below the stored levels. */
export const proofBlock = (index: number, size: number, storedFromLevel: number): { from: number; count: number } => {
  checkIndex(index, size);
  const width = 2 ** storedFromLevel;
  const from = Math.floor(index / width) * width;
  return { from, count: Math.min(width, size - from) };
};

/** The stored nodes (levels ≥ storedFromLevel) the proof of item `index` reads, so a store can fetch them at once. */
export const storedProofPositions = (index: number, size: number, storedFromLevel: number): Position[] =>
  siblingPositions(index, size)
    .filter((p) => p.level >= storedFromLevel)
    .map(({ level, index: at }) => ({ level, index: at }));

export interface StoredProofInput {
  index: number;
  size: number;
  storedFromLevel: number;
  /** The items of `proofBlock(index, size, storedFromLevel)`, in tree order. */
  block: readonly TreeLeaf[];
  /** A stored node by level and index (levels ≥ storedFromLevel). */
  stored: (level: number, index: number) => TreeNode | undefined;
}

/**
 * The same proof without the whole game: below `storedFromLevel` the siblings lie inside the item's
 * aligned block (its subtree is the definition applied to the block alone, since the pairing at those
 * levels never crosses a block boundary); above, they are stored nodes.
 */
export const inclusionProofFromStored = (digest: Digest, input: StoredProofInput): InclusionProof => {
  const { index, size, storedFromLevel, block, stored } = input;
  const { from, count } = proofBlock(index, size, storedFromLevel);
  if (block.length !== count)
    throw new Error(`The block of item ${String(index)} has ${String(count)} items, not ${String(block.length)}.`);
  const local = levelsFrom(digest, block.map(leafNode));
  return proofOf(index, size, (level, at) =>
    level < storedFromLevel ? local[level]?.[at - Math.floor(from / 2 ** level)] : stored(level, at),
  );
};

/** The first thing that does not hold, worded for a player; `id` names the item concerned, if any. */
export interface ProofMismatch<Field extends string> {
  field: Field;
  id?: string;
  computed: string;
  published: string;
  message: string;
}

export type ProofCheck<Field extends string> = { ok: true } | { ok: false; mismatch: ProofMismatch<Field> };

const mismatch = <Field extends string>(m: ProofMismatch<Field>): ProofCheck<Field> => ({ ok: false, mismatch: m });

const sameNode = (node: TreeNode, summary: Pick<TreeV2Summary, 'root' | 'lo' | 'hi'>): boolean =>
  node.hash === summary.root && node.lo === summary.lo && node.hi === summary.hi;

const showNode = (node: TreeNode): string => `${node.hash} [${String(node.lo)}, ${String(node.hi)}]`;

export type InclusionField = 'size' | 'index' | 'path' | 'root';

/**
 * Whether the item (its leaf and number, already checked against the receipt's fields) is in the tree
 * the summary publishes: the path's shape must be the one of its index, and folding it must give the root.
 */
export const verifyInclusion = (
  digest: Digest,
  item: TreeLeaf,
  proof: InclusionProof,
  summary: Pick<TreeV2Summary, 'root' | 'size' | 'lo' | 'hi'>,
): ProofCheck<InclusionField> => {
  if (proof.size !== summary.size) {
    return mismatch({
      field: 'size',
      computed: String(proof.size),
      published: String(summary.size),
      message: `The proof is for ${String(proof.size)} items, but the game has ${String(summary.size)}.`,
    });
  }
  if (!Number.isSafeInteger(proof.index) || proof.index < 0 || proof.index >= proof.size) {
    return mismatch({
      field: 'index',
      computed: String(proof.index),
      published: String(summary.size),
      message: `The proof puts the item at position ${String(proof.index)}, outside the game's ${String(summary.size)} items.`,
    });
  }
  const sides = siblingPositions(proof.index, proof.size).map((p) => p.side);
  const given = proof.path.map((step) => step.side);
  if (given.join() !== sides.join()) {
    return mismatch({
      field: 'path',
      computed: sides.join(' '),
      published: given.join(' '),
      message: `The proof's steps do not fit position ${String(proof.index)} of ${String(proof.size)}.`,
    });
  }
  let node = leafNode(item);
  for (const step of proof.path)
    node = step.side === 'left' ? parentNode(digest, step, node) : parentNode(digest, node, step);
  if (!sameNode(node, summary)) {
    return mismatch({
      field: 'root',
      computed: showNode(node),
      published: showNode({ hash: summary.root, lo: summary.lo, hi: summary.hi }),
      message: 'The proof does not lead to the published root: this item is not in the game as published.',
    });
  }
  return { ok: true };
};

/** Resolution (DESIGN.md §6, mines included) over items: the winning and runner-up numbers. */
export const resolveItems = (
  items: readonly TreeItem[],
): { winningNumber: number | null; secondPlaceNumber: number | null } => {
  const entries = items
    .filter((i) => i.kind === 'entry')
    .map((i) => ({ entryId: i.id, userId: null, number: i.number }));
  const mines = items.filter((i) => i.kind === 'mine').map((i) => i.number);
  const { winningNumber, secondPlaceNumber } = resolveNumbers(entries, mines, 1).snapshot;
  return { winningNumber, secondPlaceNumber };
};

/** The bound B of §16: the runner-up's number when both places exist; otherwise every item is needed (B = hi). */
export const winnerBound = (summary: Pick<TreeV2Summary, 'winningNumber' | 'secondPlaceNumber' | 'hi'>): number =>
  summary.winningNumber !== null && summary.secondPlaceNumber !== null ? summary.secondPlaceNumber : summary.hi;

/** How many complement nodes a tree of `size` items with the first `count` known needs (the walk of §16). */
const complementNeeded = (count: number, size: number): number => {
  let needed = 0;
  for (let k = count, s = size; s > 1; k = Math.ceil(k / 2), s = Math.ceil(s / 2))
    if (k % 2 === 1 && k < s) needed += 1;
  return needed;
};

/** The root rebuilt from the known nodes at the left of level 0 and the complement, level by level. */
const rebuildRoot = (
  digest: Digest,
  size: number,
  known: TreeNode[],
  complement: readonly TreeNode[],
): TreeNode | undefined => {
  let level = known;
  let given = 0;
  for (let s = size; s > 1; s = Math.ceil(s / 2)) {
    const next = complement[given];
    if (level.length % 2 === 1 && level.length < s && next) {
      level.push(next);
      given += 1;
    }
    level = levelAbove(digest, level);
  }
  return level[0];
};

export type WinnerField =
  'bound' | 'count' | 'leaf' | 'order' | 'complement' | 'root' | 'winningNumber' | 'secondPlaceNumber';

const show = (value: number | null): string => (value === null ? 'none' : String(value));

/**
 * The winner proof against the summary: `items` are the first `count` items (read through the items
 * pages). Their leaves follow from their fields, they are in tree order, all but the last are ≤ B and the
 * last is above B unless it is the game's last item (so nothing up to B is left out), every complement node
 * has lo > B, both rebuild the published root, and the resolution over the items gives the published winner
 * and runner-up.
 */
export const verifyWinnerProof = (
  digest: Digest,
  summary: TreeV2Summary,
  proof: WinnerProof,
  items: readonly TreeItem[],
): ProofCheck<WinnerField> => {
  const bound = winnerBound(summary);
  if (proof.bound !== bound) {
    return mismatch({
      field: 'bound',
      computed: String(bound),
      published: String(proof.bound),
      message: `The proof stops at ${String(proof.bound)}, but this result needs every number up to ${String(bound)}.`,
    });
  }
  if (items.length !== proof.count || proof.count > summary.size || (proof.count === 0 && summary.size > 0)) {
    return mismatch({
      field: 'count',
      computed: String(items.length),
      published: String(proof.count),
      message: `The proof announces ${String(proof.count)} items of ${String(summary.size)}, and ${String(items.length)} were read.`,
    });
  }
  for (const [i, item] of items.entries()) {
    const leaf = itemLeaf(digest, summary.gameKey, item);
    if (leaf !== item.leaf) {
      return mismatch({
        field: 'leaf',
        id: item.id,
        computed: leaf,
        published: item.leaf,
        message: `The leaf of ${item.kind} ${item.id} does not match its number and salt.`,
      });
    }
    const previous = items[i - 1];
    if (previous && compareTreeItems(previous, item) >= 0) {
      return mismatch({
        field: 'order',
        id: item.id,
        computed: 'ascending by number, then leaf',
        published: `${String(item.number)} after ${String(previous.number)}`,
        message: `The items are out of order at ${item.kind} ${item.id}.`,
      });
    }
    if (previous && previous.number > bound) {
      return mismatch({
        field: 'count',
        id: item.id,
        computed: `≤ ${String(bound)}`,
        published: String(previous.number),
        message: `The proof goes on past the first item above ${String(bound)}.`,
      });
    }
  }
  const last = items.at(-1);
  if (last && last.number <= bound && proof.count < summary.size) {
    return mismatch({
      field: 'count',
      id: last.id,
      computed: `> ${String(bound)}`,
      published: String(last.number),
      message: `The proof stops at number ${String(last.number)}: it must go on to the first item above ${String(bound)}, so that nothing up to ${String(bound)} is left out.`,
    });
  }
  const needed = complementNeeded(proof.count, summary.size);
  if (proof.complement.length !== needed) {
    return mismatch({
      field: 'complement',
      computed: String(needed),
      published: String(proof.complement.length),
      message: `The proof gives ${String(proof.complement.length)} nodes beside the items; the tree needs ${String(needed)}.`,
    });
  }
  const low = proof.complement.find((node) => node.lo <= bound);
  if (low) {
    return mismatch({
      field: 'complement',
      computed: `lo > ${String(bound)}`,
      published: showNode(low),
      message: `A node left out covers number ${String(low.lo)}, not above ${String(bound)}: an item that counts may be hidden.`,
    });
  }
  const root =
    summary.size === 0
      ? emptyRootV2(digest, summary.gameKey)
      : rebuildRoot(digest, summary.size, items.map(leafNode), proof.complement);
  if (!root || !sameNode(root, summary)) {
    return mismatch({
      field: 'root',
      computed: root ? showNode(root) : 'none',
      published: showNode({ hash: summary.root, lo: summary.lo, hi: summary.hi }),
      message: 'The items and nodes of the proof do not give the published root.',
    });
  }
  const resolved = resolveItems(items);
  if (resolved.winningNumber !== summary.winningNumber) {
    return mismatch({
      field: 'winningNumber',
      computed: show(resolved.winningNumber),
      published: show(summary.winningNumber),
      message: `The items give winning number ${show(resolved.winningNumber)}, the game says ${show(summary.winningNumber)}.`,
    });
  }
  if (resolved.secondPlaceNumber !== summary.secondPlaceNumber) {
    return mismatch({
      field: 'secondPlaceNumber',
      computed: show(resolved.secondPlaceNumber),
      published: show(summary.secondPlaceNumber),
      message: `The items give runner-up number ${show(resolved.secondPlaceNumber)}, the game says ${show(summary.secondPlaceNumber)}.`,
    });
  }
  return { ok: true };
};

/** An item beside where a leaf stands or would stand, with its inclusion proof. */
export interface Neighbour {
  item: TreeItem;
  proof: InclusionProof;
}

/**
 * GET /api/fairness/{gameKey}/neighbours: the last item strictly before `(number, leaf)` in tree order and the first
 * strictly after it, each null when there is none.
 */
export interface Neighbours {
  size: number;
  left: Neighbour | null;
  right: Neighbour | null;
}

export type AbsenceField = 'game' | 'receipt' | 'size' | 'leaf' | 'inclusion' | 'adjacent' | 'order' | 'root';

const showKey = (key: TreeLeaf): string => `(${String(key.number)}, ${key.leaf})`;

/** One neighbour: its leaf follows from its fields and its proof leads to the root. */
const checkNeighbour = (
  digest: Digest,
  summary: Pick<TreeV2Summary, 'gameKey' | 'root' | 'size' | 'lo' | 'hi'>,
  side: 'left' | 'right',
  { item, proof }: Neighbour,
): ProofCheck<AbsenceField> => {
  const leaf = itemLeaf(digest, summary.gameKey, item);
  if (leaf !== item.leaf) {
    return mismatch({
      field: 'leaf',
      id: item.id,
      computed: leaf,
      published: item.leaf,
      message: `The ${side} neighbour's leaf does not match its number and salt.`,
    });
  }
  const included = verifyInclusion(digest, item, proof, summary);
  if (!included.ok) {
    return mismatch({
      ...included.mismatch,
      field: 'inclusion',
      id: item.id,
      message: `The ${side} neighbour is not proven in the game: ${included.mismatch.message}`,
    });
  }
  return { ok: true };
};

/** Whether the two neighbours stand side by side in the tree, with nothing between them (§16's omission proof). */
const adjacent = (size: number, left: Neighbour | null, right: Neighbour | null): boolean => {
  if (left && right) return left.proof.index + 1 === right.proof.index;
  if (right) return right.proof.index === 0;
  if (left) return left.proof.index === size - 1;
  return size === 0;
};

/**
 * Whether the receipt's leaf is proven absent from the closed game the summary publishes: the receipt is of this game
 * and its leaf follows from its fields; each neighbour is proven in the tree; they stand side by side (the first, the
 * last, or the empty tree when one or both are null); and the receipt's `(number, leaf)` falls strictly between them
 * in tree order. Nothing can then hold it.
 */
export const checkAbsence = (
  digest: Digest,
  summary: Pick<TreeV2Summary, 'gameKey' | 'root' | 'size' | 'lo' | 'hi'>,
  receipt: { gameDate: GameKey; number: number; salt: string; leaf: string } & (
    { entryId: string } | { mineId: string }
  ),
  neighbours: Neighbours,
): ProofCheck<AbsenceField> => {
  if (receipt.gameDate !== summary.gameKey) {
    return mismatch({
      field: 'game',
      computed: summary.gameKey,
      published: receipt.gameDate,
      message: `The receipt is for the game of ${receipt.gameDate}, not ${summary.gameKey}.`,
    });
  }
  const [kind, id] = 'entryId' in receipt ? (['entry', receipt.entryId] as const) : (['mine', receipt.mineId] as const);
  const leaf = itemLeaf(digest, receipt.gameDate, { kind, id, number: receipt.number, salt: receipt.salt });
  if (leaf !== receipt.leaf) {
    return mismatch({
      field: 'receipt',
      id,
      computed: leaf,
      published: receipt.leaf,
      message: "The receipt's leaf does not match its own number and salt.",
    });
  }
  const { left, right } = neighbours;
  if (neighbours.size !== summary.size) {
    return mismatch({
      field: 'size',
      computed: String(neighbours.size),
      published: String(summary.size),
      message: `The neighbours are of a game of ${String(neighbours.size)} items, but this one has ${String(summary.size)}.`,
    });
  }
  for (const [side, neighbour] of [
    ['left', left],
    ['right', right],
  ] as const) {
    if (!neighbour) continue;
    const check = checkNeighbour(digest, summary, side, neighbour);
    if (!check.ok) return check;
  }
  if (!adjacent(summary.size, left, right)) {
    const at = (n: Neighbour | null) => (n ? String(n.proof.index) : 'none');
    return mismatch({
      field: 'adjacent',
      computed: 'side by side',
      published: `${at(left)} and ${at(right)}`,
      message: `The neighbours (positions ${at(left)} and ${at(right)} of ${String(summary.size)}) do not stand side by side: an item may lie between them.`,
    });
  }
  if (!left && !right) {
    const empty = emptyRootV2(digest, summary.gameKey);
    if (!sameNode(empty, summary)) {
      return mismatch({
        field: 'root',
        computed: showNode(empty),
        published: showNode({ hash: summary.root, lo: summary.lo, hi: summary.hi }),
        message: 'The game claims no item, but its root is not the root of an empty game.',
      });
    }
  }
  const key = { number: receipt.number, leaf: receipt.leaf };
  const outOfOrder =
    left && compareTreeItems(left.item, key) >= 0
      ? left.item
      : right && compareTreeItems(key, right.item) >= 0
        ? right.item
        : null;
  if (outOfOrder) {
    return mismatch({
      field: 'order',
      id: outOfOrder.id,
      computed: `${showKey(left?.item ?? key)} < ${showKey(key)} < ${showKey(right?.item ?? key)}`,
      published: showKey(outOfOrder),
      message: `The receipt's pick ${showKey(key)} does not fall between the neighbours in tree order.`,
    });
  }
  return { ok: true };
};
