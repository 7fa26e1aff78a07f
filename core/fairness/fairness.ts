// The fairness use cases: the root committed by the close, the published record, and the operator's
// check that the stored root still follows from the rows in the database and a receipt's signature against the stored
// keys (`lowest verify`).
import type { Deps } from '../deps.ts';
import type { GameKey } from '../model.ts';
import type { Digest, RepositoriesOf } from '../ports.ts';
import { DomainError } from '../errors.ts';
import { parseGameKey } from '../game/calendar.ts';
import {
  NO_ROOT_REASON,
  receiptIncluded,
  verifyRecord,
  type ClosedRecord,
  type FairnessRecord,
  type Mismatch,
  type Receipt,
  type TreeV2Record,
} from './record.ts';
import type { Neighbours } from './tree-v2-proofs.ts';
import { checkAbsence } from './tree-v2-proofs.ts';
import type { PublishedKey } from './model.ts';
import type { SignatureVerifier } from './ports.ts';
import { publishedKeys } from './receipt-keys.ts';
import { checkReceiptSignature, OMISSION_EVIDENCE_FORMAT, type SignatureVerdict } from './receipt-signature.ts';
import { rootOfSortedStream } from './root.ts';
import { ITEMS_PAGE_SIZE, treeHoldsReceipt, treeNeighbours, verifyStoredTree } from './tree-v2-record.ts';

/** The game's root as the database holds it now: its leaves, in leaf order, folded. The one way a root is computed. */
export const foldStoredLeaves = (
  repos: RepositoriesOf<'fairness'>,
  digest: Digest,
  gameKey: GameKey,
): Promise<{ root: string; leaves: number }> =>
  rootOfSortedStream(digest, gameKey, repos.fairness.sortedLeaves(gameKey));

/** Folds the game's leaves into a version 1 root and stores it: the commitment of games closed before version 2. */
export const commitRoot = async (
  repos: RepositoriesOf<'fairness'>,
  digest: Digest,
  gameKey: GameKey,
): Promise<string> => {
  const { root } = await foldStoredLeaves(repos, digest, gameKey);
  await repos.fairness.storeRoot(gameKey, root);
  return root;
};

const closedRecordIn = async (
  repos: RepositoriesOf<'games' | 'fairness'>,
  key: GameKey,
): Promise<FairnessRecord | null> => {
  const game = await repos.games.byKey(key);
  if (!game) return null;
  if (game.status === 'open') return { gameDate: game.key, status: 'open' };
  const stats = await repos.games.stats(key);
  const tree = await repos.fairness.treeSummary(key);
  if (tree) {
    const entriesTotal = stats?.snapshot.entriesTotal ?? 0;
    return {
      gameDate: game.key,
      status: 'closed',
      closedAt: game.closedAt,
      treeVersion: 2,
      root: tree.root,
      size: tree.size,
      lo: tree.lo,
      hi: tree.hi,
      entriesTotal,
      minesTotal: tree.size - entriesTotal,
      winningNumber: stats?.snapshot.winningNumber ?? null,
      secondPlaceNumber: stats?.snapshot.secondPlaceNumber ?? null,
      pageSize: ITEMS_PAGE_SIZE,
    };
  }
  const stored = await repos.fairness.storedRoot(key);
  // Closed a moment ago, its tree not stored yet (closeGame's second unit, or the repair of a stopped close).
  if (!stored || (stored.root === null && stored.reason === null))
    throw new DomainError(
      'NOT_FOUND',
      `The fairness record of game ${key} is still being built: try again in a moment.`,
    );
  const { entries, mines } = await repos.fairness.publishedRows(key);
  return {
    gameDate: game.key,
    status: 'closed',
    closedAt: game.closedAt,
    root: stored.root,
    ...(stored.root ? {} : { reason: stored.reason ?? NO_ROOT_REASON }),
    entriesTotal: stats?.snapshot.entriesTotal ?? entries.length,
    winningNumber: stats?.snapshot.winningNumber ?? null,
    secondPlaceNumber: stats?.snapshot.secondPlaceNumber ?? null,
    entries,
    mines,
  };
};

/** GET /api/fairness/{gameKey}: an open game says only that; a closed one publishes its record. */
export const fairnessRecord = async (deps: Deps<'games' | 'fairness'>, key: string): Promise<FairnessRecord> => {
  const notFound = new DomainError('NOT_FOUND', `No game ${key}.`);
  if (!parseGameKey(key)) throw notFound;
  const record = await deps.store.read((repos) => closedRecordIn(repos, key));
  if (!record) throw notFound;
  return record;
};

