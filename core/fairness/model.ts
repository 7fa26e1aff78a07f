// The data of tree version 2 (DESIGN.md §16) that the fairness module's ports and its tree code share: items, their
// keys, nodes and the winner proof; and the public keys that sign receipts.
import type { Instant } from '../model.ts';

/** An entry or a mine as the tree and the items pages publish it; `leaf` keeps its v1 form. */
export interface TreeItem {
  kind: 'entry' | 'mine';
  id: string;
  number: number;
  salt: string;
  leaf: string;
}

/** What the tree's shape and hashes depend on. */
export type TreeLeaf = Pick<TreeItem, 'number' | 'leaf'>;

/**
 * Keys in tree order, packed: the i-th key is `numbers[i]` with the leaf at `leaves[64i, 64i + 64)`. How the close
 * reads and folds a game's keys, a page at a time: a page is two values whatever its size, where objects would cost
 * an allocation per key to read and a copy per key to hand to another thread.
 */
export interface TreeKeys {
  numbers: Float64Array;
  leaves: string;
}

/** A node: its hash and the interval of the numbers of the items below it. */
export interface TreeNode {
  hash: string;
  lo: number;
  hi: number;
}

/**
 * The winner proof: the first `count` items (every item with number ≤ `bound`, then the first item above it
 * if there is one) plus the `complement` nodes that rebuild the root with them.
 *
 * Why the first item above the bound: a node's hash commits to its own interval, but its parent's text
 * carries only the left child's lo and the right child's hi. A complement node is always a right child, so
 * its published lo is bound to nothing the verifier computes: a proof could stop inside the runner-up's
 * number (3, 5, | 5, 9 read as "5 is unique") and claim lo > B for the rest. The first item above the
 * bound, read and hashed like the others, shows where the numbers up to B end.
 */
export interface WinnerProof {
  bound: number;
  count: number;
  complement: TreeNode[];
}

/** A key that signs (or signed) receipts, as GET /api/fairness/keys publishes it. */
export interface PublishedKey {
  /** The first 16 lowercase hex characters of SHA-256 of the public key's SPKI DER bytes. */
  keyId: string;
  /** The Ed25519 public key: SPKI DER, standard base64. */
  publicKey: string;
  /** When it started signing. */
  from: Instant;
  /** When it stopped signing; null while it signs. */
  until: Instant | null;
}
