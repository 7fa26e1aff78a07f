// The browser's own check of a signed receipt (DESIGN.md §16, docs/fairness.md), sharing no code with the server like
// fairness-check.ts: the signature with Web Crypto's Ed25519 against the published keys, the proof that a leaf is
// absent from a closed game (two adjacent neighbours, each proven), and the evidence a player downloads.
import type {
  FairnessKeysResponse,
  FairnessSummaryV2,
  NeighboursResponse,
  PublishedKeyDto,
} from '../../../server/routes/fairness.schemas.ts';
import { entryLeafText, mineLeafText, type PastedReceipt } from './fairness-check.ts';
import { sha256HexSync } from './sha256-sync.ts';
import { verifyInclusion, type TreeCheck, type TreeMismatch } from './tree-v2-check.ts';

/** The text a receipt's `sig` signs, exactly. */
export const receiptText = (receipt: PastedReceipt, signedAt: string): string =>
  `lowest-unique/v1/${receipt.kind === 'entry' ? 'receipt' : 'mine-receipt'}|${receipt.gameDate}|${receipt.id}|${receipt.number}|${receipt.salt}|${receipt.leaf}|${signedAt}`;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The bytes of standard base64 (padded), or null when it is not that. */
export function base64Bytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64.test(text)) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** This browser has no Ed25519 in Web Crypto: the signature cannot be checked here, which proves nothing either way. */
export class Ed25519Unsupported extends Error {
  constructor() {
    super('This browser cannot check Ed25519 signatures; a current Chrome, Edge, Firefox or Safari can.');
    this.name = 'Ed25519Unsupported';
  }
}

