// What the fairness module needs from the database: for tree version 2, the keys in tree order for the close, the
// items page by page and the tree's upper levels stored at the close; for version 1, the leaves in string order, the
// stored root and the published rows. And the check of a receipt's signature.
import type { GameKey, Instant } from '../model.ts';
import type { PublishedKey, TreeItem, TreeKeys, TreeLeaf, TreeNode, WinnerProof } from './model.ts';

export interface EntryLeafRow {
  entryId: string;
  number: number;
  salt: string;
  leaf: string;
}

export interface MineLeafRow {
  mineId: string;
  number: number;
  salt: string;
  leaf: string;
}

/** The stored commitment of a closed game: the root, or null with the reason there is none. */
export interface StoredRoot {
  root: string | null;
  reason: string | null;
}

/** A node of tree version 2 as the close stores it: `level` 0 is the items, `position` counts from the left. */
export interface StoredTreeNode extends TreeNode {
  level: number;
  position: number;
  /** For a node of the block level: the key of the first item below it, where its block starts. */
  first: TreeLeaf | null;
}

/** What the close stores of a version 2 tree, besides its upper nodes. */
export interface TreeSummary {
  root: string;
  size: number;
  lo: number;
  hi: number;
  winnerProof: WinnerProof;
}

/** A built tree version 2: what the close stores, the summary with the game and the upper nodes beside it. */
export interface BuiltTree {
  summary: TreeSummary;
  nodes: StoredTreeNode[];
}

/** One tree being folded from a game's keys, added in tree order. */
export interface TreeFolding {
  add(keys: TreeKeys): void;
  /** The tree, once every key was added; rejects when the keys came out of tree order. */
  done(): Promise<BuiltTree>;
  /** Drops the fold (the close that started it did not commit). */
  cancel(): void;
}

/**
 * Starts a tree's fold: on this thread (core's `foldTree`) or on another, where the composition root offers one, so
 * the hashing of a large game runs while the close writes its counters. `bound` is the winner proof's (the runner-up's
 * number, or null when there is none).
 */
export type TreeFolder = (gameKey: GameKey, bound: number | null) => TreeFolding;

export interface FairnessRepository {
  /**
   * Every leaf of the game, entries and mines together, ascending as strings (code-point order), in
   * pages: the close folds them into the root without holding them all (pages, not single leaves,
   * because an await per leaf costs more than its hash).
   */
  sortedLeaves(gameKey: GameKey): AsyncIterable<readonly string[]>;
  /**
   * Every item's key (number and leaf) of the game, entries and mines together, in tree order, in pages: what the
   * close builds the tree from, read from the tree-order indexes alone. Only for a game nothing can add to or take
   * from (the close holds it, or it is closed): a store may read it beside the unit's transaction.
   */
  treeKeys(gameKey: GameKey): AsyncIterable<TreeKeys>;
  /**
   * Games closed before `closedBefore` with no commitment at all (no tree, no version 1 root, no reason for none): a
   * close that stopped between its result and its tree.
   */
  closedWithoutTree(closedBefore: Instant): Promise<GameKey[]>;
  /** Stores a version 1 root with the game, in place of any version 2 tree (a game as closed before version 2). */
  storeRoot(gameKey: GameKey, root: string): Promise<void>;
  /** The stored root of a closed game, or null when the game is unknown or open. */
  storedRoot(gameKey: GameKey): Promise<StoredRoot | null>;
  /** The game's entries and mines with their salts and leaves, each list sorted by leaf. */
  publishedRows(gameKey: GameKey): Promise<{ entries: EntryLeafRow[]; mines: MineLeafRow[] }>;
  /**
   * Items in tree order, from the first at or after `from` (the beginning when null), skipping `skip` of them,
   * at most `limit`: entries and mines together.
   */
  treeItems(gameKey: GameKey, from: TreeLeaf | null, skip: number, limit: number): Promise<TreeItem[]>;
  /** The entry or mine of the game with this leaf. */
  treeItemByLeaf(gameKey: GameKey, leaf: string): Promise<TreeItem | null>;
  /** Stores a version 2 tree with the game (its root too, as `storedRoot` answers it); the close calls it once. */
  storeTree(gameKey: GameKey, summary: TreeSummary, nodes: readonly StoredTreeNode[]): Promise<void>;
  /** The stored summary of a game closed with tree version 2, or null (open, unknown, or version 1). */
  treeSummary(gameKey: GameKey): Promise<TreeSummary | null>;
  /** The stored nodes of one level at these positions, in the order asked; a position not stored is left out. */
  treeNodes(gameKey: GameKey, level: number, positions: readonly number[]): Promise<StoredTreeNode[]>;
  /** The stored node of `level` whose block starts last at or before `key`: the block holding the item at `key`. */
  treeBlockAt(gameKey: GameKey, level: number, key: TreeLeaf): Promise<StoredTreeNode | null>;
}

/** A key as the database keeps it: the private key too, unless RECEIPT_SIGNING_KEY holds it. */
export interface StoredReceiptKey extends PublishedKey {
  /** PKCS#8 DER, base64; null for RECEIPT_SIGNING_KEY's key. */
  privateKey: string | null;
}

export interface ReceiptKeyRepository {
  /** The key that signs, or null when none has been made. */
  signing(): Promise<StoredReceiptKey | null>;
  /** Makes `key` the signing key unless one already signs (another instance made it first); returns the one that signs. */
  startIfNone(key: StoredReceiptKey): Promise<StoredReceiptKey>;
  /** The signing key stops at `until` and stays published; `key` signs from its `from` on. */
  rotate(key: StoredReceiptKey, until: Instant): Promise<void>;
  /** Every key, oldest first. */
  published(): Promise<PublishedKey[]>;
}

/**
 * Checks an Ed25519 signature (node:crypto on the server and the CLI); the browser's verifier has its own, on Web
 * Crypto.
 */
export interface SignatureVerifier {
  /**
   * Whether `sig` (standard base64) is the Ed25519 signature of the UTF-8 `text` by `publicKey` (SPKI DER, standard
   * base64). False, never a throw, for a malformed key or signature: a receipt is checked, not trusted.
   */
  verify(publicKey: string, text: string, sig: string): boolean;
}

/** Ed25519 (node:crypto in production): signing receipts. Keys travel as DER, base64; signatures as base64. */
export interface ReceiptSigning extends SignatureVerifier {
  generate(): { privateKey: string; publicKey: string };
  /** The public key (SPKI) of a private key (PKCS#8); throws when it is not an Ed25519 private key. */
  publicKeyOf(privateKey: string): string;
  /** The key's id: the first 16 hex characters of SHA-256 of its SPKI DER bytes. */
  keyIdOf(publicKey: string): string;
  sign(privateKey: string, text: string): string;
}
