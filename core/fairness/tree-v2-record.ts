// The close's tree version 2 (DESIGN.md §16) and what a closed game publishes of it: the summary, the items page by
// page, an item's inclusion proof, the neighbours that prove a leaf absent, the winner proof and a player's receipts.
// Nothing here reads a whole game but the close itself: a page or a proof reads its block of items and the stored
// upper nodes.
import type { Deps } from '../deps.ts';
import type { GameKey, Snapshot } from '../model.ts';
import type { Digest, RepositoriesOf } from '../ports.ts';
import { DomainError } from '../errors.ts';
import { parseGameKey } from '../game/calendar.ts';
import type { BuiltTree, StoredTreeNode, TreeFolding, TreeSummary } from './ports.ts';
import { entryReceipt, mineReceipt, type EntryReceipt, type MineReceipt } from './record.ts';
import { compareTreeItems, itemLeaf, keyAt, packKeys, TreeV2Builder } from './tree-v2.ts';
import type { TreeItem, TreeKeys, TreeLeaf, TreeNode, WinnerProof } from './model.ts';
import {
  inclusionProofFromStored,
  proofBlock,
  storedProofPositions,
  verifyWinnerProof,
  type InclusionProof,
  type Neighbour,
  type Neighbours,
} from './tree-v2-proofs.ts';
import { bySubmission } from '../entries/submission-order.ts';

/**
 * The stored levels start at blocks of 2^8 = 256 items: a proof reads one block and about a dozen stored nodes, and
 * a game of 1,000,000 items stores about 7,800 nodes.
 */
export const STORED_FROM_LEVEL = 8;
const BLOCK = 2 ** STORED_FROM_LEVEL;
/** The most items one page of /items answers. */
export const ITEMS_PAGE_SIZE = 10_000;
/** Items a page reads per read unit (see treeItemsPage). */
const PAGE_PART = 1_000;
/** Items `lowest verify` reads per query while rebuilding the tree. */
const CLOSE_PAGE = 5_000;

/** The winner proof's bound B given to the builder: the runner-up when both places exist, else null (every item). */
export const treeBound = (snapshot: Pick<Snapshot, 'winningNumber' | 'secondPlaceNumber'>): number | null =>
  snapshot.winningNumber !== null && snapshot.secondPlaceNumber !== null ? snapshot.secondPlaceNumber : null;

/** Every item of the game in tree order with all its fields, streamed a page at a time (what `lowest verify` checks). */
async function* itemsInTreeOrder(
  repos: RepositoriesOf<'fairness'>,
  gameKey: GameKey,
): AsyncIterable<readonly TreeItem[]> {
  let after: TreeItem | null = null;
  for (;;) {
    const page: TreeItem[] = await repos.fairness.treeItems(gameKey, after, after ? 1 : 0, CLOSE_PAGE);
    if (page.length > 0) yield page;
    if (page.length < CLOSE_PAGE) return;
    after = page[page.length - 1] ?? null;
  }
}

/**
 * The fold on this thread: the summary, the winner proof and the nodes to store (every node from the block level
 * up, each block-level node with the key where its block starts).
 */
export const foldTree = (digest: Digest, gameKey: GameKey, bound: number | null): TreeFolding => {
  const nodes: StoredTreeNode[] = [];
  const blockStarts: TreeLeaf[] = [];
  const builder = new TreeV2Builder(digest, gameKey, {
    storedFromLevel: STORED_FROM_LEVEL,
    bound,
    onNode: (level, position, node) => nodes.push({ level, position, ...node, first: null }),
  });
  let failure: unknown = null;
  return {
    add: (keys) => {
      if (failure !== null) return;
      try {
        for (let i = 0; i < keys.numbers.length; i += 1) {
          const key = keyAt(keys, i);
          if (builder.size % BLOCK === 0) blockStarts.push(key);
          builder.push(key);
        }
      } catch (error) {
        failure = error;
      }
    },
    done: async () => {
      if (failure !== null) throw failure;
      const { root, size, winnerProof } = builder.finish();
      for (const node of nodes) if (node.level === STORED_FROM_LEVEL) node.first = blockStarts[node.position] ?? null;
      return { summary: { root: root.hash, size, lo: root.lo, hi: root.hi, winnerProof }, nodes };
    },
    cancel: () => undefined,
  };
};

