// Signed receipts (DESIGN.md §16, docs/fairness.md): the exact text a receipt's signature covers, the key id rule,
// and the verdict a receipt gets against the published keys. The Ed25519 check itself is a port (SignatureVerifier).
import type { Instant } from '../model.ts';
import type { PublishedKey } from './model.ts';
import type { SignatureVerifier } from './ports.ts';
import type { Receipt, ReceiptSignature } from './record.ts';

const PREFIX = 'lowest-unique/v1';

/** How many hex characters of the SPKI key's SHA-256 make its id. */
export const KEY_ID_LENGTH = 16;

/** The UTF-8 text a receipt's `sig` signs: every field of the receipt, `signedAt` last, the number in decimal. */
export const receiptText = (receipt: Receipt, signedAt: Instant): string =>
  'entryId' in receipt
    ? `${PREFIX}/receipt|${receipt.gameDate}|${receipt.entryId}|${String(receipt.number)}|${receipt.salt}|${receipt.leaf}|${signedAt}`
    : `${PREFIX}/mine-receipt|${receipt.gameDate}|${receipt.mineId}|${String(receipt.number)}|${receipt.salt}|${receipt.leaf}|${signedAt}`;

/** The words a player reads for a validly signed receipt whose leaf is proven absent from the closed game. */
export const omittedText = (signedAt: Instant): string =>
  `OMITTED — the game signed this pick at ${signedAt} and left it out of the closed game`;

/**
 * What proves an omission to anyone offline (docs/fairness.md): `{format, receipt, key, summary, neighbours}`, the
 * summary and neighbours as the public API answered them.
 */
export const OMISSION_EVIDENCE_FORMAT = 'lowest-unique/omission-evidence/v1';

/** The evidence file's name: `omission-{gameDate}-{first 8 of leaf}.json`. */
export const omissionEvidenceFileName = (receipt: Pick<Receipt, 'gameDate' | 'leaf'>): string =>
  `omission-${receipt.gameDate}-${receipt.leaf.slice(0, 8)}.json`;

/** A key's id from the SHA-256 (lowercase hex) of its SPKI DER bytes: the first 16 characters. */
export const keyIdOf = (spkiSha256Hex: string): string => spkiSha256Hex.slice(0, KEY_ID_LENGTH).toLowerCase();

/** Why a signature is refused, each with what a player needs to see it. */
export type SignatureProblem =
  | { code: 'mismatch' }
  | { code: 'unknown-key'; keyId: string }
  | { code: 'outside-period'; keyId: string; signedAt: Instant; from: Instant; until: Instant | null }
  | { code: 'after-close'; signedAt: Instant; closedAt: Instant };

export type SignatureVerdict =
  /** Valid for a published key whose period holds `signedAt`, and not after the game's close. */
  | { status: 'signed'; keyId: string; signedAt: Instant; key: PublishedKey }
  /** No signature: a receipt issued before receipts were signed. Never evidence of an omission. */
  | { status: 'unsigned' }
  | { status: 'bad'; problem: SignatureProblem };

/** The reason of a BAD SIGNATURE in the words of the contract. */
export const signatureProblemText = (problem: SignatureProblem): string => {
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
};

/** The verdict in the words a player reads: `SIGNED by key … at …`, `UNSIGNED`, `BAD SIGNATURE (reason)`. */
export const signatureVerdictText = (verdict: SignatureVerdict): string => {
  switch (verdict.status) {
    case 'signed':
      return `SIGNED by key ${verdict.keyId} at ${verdict.signedAt}`;
    case 'unsigned':
      return 'UNSIGNED';
    case 'bad':
      return `BAD SIGNATURE (${signatureProblemText(verdict.problem)})`;
  }
};

const signatureOf = (receipt: Receipt): ReceiptSignature | null =>
  receipt.signedAt !== undefined && receipt.keyId !== undefined && receipt.sig !== undefined
    ? { signedAt: receipt.signedAt, keyId: receipt.keyId, sig: receipt.sig }
    : null;

/** Whether `at` falls in the key's period: `from <= at` and (`until` null or `at <= until`). */
const inPeriod = (key: PublishedKey, at: number): boolean =>
  Date.parse(key.from) <= at && (key.until === null || at <= Date.parse(key.until));

/**
 * A receipt's signature against the published keys: only the key with its `keyId`, only inside that key's period,
 * and, once the game closed (`closedAt`, null while it is open), never signed after the close. The first refusal
 * wins, in this order: the key, the signature, the period, the close.
 */
export const checkReceiptSignature = (
  receipt: Receipt,
  keys: readonly PublishedKey[],
  closedAt: Instant | null,
  verifier: SignatureVerifier,
): SignatureVerdict => {
  const signature = signatureOf(receipt);
  if (signature === null) return { status: 'unsigned' };
  const { signedAt, keyId, sig } = signature;
  const key = keys.find((k) => k.keyId === keyId);
  if (!key) return { status: 'bad', problem: { code: 'unknown-key', keyId } };
  if (!verifier.verify(key.publicKey, receiptText(receipt, signedAt), sig))
    return { status: 'bad', problem: { code: 'mismatch' } };
  const at = Date.parse(signedAt);
  if (!inPeriod(key, at)) {
    return {
      status: 'bad',
      problem: { code: 'outside-period', keyId, signedAt, from: key.from, until: key.until },
    };
  }
  if (closedAt !== null && at > Date.parse(closedAt))
    return { status: 'bad', problem: { code: 'after-close', signedAt, closedAt } };
  return { status: 'signed', keyId, signedAt, key };
};
