// `lowest verify DATE --remote URL`: audits a deployment through its public API only (DESIGN.md §16). Version 2:
// the summary, every items page (each leaf recomputed, tree order checked, fed to a streaming builder and a
// streaming resolution: O(log n) nodes and one or two pages in memory), the winner proof, and a receipt's
// inclusion proof. Version 1: the whole record, checked as the verify page checks it. A receipt's signature is
// checked against the published keys; a signed receipt the game has no proof for is proven absent by its neighbours
// (OMITTED, with the evidence).
import type { PublishedKey } from '../../core/fairness/model.ts';
import {
  checkReceiptSignature,
  OMISSION_EVIDENCE_FORMAT,
  omittedText,
  signatureVerdictText,
  type SignatureVerdict,
} from '../../core/fairness/receipt-signature.ts';
import { receiptIncluded, verifyRecord, NO_ROOT_REASON, type Receipt } from '../../core/fairness/record.ts';
import { compareTreeItems, itemLeaf, TreeV2Builder } from '../../core/fairness/tree-v2.ts';
import type { TreeItem } from '../../core/fairness/model.ts';
import {
  checkAbsence,
  verifyInclusion,
  verifyWinnerProof,
  winnerBound,
  type TreeV2Summary,
} from '../../core/fairness/tree-v2-proofs.ts';
import { DomainError } from '../../core/errors.ts';
import { systemDigest, systemSignatureVerifier } from '../../server/composition-root.ts';
import {
  FairnessItemsResponse,
  FairnessKeysResponse,
  FairnessRecordResponse,
  InclusionProofResponse,
  NeighboursResponse,
  WinnerProofResponse,
  type FairnessSummaryV2,
} from '../../server/routes/fairness.schemas.ts';
import type { Progress } from '../progress-bar.ts';
import type { PublicApi } from './public-api.ts';
import { StreamingResolution } from './streaming-resolution.ts';

export interface RemoteAuditInput {
  api: PublicApi;
  gameKey: string;
  /** Items per request; null: the server's pageSize. */
  pageSize: number | null;
  receipt: Receipt | null;
  progress(label: string, total: number): Progress;
}

export interface RemoteAudit {
  gameKey: string;
  treeVersion: 1 | 2;
  root: string | null;
  /** Items (version 2) or leaves (version 1) checked. */
  items: number;
  winningNumber: number | null;
  secondPlaceNumber: number | null;
  receiptIncluded: boolean | null;
  /** The receipt's signature against the published keys; null without a receipt. */
  signature: SignatureVerdict | null;
  /** A validly signed receipt proven absent from the closed game: what proves it (docs/fairness.md). */
  omission: OmissionEvidence | null;
  /** The first mismatch, in words for an operator; null when everything holds. */
  problem: string | null;
}

export interface OmissionEvidence {
  format: typeof OMISSION_EVIDENCE_FORMAT;
  receipt: Receipt;
  key: PublishedKey;
  summary: FairnessSummaryV2;
  neighbours: NeighboursResponse;
}

/** The receipt's signature; the keys are asked for only for a signed receipt (none published: an unknown key). */
const signatureOf = async (api: PublicApi, receipt: Receipt, closedAt: string | null): Promise<SignatureVerdict> => {
  if (receipt.sig === undefined) return { status: 'unsigned' };
  const keys = (await api.get('api/fairness/keys', FairnessKeysResponse, true)) ?? [];
  return checkReceiptSignature(receipt, keys, closedAt, systemSignatureVerifier);
};

/** A bad signature is a problem of its own, named after whatever else is wrong with the receipt. */
const withSignature = (problem: string | null, signature: SignatureVerdict | null): string | null => {
  if (signature?.status !== 'bad') return problem;
  const bad = `Receipt: ${signatureVerdictText(signature)}.`;
  return problem === null ? bad : `${problem} ${bad}`;
};

const show = (value: number | null): string => (value === null ? 'none' : String(value));

const NOT_INCLUDED = "The receipt is not in this game's record.";

