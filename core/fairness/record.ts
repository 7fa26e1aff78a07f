// The published record of a closed game and the checks anyone can run on it (DESIGN.md §16): every
// leaf, the order, the root, and the resolution (entries total, winner, runner-up) recomputed.
import type { Entry, GameKey, Instant, Mine, StoredSignature } from '../model.ts';
import type { Digest } from '../ports.ts';
import { resolveNumbers } from '../game/resolve.ts';
import { entryLeaf, mineLeaf } from './hashes.ts';
import type { EntryLeafRow, MineLeafRow } from './ports.ts';
import { rootByLevels } from './root.ts';

export const NO_ROOT_REASON = 'Closed before receipts existed: this game has no published commitment.';

/** The record of a game closed with tree version 1: every entry and mine, sorted by leaf. */
export interface ClosedRecord {
  gameDate: GameKey;
  status: 'closed';
  closedAt: Instant | null;
  root: string | null;
  /** Only when root is null: why the game has no commitment. */
  reason?: string;
  entriesTotal: number;
  winningNumber: number | null;
  secondPlaceNumber: number | null;
  entries: EntryLeafRow[];
  mines: MineLeafRow[];
}

/** The summary of a game closed with tree version 2: its items are read page by page. */
export interface TreeV2Record {
  gameDate: GameKey;
  status: 'closed';
  closedAt: Instant | null;
  treeVersion: 2;
  root: string;
  size: number;
  lo: number;
  hi: number;
  entriesTotal: number;
  minesTotal: number;
  winningNumber: number | null;
  secondPlaceNumber: number | null;
  pageSize: number;
}

export type FairnessRecord = { gameDate: GameKey; status: 'open' } | ClosedRecord | TreeV2Record;

/**
 * What signing adds to a receipt (DESIGN.md §16): the three together, or none on a receipt issued before receipts
 * were signed (an UNSIGNED receipt, which still verifies by inclusion).
 */
export interface ReceiptSignature {
  /** The server's time of signing, as `Date.prototype.toISOString()` prints it. */
  signedAt: Instant;
  keyId: string;
  /** The Ed25519 signature of `receiptText` (receipt-signature.ts), standard base64. */
  sig: string;
}

export interface EntryReceipt extends Partial<ReceiptSignature> {
  gameDate: GameKey;
  entryId: string;
  number: number;
  salt: string;
  leaf: string;
}

export interface MineReceipt extends Partial<ReceiptSignature> {
  gameDate: GameKey;
  mineId: string;
  number: number;
  salt: string;
  leaf: string;
}

export type Receipt = EntryReceipt | MineReceipt;

const signatureFields = (signedAt: Instant, signature: StoredSignature | undefined): Partial<ReceiptSignature> =>
  signature ? { signedAt, keyId: signature.keyId, sig: signature.sig } : {};

export const entryReceipt = (e: Entry): EntryReceipt => ({
  gameDate: e.gameKey,
  entryId: e.id,
  number: e.number,
  salt: e.salt,
  leaf: e.leaf,
  ...signatureFields(e.submittedAt, e.signature),
});

export const mineReceipt = (m: Mine): MineReceipt => ({
  gameDate: m.gameKey,
  mineId: m.id,
  number: m.number,
  salt: m.salt,
  leaf: m.leaf,
  ...signatureFields(m.placedAt, m.signature),
});

/** The first thing that does not hold, named so a person can find it in the record. */
export interface Mismatch {
  field: 'leaf' | 'order' | 'root' | 'entriesTotal' | 'winningNumber' | 'secondPlaceNumber';
  /** The entry or mine concerned, when there is one. */
  id?: string;
  computed: string;
  published: string;
  message: string;
}

export type RecordCheck = { ok: true; root: string } | { ok: false; mismatch: Mismatch };

const show = (value: number | string | null): string => (value === null ? 'none' : String(value));

const mismatch = (m: Omit<Mismatch, 'message'>, message: string): RecordCheck => ({
  ok: false,
  mismatch: { ...m, message },
});

const firstOutOfOrder = (rows: { id: string; leaf: string }[]): { id: string; leaf: string } | null => {
  for (let i = 1; i < rows.length; i += 1) {
    const row = rows[i];
    if (row && row.leaf < (rows[i - 1]?.leaf ?? '')) return row;
  }
  return null;
};