/** Whether `sig` is the Ed25519 signature of `text` by `publicKey` (SPKI DER); both standard base64. */
export async function verifyEd25519(publicKey: string, text: string, sig: string): Promise<boolean> {
  const der = base64Bytes(publicKey);
  const signature = base64Bytes(sig);
  if (der === null || signature?.length !== 64) return false;
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('spki', der, { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    if (error instanceof Error && error.name === 'NotSupportedError') throw new Ed25519Unsupported();
    return false;
  }
  return crypto.subtle.verify('Ed25519', key, signature, new TextEncoder().encode(text));
}

export type SignatureProblem =
  | { code: 'mismatch' }
  | { code: 'unknown-key'; keyId: string }
  | { code: 'outside-period' }
  | { code: 'after-close'; signedAt: string; closedAt: string };

export type SignatureVerdict =
  | { status: 'signed'; keyId: string; signedAt: string; key: PublishedKeyDto }
  | { status: 'unsigned' }
  | { status: 'bad'; problem: SignatureProblem }
  /** The browser cannot check Ed25519: neither good nor bad. */
  | { status: 'not-checked'; message: string };

/** The reason of a BAD SIGNATURE, in the words a player reads. */
export function describeSignatureProblem(problem: SignatureProblem): string {
  switch (problem.code) {
    case 'mismatch':
      return 'the signature does not match';
    case 'unknown-key':
      return `unknown key ${problem.keyId}`;
    case 'outside-period':
      return "signed outside the key's period";
    case 'after-close':
      return `signed after the game closed (${problem.signedAt} is after ${problem.closedAt}: refused)`;
  }
}

/**
 * The signature against the published keys: only the key of its `keyId`, only inside that key's period and, once the
 * game closed (`closedAt`), never after the close. The first refusal wins: the key, the signature, the period, the close.
 */
export async function checkSignature(
  receipt: PastedReceipt,
  keys: FairnessKeysResponse,
  closedAt: string | null,
): Promise<SignatureVerdict> {
  const { signature } = receipt;
  if (signature === undefined) return { status: 'unsigned' };
  const { signedAt, keyId, sig } = signature;
  const key = keys.find((k) => k.keyId === keyId);
  if (key === undefined) return { status: 'bad', problem: { code: 'unknown-key', keyId } };
  let valid: boolean;
  try {
    valid = await verifyEd25519(key.publicKey, receiptText(receipt, signedAt), sig);
  } catch (error) {
    if (error instanceof Ed25519Unsupported) return { status: 'not-checked', message: error.message };
    throw error;
  }
  if (!valid) return { status: 'bad', problem: { code: 'mismatch' } };
  const at = Date.parse(signedAt);
  if (!(Date.parse(key.from) <= at && (key.until === null || at <= Date.parse(key.until))))
    return { status: 'bad', problem: { code: 'outside-period' } };
  if (closedAt !== null && at > Date.parse(closedAt))
    return { status: 'bad', problem: { code: 'after-close', signedAt, closedAt } };
  return { status: 'signed', keyId, signedAt, key };
}

export type AbsenceMismatch =
  | { code: 'absence-size'; size: number; published: number }
  | { code: 'absence-neighbour'; side: 'left' | 'right'; mismatch: TreeMismatch }
  | { code: 'absence-neighbour-leaf'; side: 'left' | 'right' }
  | { code: 'absence-adjacent'; left: number | null; right: number | null; size: number }
  | { code: 'absence-empty-root' }
  | { code: 'absence-order' };

export type AbsenceCheck = { ok: true } | { ok: false; mismatch: AbsenceMismatch };

/** Why the neighbours do not prove the leaf absent, in words. */
export function describeAbsenceMismatch(m: AbsenceMismatch, describe: (m: TreeMismatch) => string): string {
  switch (m.code) {
    case 'absence-size':
      return `The neighbours are of a game of ${m.size} picks, but this game has ${m.published}.`;
    case 'absence-neighbour':
      return `The pick on the ${m.side} is not proven in the game: ${describe(m.mismatch)}`;
    case 'absence-neighbour-leaf':
      return `The fingerprint of the pick on the ${m.side} does not match its number and salt.`;
    case 'absence-adjacent':
      return `The picks around it (positions ${m.left ?? 'none'} and ${m.right ?? 'none'} of ${m.size}) do not stand side by side: another pick may lie between them.`;
    case 'absence-empty-root':
      return 'The game claims no pick, but its root is not the root of an empty game.';
    case 'absence-order':
      return 'This pick does not fall between the picks given around it.';
  }
}

type Key = { number: number; leaf: string };
const before = (a: Key, b: Key): boolean => a.number < b.number || (a.number === b.number && a.leaf < b.leaf);

/**
 * Whether the neighbours prove the receipt's leaf absent from the closed game: each neighbour's leaf follows from its
 * fields and its proof leads to the root; they stand side by side (the first, the last, or an empty game when one or
 * both are missing); and the receipt's (number, leaf) falls strictly between them. The receipt's own leaf and game are
 * checked before (checkReceiptV2).
 */
export function checkAbsence(
  summary: FairnessSummaryV2,
  receipt: PastedReceipt,
  neighbours: NeighboursResponse,
): AbsenceCheck {
  const fail = (mismatch: AbsenceMismatch): AbsenceCheck => ({ ok: false, mismatch });
  const { left, right, size } = neighbours;
  if (size !== summary.size) return fail({ code: 'absence-size', size, published: summary.size });
  for (const [side, neighbour] of [
    ['left', left],
    ['right', right],
  ] as const) {
    if (neighbour === null) continue;
    const { item } = neighbour;
    const leaf = sha256HexSync(
      (item.kind === 'entry' ? entryLeafText : mineLeafText)(summary.gameDate, item.id, item.number, item.salt),
    );
    if (leaf !== item.leaf) return fail({ code: 'absence-neighbour-leaf', side });
    const included: TreeCheck = verifyInclusion(summary, item, neighbour.proof);
    if (!included.ok) return fail({ code: 'absence-neighbour', side, mismatch: included.mismatch });
  }
  const adjacent =
    left !== null && right !== null
      ? left.proof.index + 1 === right.proof.index
      : right !== null
        ? right.proof.index === 0
        : left !== null
          ? left.proof.index === size - 1
          : size === 0;
  if (!adjacent)
    return fail({ code: 'absence-adjacent', left: left?.proof.index ?? null, right: right?.proof.index ?? null, size });
  if (left === null && right === null) {
    const empty = sha256HexSync(`lowest-unique/v2/empty|${summary.gameDate}`);
    if (summary.root !== empty || summary.lo !== 0 || summary.hi !== 0) return fail({ code: 'absence-empty-root' });
  }
  if ((left !== null && !before(left.item, receipt)) || (right !== null && !before(receipt, right.item)))
    return fail({ code: 'absence-order' });
  return { ok: true };
}

export const EVIDENCE_FORMAT = 'lowest-unique/omission-evidence/v1';

/** The receipt as a player keeps it: its fields in the documented order, the signature's last when it has one. */
export function receiptObject(receipt: PastedReceipt): Record<string, string | number> {
  const { gameDate, kind, id, number, salt, leaf, signature } = receipt;
  const object: Record<string, string | number> = { gameDate, [kind === 'entry' ? 'entryId' : 'mineId']: id };
  Object.assign(object, { number, salt, leaf }, signature);
  return object;
}

export interface OmissionEvidence {
  format: typeof EVIDENCE_FORMAT;
  receipt: Record<string, string | number>;
  key: PublishedKeyDto;
  summary: FairnessSummaryV2;
  neighbours: NeighboursResponse;
}

/** What proves the omission to anyone offline: the receipt, the key that signed it, the summary and the neighbours. */
export const omissionEvidence = (
  receipt: PastedReceipt,
  key: PublishedKeyDto,
  summary: FairnessSummaryV2,
  neighbours: NeighboursResponse,
): OmissionEvidence => ({
  format: EVIDENCE_FORMAT,
  receipt: receiptObject(receipt),
  key: { keyId: key.keyId, publicKey: key.publicKey, from: key.from, until: key.until },
  summary,
  neighbours,
});

export const evidenceFileName = (receipt: Pick<PastedReceipt, 'gameDate' | 'leaf'>): string =>
  `omission-${receipt.gameDate}-${receipt.leaf.slice(0, 8)}.json`;