/** Reads the summary and dispatches on the tree version; an unknown or open game is an error, not a mismatch. */
export const auditRemote = async (input: RemoteAuditInput): Promise<RemoteAudit> => {
  const { api, gameKey } = input;
  const record = await api.get(`api/fairness/${encodeURIComponent(gameKey)}`, FairnessRecordResponse, true);
  if (record === null) throw new DomainError('NOT_FOUND', `No game ${gameKey} at this deployment (404).`);
  if (record.gameDate !== gameKey)
    throw new Error(`Asked for game ${gameKey}, the deployment answered game ${record.gameDate}.`);
  if (record.status === 'open')
    throw new DomainError('CONFLICT', `The game ${gameKey} is still open: there is nothing to verify yet.`);
  const signature = input.receipt ? await signatureOf(api, input.receipt, record.closedAt) : null;
  if ('treeVersion' in record) return auditTree(input, record, signature);
  const base = {
    gameKey,
    treeVersion: 1 as const,
    root: record.root,
    items: record.entries.length + record.mines.length,
    winningNumber: record.winningNumber,
    secondPlaceNumber: record.secondPlaceNumber,
  };
  const included = input.receipt ? receiptIncluded(systemDigest, record, input.receipt) : null;
  const result = (problem: string | null): RemoteAudit => ({
    ...base,
    receiptIncluded: included,
    signature,
    omission: null,
    problem,
  });
  if (record.root === null) return result(record.reason ?? NO_ROOT_REASON);
  const check = verifyRecord(systemDigest, record);
  if (!check.ok) return result(check.mismatch.message);
  return result(withSignature(included === false ? NOT_INCLUDED : null, signature));
};