/** Recomputes everything the record claims; the first difference wins. A record without root cannot be verified. */
export const verifyRecord = (digest: Digest, record: ClosedRecord): RecordCheck => {
  const key = record.gameDate;
  for (const e of record.entries) {
    const leaf = entryLeaf(digest, key, e.entryId, e.number, e.salt);
    if (leaf !== e.leaf) {
      return mismatch(
        { field: 'leaf', id: e.entryId, computed: leaf, published: e.leaf },
        `Leaf of entry ${e.entryId} does not match its number and salt.`,
      );
    }
  }
  for (const m of record.mines) {
    const leaf = mineLeaf(digest, key, m.mineId, m.number, m.salt);
    if (leaf !== m.leaf) {
      return mismatch(
        { field: 'leaf', id: m.mineId, computed: leaf, published: m.leaf },
        `Leaf of mine ${m.mineId} does not match its number and salt.`,
      );
    }
  }
  const outOfOrder =
    firstOutOfOrder(record.entries.map((e) => ({ id: e.entryId, leaf: e.leaf }))) ??
    firstOutOfOrder(record.mines.map((m) => ({ id: m.mineId, leaf: m.leaf })));
  if (outOfOrder) {
    return mismatch(
      { field: 'order', id: outOfOrder.id, computed: 'ascending by leaf', published: outOfOrder.leaf },
      `The lists are not sorted by leaf at ${outOfOrder.id}.`,
    );
  }
  const leaves = [...record.entries.map((e) => e.leaf), ...record.mines.map((m) => m.leaf)].sort();
  const root = rootByLevels(digest, key, leaves);
  if (root !== record.root) {
    return mismatch(
      { field: 'root', computed: root, published: show(record.root) },
      'The root computed from the published leaves differs from the published root.',
    );
  }
  if (record.entries.length !== record.entriesTotal) {
    return mismatch(
      { field: 'entriesTotal', computed: String(record.entries.length), published: String(record.entriesTotal) },
      `The record lists ${record.entries.length} entries but publishes ${record.entriesTotal}.`,
    );
  }
  const resolution = resolveNumbers(
    record.entries.map((e) => ({ entryId: e.entryId, userId: null, number: e.number })),
    record.mines.map((m) => m.number),
    1,
    key,
  );
  const { winningNumber, secondPlaceNumber } = resolution.snapshot;
  if (winningNumber !== record.winningNumber) {
    return mismatch(
      { field: 'winningNumber', computed: show(winningNumber), published: show(record.winningNumber) },
      `The entries give winning number ${show(winningNumber)}, the record says ${show(record.winningNumber)}.`,
    );
  }
  if (secondPlaceNumber !== record.secondPlaceNumber) {
    return mismatch(
      { field: 'secondPlaceNumber', computed: show(secondPlaceNumber), published: show(record.secondPlaceNumber) },
      `The entries give runner-up number ${show(secondPlaceNumber)}, the record says ${show(record.secondPlaceNumber)}.`,
    );
  }
  return { ok: true, root };
};

/** Whether the receipt's entry (or mine) is in the record unchanged, and its leaf follows from its fields. */
export const receiptIncluded = (digest: Digest, record: ClosedRecord, receipt: Receipt): boolean => {
  if (receipt.gameDate !== record.gameDate) return false;
  if ('entryId' in receipt) {
    if (entryLeaf(digest, receipt.gameDate, receipt.entryId, receipt.number, receipt.salt) !== receipt.leaf)
      return false;
    return record.entries.some(
      (e) =>
        e.entryId === receipt.entryId &&
        e.number === receipt.number &&
        e.salt === receipt.salt &&
        e.leaf === receipt.leaf,
    );
  }
  if (mineLeaf(digest, receipt.gameDate, receipt.mineId, receipt.number, receipt.salt) !== receipt.leaf) return false;
  return record.mines.some(
    (m) =>
      m.mineId === receipt.mineId && m.number === receipt.number && m.salt === receipt.salt && m.leaf === receipt.leaf,
  );
};

const isHex = (value: unknown, length: number): value is string =>
  typeof value === 'string' && value.length === length && /^[0-9a-f]+$/.test(value);

/** An instant exactly as `Date.prototype.toISOString()` prints it (`2026-12-02T10:15:00.123Z`). */
export const isIsoInstant = (value: unknown): value is Instant =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString() === value;

/** The receipt's signature fields: all three, none (an empty object), or null when only some are there or malformed. */
const signatureOf = (r: Record<string, unknown>): Partial<ReceiptSignature> | null => {
  const { signedAt, keyId, sig } = r;
  const given = [signedAt, keyId, sig].filter((v) => v !== undefined).length;
  if (given === 0) return {};
  if (given < 3 || !isIsoInstant(signedAt) || typeof keyId !== 'string' || typeof sig !== 'string') return null;
  return { signedAt, keyId, sig };
};

/**
 * Narrows a parsed receipt file (entry or mine receipt), or null when it is not one. A receipt with only some of
 * `signedAt`, `keyId` and `sig` is none: a signature cut off is not an older receipt.
 */
export const asReceipt = (value: unknown): Receipt | null => {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  const { gameDate, number, salt, leaf } = r;
  if (typeof gameDate !== 'string' || typeof number !== 'number' || !Number.isSafeInteger(number)) return null;
  if (!isHex(salt, 32) || !isHex(leaf, 64)) return null;
  const signature = signatureOf(r);
  if (signature === null) return null;
  if (typeof r['entryId'] === 'string') return { gameDate, entryId: r['entryId'], number, salt, leaf, ...signature };
  if (typeof r['mineId'] === 'string') return { gameDate, mineId: r['mineId'], number, salt, leaf, ...signature };
  return null;
};