export interface StoredGameCheck {
  gameKey: GameKey;
  storedRoot: string | null;
  /** The root folded again from the rows in the database, in leaf order. */
  computedRoot: string;
  leaves: number;
  ok: boolean;
  /** The first problem, when not ok. */
  problem: string | null;
  mismatch: Mismatch | null;
  /** With a receipt: whether it is in the record unchanged. */
  receiptIncluded: boolean | null;
}

/**
 * `lowest verify`: recomputes the root from the database and compares it with the stored one, then
 * checks the published record (every leaf, the winner, the runner-up) and, if given, a receipt.
 */
export const verifyStoredGame = async (
  deps: Deps<'games' | 'fairness'>,
  key: string,
  receipt: Receipt | null,
): Promise<StoredGameCheck> => {
  const record = await fairnessRecord(deps, key);
  if (record.status === 'open')
    throw new DomainError('CONFLICT', `The game ${key} is still open: there is nothing to verify yet.`);
  if ('treeVersion' in record) {
    const check = await verifyStoredTree(deps, key, record);
    const included = receipt ? await treeHoldsReceipt(deps, key, receipt) : null;
    const base = {
      gameKey: key,
      storedRoot: record.root,
      computedRoot: check.computedRoot,
      leaves: check.size,
      receiptIncluded: included,
      mismatch: null,
    };
    if (check.problem !== null) return { ...base, ok: false, problem: check.problem };
    if (included === false) return { ...base, ok: false, problem: "The receipt is not in this game's record." };
    return { ...base, ok: true, problem: null };
  }
  const { root: computedRoot, leaves } = await deps.store.read((repos) => foldStoredLeaves(repos, deps.digest, key));
  const closed: ClosedRecord = record;
  const included = receipt ? receiptIncluded(deps.digest, closed, receipt) : null;
  const base = { gameKey: key, storedRoot: closed.root, computedRoot, leaves, receiptIncluded: included };
  if (closed.root === null) return { ...base, ok: false, problem: closed.reason ?? NO_ROOT_REASON, mismatch: null };
  if (computedRoot !== closed.root) {
    return {
      ...base,
      ok: false,
      problem: 'The root recomputed from the database differs from the stored root.',
      mismatch: null,
    };
  }
  const check = verifyRecord(deps.digest, closed);
  if (!check.ok) return { ...base, ok: false, problem: check.mismatch.message, mismatch: check.mismatch };
  if (included === false)
    return { ...base, ok: false, problem: "The receipt is not in this game's record.", mismatch: null };
  return { ...base, ok: true, problem: null, mismatch: null };
};

/** What proves a signed receipt absent from a closed game, offline (docs/fairness.md): the evidence file. */
export interface StoredOmission {
  format: typeof OMISSION_EVIDENCE_FORMAT;
  receipt: Receipt;
  key: PublishedKey;
  summary: TreeV2Record;
  neighbours: Neighbours;
}

/**
 * `lowest verify DATE --receipt FILE` on the database: the receipt's signature against the stored keys and, for a
 * validly signed receipt a closed version 2 game does not hold, the neighbours that prove it absent (null when they
 * do not, or the game holds it).
 */
export const storedReceiptSignature = async (
  deps: Deps<'games' | 'fairness' | 'receiptKeys'> & { signer: SignatureVerifier },
  key: string,
  receipt: Receipt,
): Promise<{ verdict: SignatureVerdict; omission: StoredOmission | null }> => {
  const record = await fairnessRecord(deps, key);
  const closedAt = record.status === 'closed' ? record.closedAt : null;
  const keys = receipt.sig === undefined ? [] : await publishedKeys(deps);
  const verdict = checkReceiptSignature(receipt, keys, closedAt, deps.signer);
  if (verdict.status !== 'signed' || !('treeVersion' in record) || (await treeHoldsReceipt(deps, key, receipt)))
    return { verdict, omission: null };
  const neighbours = await treeNeighbours(deps, key, receipt.number, receipt.leaf);
  const summary = { gameKey: key, root: record.root, size: record.size, lo: record.lo, hi: record.hi };
  if (!checkAbsence(deps.digest, summary, receipt, neighbours).ok) return { verdict, omission: null };
  return {
    verdict,
    omission: { format: OMISSION_EVIDENCE_FORMAT, receipt, key: verdict.key, summary: record, neighbours },
  };
};