/** Folds the keys read page by page. */
const buildTree = async (folding: TreeFolding, pages: AsyncIterable<TreeKeys>): Promise<BuiltTree> => {
  for await (const page of pages) folding.add(page);
  return folding.done();
};

/** Builds the game's tree from the database's tree-order indexes, on this thread. */
export const buildStoredTree = (
  repos: RepositoriesOf<'fairness'>,
  digest: Digest,
  gameKey: GameKey,
  snapshot: Pick<Snapshot, 'winningNumber' | 'secondPlaceNumber'>,
): Promise<BuiltTree> => buildTree(foldTree(digest, gameKey, treeBound(snapshot)), repos.fairness.treeKeys(gameKey));

/**
 * Adds the game's keys to a fold, from inside the close's unit: the keys are the ones the result counted (every
 * write of entries and mines waits for the game the close holds). The fold may go on after the unit.
 */
export const feedTree = async (
  repos: RepositoriesOf<'fairness'>,
  folding: TreeFolding,
  gameKey: GameKey,
): Promise<void> => {
  for await (const page of repos.fairness.treeKeys(gameKey)) folding.add(page);
};

/**
 * Stores a closed game's tree unless it has one: the close's second unit, or the repair of a close that stopped
 * between its two units (both fold the same keys, which nothing changes once the game is closed).
 */
export const storeTreeOnce = async (
  repos: RepositoriesOf<'games' | 'fairness'>,
  gameKey: GameKey,
  { summary, nodes }: BuiltTree,
): Promise<void> => {
  await repos.games.lock(gameKey, 'update');
  if (await repos.fairness.treeSummary(gameKey)) return;
  await repos.fairness.storeTree(gameKey, summary, nodes);
};

/** Builds the game's tree on this thread and stores it: the repair of a closed game left without one, and tests. */
export const commitTree = async (
  repos: RepositoriesOf<'games' | 'fairness'>,
  digest: Digest,
  gameKey: GameKey,
  snapshot: Pick<Snapshot, 'winningNumber' | 'secondPlaceNumber'>,
): Promise<string> => {
  const built = await buildStoredTree(repos, digest, gameKey, snapshot);
  await storeTreeOnce(repos, gameKey, built);
  return built.summary.root;
};

const noTree = (key: string) =>
  new DomainError('NOT_FOUND', `No game ${key} closed with a fairness tree of version 2.`);

const treeOf = async (repos: RepositoriesOf<'fairness'>, key: string): Promise<TreeSummary> => {
  const summary = parseGameKey(key) ? await repos.fairness.treeSummary(key) : null;
  if (!summary) throw noTree(key);
  return summary;
};

/** The first item of the block `block` (null: the game's first), where a read of that block starts. */
const blockStart = async (repos: RepositoriesOf<'fairness'>, key: GameKey, block: number): Promise<TreeLeaf | null> => {
  if (block === 0) return null;
  const [node] = await repos.fairness.treeNodes(key, STORED_FROM_LEVEL, [block]);
  if (!node?.first) throw new Error(`Game ${key} has no stored start of block ${String(block)}.`);
  return node.first;
};

/** The summary of a game closed with tree version 2; NOT_FOUND otherwise. */
export const treeSummaryOf = (deps: Deps<'fairness'>, key: string): Promise<TreeSummary> =>
  deps.store.read((repos) => treeOf(repos, key));

export interface ItemsPage {
  /** Names the page's content: the root commits to every item, so the root and the range are enough. */
  version: string;
  /** Reads the page. */
  read(): Promise<{ gameDate: GameKey; from: number; items: TreeItem[] }>;
}

