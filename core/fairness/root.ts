// The root over a game's sorted leaves (DESIGN.md §16), in two forms: the level-by-level definition,
// and the streaming fold the close uses, which holds O(log n) nodes however many leaves pass through.
import type { GameKey } from '../model.ts';
import type { Digest } from '../ports.ts';
import { emptyRoot, nodeHash } from './hashes.ts';

/**
 * The definition: while more than one node remains, adjacent pairs become their node hash and an odd
 * last node moves up unchanged. One leaf is the root; no leaf gives the empty root of the game.
 * `leaves` must already be sorted ascending as strings.
 */
export const rootByLevels = (digest: Digest, gameKey: GameKey, leaves: readonly string[]): string => {
  if (leaves.length === 0) return emptyRoot(digest, gameKey);
  let level = [...leaves];
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(nodeHash(digest, level[i] ?? '', level[i + 1] ?? ''));
    if (level.length % 2 === 1) next.push(level[level.length - 1] ?? '');
    level = next;
  }
  return level[0] ?? '';
};

/**
 * The same root, fed one leaf at a time in sorted order. The stack holds at most one complete subtree
 * per height (like the bits of a binary counter): a new leaf merges with every equal-height subtree on
 * top. At the end the subtrees left over are the partial groups of the definition; folding them from
 * the top down (right child = what came after) gives the same tree, because the definition's odd last
 * node is exactly the smaller subtree that moves up until it meets a taller left neighbour.
 */
export class RootBuilder {
  readonly #stack: { height: number; hash: string }[] = [];
  #count = 0;
  #last = '';

  constructor(
    private readonly digest: Digest,
    private readonly gameKey: GameKey,
  ) {}

  /** Adds the next leaf; throws when leaves do not arrive in ascending order (the root would be wrong). */
  push(leaf: string): void {
    if (this.#count > 0 && leaf < this.#last) throw new Error(`Leaves out of order: ${leaf} after ${this.#last}.`);
    this.#last = leaf;
    this.#count += 1;
    let node = { height: 0, hash: leaf };
    for (let top = this.#stack.at(-1); top !== undefined && top.height === node.height; top = this.#stack.at(-1)) {
      this.#stack.pop();
      node = { height: node.height + 1, hash: nodeHash(this.digest, top.hash, node.hash) };
    }
    this.#stack.push(node);
  }

  get count(): number {
    return this.#count;
  }

  /** Subtrees held now: one per set bit of `count`, so at most log2(count) + 1. */
  get pending(): number {
    return this.#stack.length;
  }

  root(): string {
    if (this.#stack.length === 0) return emptyRoot(this.digest, this.gameKey);
    let hash = this.#stack[this.#stack.length - 1]?.hash ?? '';
    for (let i = this.#stack.length - 2; i >= 0; i -= 1) hash = nodeHash(this.digest, this.#stack[i]?.hash ?? '', hash);
    return hash;
  }
}

/** The root of leaves that arrive sorted, page by page, without holding them. */
export const rootOfSortedStream = async (
  digest: Digest,
  gameKey: GameKey,
  pages: AsyncIterable<readonly string[]>,
): Promise<{ root: string; leaves: number }> => {
  const builder = new RootBuilder(digest, gameKey);
  for await (const page of pages) for (const leaf of page) builder.push(leaf);
  return { root: builder.root(), leaves: builder.count };
};
