// What the verify page says of one receipt: its signature (SIGNED / UNSIGNED / BAD SIGNATURE) and whether the closed
// game holds it (INCLUDED, NOT FOUND, or, for a validly signed receipt proven absent, OMITTED with the evidence).
import type {
  FairnessKeysResponse,
  FairnessSummaryV2,
  InclusionProofResponse,
  NeighboursResponse,
} from '../../../server/routes/fairness.schemas.ts';
import type { PastedReceipt } from './fairness-check.ts';
import {
  checkAbsence,
  checkSignature,
  describeAbsenceMismatch,
  omissionEvidence,
  type OmissionEvidence,
  type SignatureVerdict,
} from './receipt-signature-check.ts';
import { checkReceiptV2, describeMismatch } from './tree-v2-check.ts';

export type Presence =
  | { kind: 'included' }
  | { kind: 'not-found' }
  | { kind: 'omitted'; signedAt: string; evidence: OmissionEvidence }
  | { kind: 'mismatch'; message: string };

export interface ReceiptOutcome {
  signature: SignatureVerdict;
  presence: Presence;
}

/** The calls a receipt's check makes, each fetched only when needed. */
export interface ReceiptCalls {
  fetchKeys(): Promise<FairnessKeysResponse>;
  fetchProof(leaf: string): Promise<InclusionProofResponse | null>;
  fetchNeighbours(number: number, leaf: string): Promise<NeighboursResponse>;
}

/** The signature against the published keys; the keys are fetched only for a signed receipt. */
export const signatureOf = async (
  receipt: PastedReceipt,
  closedAt: string | null,
  fetchKeys: () => Promise<FairnessKeysResponse>,
): Promise<SignatureVerdict> =>
  receipt.signature === undefined ? { status: 'unsigned' } : checkSignature(receipt, await fetchKeys(), closedAt);

/**
 * A receipt against a closed game of tree version 2: its signature, then its inclusion proof. When the game has no
 * proof for it and the signature is valid, the neighbours must prove it absent: OMITTED. An unsigned (or badly signed)
 * receipt the game does not hold is NOT FOUND, never OMITTED: nothing shows the game ever accepted it.
 */
export async function checkReceiptOnTree(
  summary: FairnessSummaryV2,
  receipt: PastedReceipt,
  calls: ReceiptCalls,
): Promise<ReceiptOutcome> {
  const signature = await signatureOf(receipt, summary.closedAt, calls.fetchKeys);
  const inclusion = await checkReceiptV2(summary, receipt, calls.fetchProof);
  if (inclusion.ok) return { signature, presence: { kind: 'included' } };
  if (inclusion.mismatch.code !== 'not-found')
    return { signature, presence: { kind: 'mismatch', message: describeMismatch(inclusion.mismatch) } };
  if (signature.status !== 'signed') return { signature, presence: { kind: 'not-found' } };
  const neighbours = await calls.fetchNeighbours(receipt.number, receipt.leaf);
  const absence = checkAbsence(summary, receipt, neighbours);
  if (!absence.ok) {
    return {
      signature,
      presence: {
        kind: 'mismatch',
        message: `The game has no proof for this pick, and what it gives around it does not prove it absent. ${describeAbsenceMismatch(absence.mismatch, describeMismatch)}`,
      },
    };
  }
  return {
    signature,
    presence: {
      kind: 'omitted',
      signedAt: signature.signedAt,
      evidence: omissionEvidence(receipt, signature.key, summary, neighbours),
    },
  };
}