/**
 * GET /api/fairness/{gameKey}/items: `count` items from position `from`, in tree order. Checks the range and reads
 * the summary at once; `read` reads the items in parts of PAGE_PART, each its own read unit, so a page never holds a
 * store's thread (SQLite's is the server's) for long: other requests are answered between the parts.
 */
export const treeItemsPage = async (
  deps: Deps<'fairness'>,
  key: string,
  from: number,
  count: number,
  /** Only tests pass a smaller part, to cross parts with a few items. */
  part = PAGE_PART,
): Promise<ItemsPage> => {
  if (!Number.isSafeInteger(from) || from < 0)
    throw new DomainError('VALIDATION', 'from must be a whole number of 0 or more.');
  if (!Number.isSafeInteger(count) || count < 1 || count > ITEMS_PAGE_SIZE) {
    throw new DomainError('VALIDATION', `count must be a whole number from 1 to ${String(ITEMS_PAGE_SIZE)}.`);
  }
  const { root, size } = await treeSummaryOf(deps, key);
  const read = async () => {
    const end = Math.min(from + count, size);
    const items: TreeItem[] = [];
    while (from + items.length < end) {
      const limit = Math.min(part, end - from - items.length);
      const last = items.at(-1);
      const got = await deps.store.read(async (repos) => {
        // The next part goes on after the last item read; the first starts at its block's first item.
        if (last) return repos.fairness.treeItems(key, last, 1, limit);
        const block = Math.floor(from / BLOCK);
        return repos.fairness.treeItems(key, await blockStart(repos, key, block), from - block * BLOCK, limit);
      });
      if (got.length < limit) throw new Error(`Game ${key} holds fewer items than its tree's size ${String(size)}.`);
      items.push(...got);
    }
    return { gameDate: key, from, items };
  };
  return { version: `${root}-${String(from)}-${String(count)}`, read };
};

/** A block of items (2^STORED_FROM_LEVEL of them, fewer at the end): where a proof's lower levels are read. */
interface ItemBlock {
  block: number;
  items: TreeItem[];
}

/** The block whose first item is the last at or before `key` (the first block when none is): the one holding `key`. */
const blockHolding = async (
  repos: RepositoriesOf<'fairness'>,
  key: GameKey,
  size: number,
  at: TreeLeaf,
): Promise<ItemBlock> => {
  const holder = await repos.fairness.treeBlockAt(key, STORED_FROM_LEVEL, at);
  const block = holder?.position ?? 0;
  const { count } = proofBlock(block * BLOCK, size, STORED_FROM_LEVEL);
  return { block, items: await repos.fairness.treeItems(key, holder?.first ?? null, 0, count) };
};

/** Block number `block`, read from its stored start. */
const blockNumbered = async (
  repos: RepositoriesOf<'fairness'>,
  key: GameKey,
  size: number,
  block: number,
): Promise<ItemBlock> => {
  const { count } = proofBlock(block * BLOCK, size, STORED_FROM_LEVEL);
  return { block, items: await repos.fairness.treeItems(key, await blockStart(repos, key, block), 0, count) };
};

/** The inclusion proof of the item at `offset` of a block read whole: its siblings below the stored levels, then these. */
const proofInBlock = async (
  repos: RepositoriesOf<'fairness'>,
  digest: Digest,
  key: GameKey,
  size: number,
  { block, items }: ItemBlock,
  offset: number,
): Promise<InclusionProof> => {
  const index = block * BLOCK + offset;
  const stored = new Map<string, TreeNode>();
  const positions = storedProofPositions(index, size, STORED_FROM_LEVEL);
  for (const level of new Set(positions.map((p) => p.level))) {
    const wanted = positions.filter((p) => p.level === level).map((p) => p.index);
    for (const node of await repos.fairness.treeNodes(key, level, wanted))
      stored.set(`${String(level)}:${String(node.position)}`, node);
  }
  return inclusionProofFromStored(digest, {
    index,
    size,
    storedFromLevel: STORED_FROM_LEVEL,
    block: items,
    stored: (level, at) => stored.get(`${String(level)}:${String(at)}`),
  });
};

