// The browser's own implementation of DESIGN.md §16 (docs/fairness.md): it shares no code with the
// server on purpose, so a player trusts only this file and Web Crypto. Hashes are lowercase hex
// SHA-256 of UTF-8 text.
import type { FairnessRecordResponse } from '../../../server/routes/fairness.schemas.ts';

export type ClosedFairnessRecord = Extract<FairnessRecordResponse, { status: 'closed'; entries: unknown }>;

const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** The texts hashed into leaves: the same in both tree versions. */
export const entryLeafText = (gameKey: string, entryId: string, number: number, salt: string): string =>
  `lowest-unique/v1/entry|${gameKey}|${entryId}|${number}|${salt}`;

export const mineLeafText = (gameKey: string, mineId: string, number: number, salt: string): string =>
  `lowest-unique/v1/mine|${gameKey}|${mineId}|${number}|${salt}`;

export const entryLeaf = (gameKey: string, entryId: string, number: number, salt: string): Promise<string> =>
  sha256Hex(entryLeafText(gameKey, entryId, number, salt));

export const mineLeaf = (gameKey: string, mineId: string, number: number, salt: string): Promise<string> =>
  sha256Hex(mineLeafText(gameKey, mineId, number, salt));

/** The root over leaves sorted ascending as strings: pairs become node hashes, an odd last node moves up. */
export async function merkleRoot(gameKey: string, sortedLeaves: readonly string[]): Promise<string> {
  if (sortedLeaves.length === 0) return sha256Hex(`lowest-unique/v1/empty|${gameKey}`);
  let level = [...sortedLeaves];
  while (level.length > 1) {
    const pairs: Promise<string>[] = [];
    for (let i = 0; i + 1 < level.length; i += 2)
      pairs.push(sha256Hex(`lowest-unique/v1/node|${level[i]}|${level[i + 1]}`));
    const next = await Promise.all(pairs);
    if (level.length % 2 === 1) next.push(level[level.length - 1] ?? '');
    level = next;
  }
  return level[0] ?? '';
}

/** Lowest and second lowest number picked by exactly one entry and not mined. */
export function winnerAndRunnerUp(
  numbers: readonly number[],
  mined: readonly number[],
): { winningNumber: number | null; secondPlaceNumber: number | null } {
  const counts = new Map<number, number>();
  for (const n of numbers) counts.set(n, (counts.get(n) ?? 0) + 1);
  const minedSet = new Set(mined);
  const uniques = [...counts]
    .filter(([n, c]) => c === 1 && !minedSet.has(n))
    .map(([n]) => n)
    .sort((a, b) => a - b);
  return { winningNumber: uniques[0] ?? null, secondPlaceNumber: uniques[1] ?? null };
}

export type VerifyOutcome = { verified: true; root: string } | { verified: false; problem: string };

const show = (value: number | string | null): string => (value === null ? 'none' : String(value));

/** Recomputes every leaf, the root, the entry count, the winner and the runner-up; the first mismatch wins. */
export async function verifyFairnessRecord(record: ClosedFairnessRecord): Promise<VerifyOutcome> {
  if (record.root === null) return { verified: false, problem: record.reason ?? 'This game has no published root.' };
  const key = record.gameDate;
  const entryLeaves = await Promise.all(record.entries.map((e) => entryLeaf(key, e.entryId, e.number, e.salt)));
  for (const [i, e] of record.entries.entries()) {
    if (entryLeaves[i] !== e.leaf)
      return { verified: false, problem: `Leaf of entry ${e.entryId} does not match its number and salt.` };
  }
  const mineLeaves = await Promise.all(record.mines.map((m) => mineLeaf(key, m.mineId, m.number, m.salt)));
  for (const [i, m] of record.mines.entries()) {
    if (mineLeaves[i] !== m.leaf)
      return { verified: false, problem: `Leaf of mine ${m.mineId} does not match its number and salt.` };
  }
  for (const list of [
    record.entries.map((e) => [e.entryId, e.leaf] as const),
    record.mines.map((m) => [m.mineId, m.leaf] as const),
  ]) {
    for (let i = 1; i < list.length; i += 1) {
      const [id, leaf] = list[i] ?? ['', ''];
      if (leaf < (list[i - 1]?.[1] ?? ''))
        return { verified: false, problem: `The lists are not sorted by leaf at ${id}.` };
    }
  }
  const root = await merkleRoot(key, [...entryLeaves, ...mineLeaves].sort());
  if (root !== record.root)
    return { verified: false, problem: 'The root computed from the published leaves differs from the published root.' };
  if (record.entries.length !== record.entriesTotal) {
    return {
      verified: false,
      problem: `The record lists ${record.entries.length} entries but publishes ${record.entriesTotal}.`,
    };
  }
  const { winningNumber, secondPlaceNumber } = winnerAndRunnerUp(
    record.entries.map((e) => e.number),
    record.mines.map((m) => m.number),
  );
  if (winningNumber !== record.winningNumber) {
    return {
      verified: false,
      problem: `The entries give winning number ${show(winningNumber)}, the record says ${show(record.winningNumber)}.`,
    };
  }
  if (secondPlaceNumber !== record.secondPlaceNumber) {
    return {
      verified: false,
      problem: `The entries give runner-up number ${show(secondPlaceNumber)}, the record says ${show(record.secondPlaceNumber)}.`,
    };
  }
  return { verified: true, root };
}