const auditTree = async (
  input: RemoteAuditInput,
  record: FairnessSummaryV2,
  signature: SignatureVerdict | null,
): Promise<RemoteAudit> => {
  const { api, gameKey } = input;
  const path = `api/fairness/${encodeURIComponent(gameKey)}`;
  const summary: TreeV2Summary = {
    gameKey,
    root: record.root,
    size: record.size,
    lo: record.lo,
    hi: record.hi,
    winningNumber: record.winningNumber,
    secondPlaceNumber: record.secondPlaceNumber,
  };
  const result = (
    items: number,
    problem: string | null,
    included: boolean | null = null,
    omission: OmissionEvidence | null = null,
  ): RemoteAudit => ({
    gameKey,
    treeVersion: 2,
    root: record.root,
    items,
    winningNumber: record.winningNumber,
    secondPlaceNumber: record.secondPlaceNumber,
    receiptIncluded: included,
    signature,
    omission,
    problem,
  });
  if (!Number.isSafeInteger(record.size) || record.size < 0)
    return result(0, `The summary gives ${String(record.size)} items.`);
  const winnerProof = await api.get(`${path}/winner-proof`, WinnerProofResponse);
  const count = Math.max(1, Math.min(input.pageSize ?? record.pageSize, record.pageSize));
  const fetchPage = (from: number) =>
    api.get(
      `${path}/items?from=${String(from)}&count=${String(Math.min(count, record.size - from))}`,
      FairnessItemsResponse,
    );

  const builder = new TreeV2Builder(systemDigest, gameKey);
  const resolution = new StreamingResolution();
  const winnerItems: TreeItem[] = [];
  const bound = winnerBound(summary);
  let previous: TreeItem | undefined;
  let entries = 0;
  const bar = input.progress(`Auditing ${gameKey}`, record.size);
  try {
    let next = record.size > 0 ? fetchPage(0) : null;
    for (let from = 0; next !== null;) {
      const page = await next;
      const expected = Math.min(count, record.size - from);
      if (page.gameDate !== gameKey || page.from !== from)
        return result(
          from,
          `The page asked from item ${String(from)} of ${gameKey} is from item ${String(page.from)} of ${page.gameDate}.`,
        );
      if (page.items.length !== expected)
        return result(
          from,
          `The page from item ${String(from)} has ${String(page.items.length)} items, not ${String(expected)}: the summary says the game has ${String(record.size)}.`,
        );
      const after = from + page.items.length;
      // The next page is on its way while this one is checked: at most two pages are held.
      next = after < record.size ? fetchPage(after) : null;
      next?.catch(() => undefined);
      for (const [offset, item] of page.items.entries()) {
        const index = from + offset;
        const leaf = itemLeaf(systemDigest, gameKey, item);
        if (leaf !== item.leaf)
          return result(
            index,
            `The leaf of ${item.kind} ${item.id} (item ${String(index)}) does not match its number and salt.`,
          );
        if (previous && compareTreeItems(previous, item) >= 0)
          return result(
            index,
            `The items are out of order at ${item.kind} ${item.id} (item ${String(index)}): ${String(item.number)} after ${String(previous.number)}.`,
          );
        previous = item;
        builder.push(item);
        resolution.push(item);
        if (item.kind === 'entry') entries += 1;
        // A true proof's items stop at the first one above the bound: keeping more would only serve a false one.
        if (index < winnerProof.count && !((winnerItems.at(-1)?.number ?? bound) > bound)) winnerItems.push(item);
      }
      bar.tick(page.items.length);
      from = after;
    }
  } finally {
    bar.done();
  }

  const built = builder.finish();
  const size = record.size;
  if (built.root.hash !== record.root)
    return result(size, 'The root recomputed from every item differs from the published root.');
  if (built.size !== size || built.root.lo !== record.lo || built.root.hi !== record.hi) {
    return result(
      size,
      `The items give the interval [${String(built.root.lo)}, ${String(built.root.hi)}]; the summary publishes [${String(record.lo)}, ${String(record.hi)}].`,
    );
  }
  if (entries !== record.entriesTotal || size - entries !== record.minesTotal) {
    return result(
      size,
      `The items hold ${String(entries)} entries and ${String(size - entries)} mines; the summary publishes ${String(record.entriesTotal)} and ${String(record.minesTotal)}.`,
    );
  }
  const resolved = resolution.result();
  if (resolved.winningNumber !== record.winningNumber)
    return result(
      size,
      `The items give winning number ${show(resolved.winningNumber)}, the game says ${show(record.winningNumber)}.`,
    );
  if (resolved.secondPlaceNumber !== record.secondPlaceNumber)
    return result(
      size,
      `The items give runner-up number ${show(resolved.secondPlaceNumber)}, the game says ${show(record.secondPlaceNumber)}.`,
    );
  const winner = verifyWinnerProof(systemDigest, summary, winnerProof, winnerItems);
  if (!winner.ok) return result(size, `Winner proof: ${winner.mismatch.message}`);
  if (!input.receipt) return result(size, null);
  const problem = await receiptProblem(api, path, summary, input.receipt);
  if (problem !== NOT_INCLUDED || signature?.status !== 'signed')
    return result(size, withSignature(problem, signature), problem === null);
  // Signed by the game and not in it: the neighbours must prove it absent.
  const { receipt } = input;
  const neighbours = await api.get(
    `${path}/neighbours?number=${String(receipt.number)}&leaf=${receipt.leaf}`,
    NeighboursResponse,
  );
  const absence = checkAbsence(systemDigest, summary, receipt, neighbours);
  if (!absence.ok) {
    return result(
      size,
      `${NOT_INCLUDED} The neighbours the deployment gives do not prove it absent: ${absence.mismatch.message}`,
      false,
    );
  }
  const omission: OmissionEvidence = {
    format: OMISSION_EVIDENCE_FORMAT,
    receipt,
    key: signature.key,
    summary: record,
    neighbours,
  };
  return result(size, omittedText(signature.signedAt), false, omission);
};

/** Null when the receipt's leaf follows from its fields and its inclusion proof leads to the published root. */
const receiptProblem = async (
  api: PublicApi,
  path: string,
  summary: TreeV2Summary,
  receipt: Receipt,
): Promise<string | null> => {
  const [kind, id] = 'entryId' in receipt ? (['entry', receipt.entryId] as const) : (['mine', receipt.mineId] as const);
  if (receipt.gameDate !== summary.gameKey)
    return `The receipt is of game ${receipt.gameDate}, not ${summary.gameKey}.`;
  if (
    itemLeaf(systemDigest, summary.gameKey, { kind, id, number: receipt.number, salt: receipt.salt }) !== receipt.leaf
  )
    return `The receipt's leaf does not match its ${kind}, number and salt.`;
  const proof = await api.get(`${path}/proof/${receipt.leaf}`, InclusionProofResponse, true);
  if (proof === null) return NOT_INCLUDED;
  const check = verifyInclusion(systemDigest, receipt, proof, summary);
  return check.ok ? null : `Receipt: ${check.mismatch.message}`;
};