/** GET /api/fairness/{gameKey}/proof/{leaf}: read from the leaf's block and the stored nodes above it. */
export const treeInclusionProof = async (deps: Deps<'fairness'>, key: string, leaf: string): Promise<InclusionProof> =>
  deps.store.read(async (repos) => {
    const { size } = await treeOf(repos, key);
    const item = await repos.fairness.treeItemByLeaf(key, leaf);
    if (!item) throw new DomainError('NOT_FOUND', `No item with leaf ${leaf} in game ${key}.`);
    const block = await blockHolding(repos, key, size, item);
    const offset = block.items.findIndex((i) => i.leaf === leaf);
    if (offset < 0) throw new Error(`Item ${leaf} is not in its block of game ${key}.`);
    return proofInBlock(repos, deps.digest, key, size, block, offset);
  });

const LEAF = /^[0-9a-f]{64}$/;

/**
 * GET /api/fairness/{gameKey}/neighbours: the items just before and just after where `(number, leaf)` stands or would
 * stand in tree order, each with its inclusion proof: what proves a leaf absent (checkAbsence). Reads the block that
 * would hold the key, and the block before or after it when a neighbour lies across the boundary.
 */
export const treeNeighbours = async (
  deps: Deps<'fairness'>,
  key: string,
  number: number,
  leaf: string,
): Promise<Neighbours> => {
  if (!Number.isSafeInteger(number) || number < 0)
    throw new DomainError('VALIDATION', 'number must be a whole number of 0 or more.');
  if (!LEAF.test(leaf)) throw new DomainError('VALIDATION', 'leaf must be 64 lowercase hex characters.');
  return deps.store.read(async (repos) => {
    const { size } = await treeOf(repos, key);
    if (size === 0) return { size, left: null, right: null };
    const at = { number, leaf };
    const here = await blockHolding(repos, key, size, at);
    // Every earlier block's items stand before the key and every later block's after it: the block's first item is
    // the last block start at or before the key.
    const before = here.items.filter((item) => compareTreeItems(item, at) < 0).length;
    const present = here.items[before] !== undefined && compareTreeItems(here.items[before], at) === 0;
    const lessThan = here.block * BLOCK + before;
    const neighbourAt = async (index: number): Promise<Neighbour | null> => {
      if (index < 0 || index >= size) return null;
      const block = Math.floor(index / BLOCK);
      const holder = block === here.block ? here : await blockNumbered(repos, key, size, block);
      const item = holder.items[index - block * BLOCK];
      if (!item) throw new Error(`Game ${key} holds fewer items than its tree's size ${String(size)}.`);
      return { item, proof: await proofInBlock(repos, deps.digest, key, size, holder, index - block * BLOCK) };
    };
    return { size, left: await neighbourAt(lessThan - 1), right: await neighbourAt(lessThan + (present ? 1 : 0)) };
  });
};

/** GET /api/fairness/{gameKey}/winner-proof: computed once at the close. */
export const treeWinnerProof = async (deps: Deps<'fairness'>, key: string): Promise<WinnerProof> =>
  (await treeSummaryOf(deps, key)).winnerProof;

/** GET /api/fairness/{gameKey}/receipts: the signed-in player's receipts in a game (any game, open or closed), entries in submission order. */
export const gameReceipts = async (
  deps: Deps<'entries' | 'mines'>,
  key: string,
  userId: string,
): Promise<{ entries: EntryReceipt[]; mines: MineReceipt[] }> => {
  if (!parseGameKey(key)) throw new DomainError('NOT_FOUND', `No game ${key}.`);
  const [entries, mine] = await deps.store.read((repos) =>
    Promise.all([repos.entries.forPlayer(key, userId), repos.mines.forPlayer(key, userId)]),
  );
  return { entries: entries.sort(bySubmission).map(entryReceipt), mines: mine ? [mineReceipt(mine)] : [] };
};