export interface PastedReceipt {
  gameDate: string;
  id: string;
  kind: 'entry' | 'mine';
  number: number;
  salt: string;
  leaf: string;
  /** A signed receipt's `signedAt`, `keyId` and `sig`; none on a receipt issued before receipts were signed. */
  signature?: { signedAt: string; keyId: string; sig: string };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const isIsoInstant = (value: unknown): value is string =>
  typeof value === 'string' &&
  ISO_INSTANT.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString() === value;

/** The signature's fields: all three, none (undefined), or a message when only some are there or one is malformed. */
function signatureOf(
  r: Record<string, unknown>,
): { ok: true; signature?: PastedReceipt['signature'] } | { ok: false; message: string } {
  const { signedAt, keyId, sig } = r;
  const given = [signedAt, keyId, sig].filter((v) => v !== undefined).length;
  if (given === 0) return { ok: true };
  if (given < 3)
    return { ok: false, message: 'The receipt has part of a signature: it needs signedAt, keyId and sig together.' };
  if (!isIsoInstant(signedAt))
    return { ok: false, message: 'The receipt’s signedAt is not a time like 2026-12-02T10:15:00.123Z.' };
  if (typeof keyId !== 'string' || typeof sig !== 'string')
    return { ok: false, message: 'The receipt’s keyId and sig must be text.' };
  return { ok: true, signature: { signedAt, keyId, sig } };
}

/** Reads a receipt pasted or uploaded as JSON; a message naming the field when it is not one. */
export function parseReceipt(text: string): { ok: true; receipt: PastedReceipt } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The receipt is not valid JSON.' };
  }
  if (typeof value !== 'object' || value === null) return { ok: false, message: 'The receipt must be a JSON object.' };
  const r = value as Record<string, unknown>;
  const id = typeof r['entryId'] === 'string' ? r['entryId'] : typeof r['mineId'] === 'string' ? r['mineId'] : null;
  if (typeof r['gameDate'] !== 'string') return { ok: false, message: 'The receipt needs a gameDate.' };
  if (id === null) return { ok: false, message: 'The receipt needs an entryId (or a mineId).' };
  if (typeof r['number'] !== 'number' || !Number.isSafeInteger(r['number']))
    return { ok: false, message: 'The receipt needs a whole number.' };
  if (typeof r['salt'] !== 'string' || !/^[0-9a-f]{32}$/.test(r['salt']))
    return { ok: false, message: 'The receipt needs a salt of 32 hex characters.' };
  if (typeof r['leaf'] !== 'string' || !/^[0-9a-f]{64}$/.test(r['leaf']))
    return { ok: false, message: 'The receipt needs a leaf of 64 hex characters.' };
  const signed = signatureOf(r);
  if (!signed.ok) return signed;
  const kind = typeof r['entryId'] === 'string' ? 'entry' : 'mine';
  const receipt: PastedReceipt = {
    gameDate: r['gameDate'],
    id,
    kind,
    number: r['number'],
    salt: r['salt'],
    leaf: r['leaf'],
  };
  if (signed.signature !== undefined) receipt.signature = signed.signature;
  return { ok: true, receipt };
}

/** INCLUDED when the receipt's leaf follows from its fields and the record holds the same row unchanged. */
export async function receiptIncluded(record: ClosedFairnessRecord, receipt: PastedReceipt): Promise<boolean> {
  if (receipt.gameDate !== record.gameDate) return false;
  const leaf =
    receipt.kind === 'entry'
      ? await entryLeaf(receipt.gameDate, receipt.id, receipt.number, receipt.salt)
      : await mineLeaf(receipt.gameDate, receipt.id, receipt.number, receipt.salt);
  if (leaf !== receipt.leaf) return false;
  const same = (row: { number: number; salt: string; leaf: string }) =>
    row.number === receipt.number && row.salt === receipt.salt && row.leaf === receipt.leaf;
  return receipt.kind === 'entry'
    ? record.entries.some((e) => e.entryId === receipt.id && same(e))
    : record.mines.some((m) => m.mineId === receipt.id && same(m));
}