export interface StoredTreeCheck {
  computedRoot: string;
  size: number;
  /** The first problem, in words for an operator; null when everything holds. */
  problem: string | null;
}

const sameNode = (a: StoredTreeNode, b: StoredTreeNode | undefined): boolean =>
  b !== undefined &&
  a.hash === b.hash &&
  a.lo === b.lo &&
  a.hi === b.hi &&
  a.first?.number === b.first?.number &&
  a.first?.leaf === b.first?.leaf;

/**
 * `lowest verify` of a version 2 game: every item's leaf recomputed from its fields, the tree rebuilt from the
 * database and compared with the stored summary, winner proof and upper nodes, and the winner proof checked as a
 * client checks it.
 */
export const verifyStoredTree = async (
  deps: Deps<'fairness'>,
  key: GameKey,
  snapshot: Pick<Snapshot, 'winningNumber' | 'secondPlaceNumber'>,
): Promise<StoredTreeCheck> =>
  deps.store.read(async (repos) => {
    const stored = await treeOf(repos, key);
    const bad: { leaf: TreeItem | null } = { leaf: null };
    async function* checked(): AsyncIterable<TreeKeys> {
      for await (const page of itemsInTreeOrder(repos, key)) {
        bad.leaf ??= page.find((item) => itemLeaf(deps.digest, key, item) !== item.leaf) ?? null;
        yield packKeys(page);
      }
    }
    const built = await buildTree(foldTree(deps.digest, key, treeBound(snapshot)), checked());
    const result = (problem: string | null): StoredTreeCheck => ({
      computedRoot: built.summary.root,
      size: built.summary.size,
      problem,
    });
    if (bad.leaf) return result(`Leaf of ${bad.leaf.kind} ${bad.leaf.id} does not match its number and salt.`);
    if (built.summary.root !== stored.root)
      return result('The root recomputed from the database differs from the stored root.');
    if (built.summary.size !== stored.size || built.summary.lo !== stored.lo || built.summary.hi !== stored.hi) {
      return result('The size or interval recomputed from the database differs from the stored summary.');
    }
    if (JSON.stringify(built.summary.winnerProof) !== JSON.stringify(stored.winnerProof))
      return result('The winner proof recomputed from the database differs from the stored one.');
    for (const level of new Set(built.nodes.map((n) => n.level))) {
      const mine = built.nodes.filter((n) => n.level === level);
      const theirs = await repos.fairness.treeNodes(
        key,
        level,
        mine.map((n) => n.position),
      );
      const byPosition = new Map(theirs.map((n) => [n.position, n]));
      const wrong = mine.find((n) => !sameNode(n, byPosition.get(n.position)));
      if (wrong)
        return result(
          `The stored node ${String(wrong.position)} of level ${String(level)} differs from the one recomputed from the database.`,
        );
    }
    const items = await repos.fairness.treeItems(key, null, 0, stored.winnerProof.count);
    const check = verifyWinnerProof(
      deps.digest,
      {
        gameKey: key,
        root: stored.root,
        size: stored.size,
        lo: stored.lo,
        hi: stored.hi,
        winningNumber: snapshot.winningNumber,
        secondPlaceNumber: snapshot.secondPlaceNumber,
      },
      stored.winnerProof,
      items,
    );
    return result(check.ok ? null : check.mismatch.message);
  });

/** Whether a receipt names an item of the game unchanged. */
export const treeHoldsReceipt = async (
  deps: Deps<'fairness'>,
  key: GameKey,
  receipt: { leaf: string; number: number; salt: string } & ({ entryId: string } | { mineId: string }),
): Promise<boolean> => {
  const item = await deps.store.read((repos) => repos.fairness.treeItemByLeaf(key, receipt.leaf));
  const [kind, id] = 'entryId' in receipt ? (['entry', receipt.entryId] as const) : (['mine', receipt.mineId] as const);
  return (
    item !== null &&
    item.kind === kind &&
    item.id === id &&
    item.number === receipt.number &&
    item.salt === receipt.salt
  );
};
