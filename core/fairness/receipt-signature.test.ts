// A receipt's signature (DESIGN.md §16): SIGNED only by the key of its keyId, inside that key's period and not after
// the game's close; any changed field, another key, or a time outside is a BAD SIGNATURE with its reason; a receipt
// without signature is UNSIGNED. And a receipt file's signature fields are all three or none.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { nodeEd25519 } from '../../adapters/crypto/ed25519.ts';
import { entryLeaf, mineLeaf } from './hashes.ts';
import type { PublishedKey } from './model.ts';
import { asReceipt, type EntryReceipt, type MineReceipt, type Receipt } from './record.ts';
import {
  checkReceiptSignature,
  receiptText,
  signatureVerdictText,
  type SignatureVerdict,
} from './receipt-signature.ts';

const KEY = '2026-12-02';
const CLOSED_AT = '2026-12-03T00:00:00.500Z';

const keyPair = (from: string, until: string | null = null): { key: PublishedKey; privateKey: KeyObject } => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const spki = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  return { key: { keyId: nodeEd25519.keyIdOf(spki), publicKey: spki, from, until }, privateKey };
};

const current = keyPair('2026-12-01T00:00:00.000Z');
const retired = keyPair('2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z');
const keys = [retired.key, current.key];

const signed = <R extends Receipt>(receipt: R, signedAt: string, by = current): R => ({
  ...receipt,
  signedAt,
  keyId: by.key.keyId,
  sig: sign(null, Buffer.from(receiptText(receipt, signedAt), 'utf8'), by.privateKey).toString('base64'),
});

const salt = '00112233445566778899aabbccddeeff';
const entry: EntryReceipt = {
  gameDate: KEY,
  entryId: 'e-1',
  number: 7,
  salt,
  leaf: entryLeaf(nodeDigest, KEY, 'e-1', 7, salt),
};
const mine: MineReceipt = {
  gameDate: KEY,
  mineId: 'm-1',
  number: 13,
  salt,
  leaf: mineLeaf(nodeDigest, KEY, 'm-1', 13, salt),
};

const check = (receipt: Receipt, closedAt: string | null = CLOSED_AT): SignatureVerdict =>
  checkReceiptSignature(receipt, keys, closedAt, nodeEd25519);

const problemOf = (verdict: SignatureVerdict): string | null =>
  verdict.status === 'bad' ? verdict.problem.code : null;

describe('a signed receipt', () => {
  it('is SIGNED by the key of its keyId at its time, an entry as a mine, while the game is open and after its close', () => {
    for (const receipt of [signed(entry, '2026-12-02T10:15:00.123Z'), signed(mine, '2026-12-02T12:00:00.000Z')]) {
      for (const closedAt of [CLOSED_AT, null]) {
        const verdict = check(receipt, closedAt);
        expect(verdict).toEqual({
          status: 'signed',
          keyId: current.key.keyId,
          signedAt: receipt.signedAt,
          key: current.key,
        });
        expect(signatureVerdictText(verdict)).toBe(`SIGNED by key ${current.key.keyId} at ${receipt.signedAt ?? ''}`);
      }
    }
    // A retired key still verifies what it signed while it signed; signed at the instant of the close holds.
    expect(check(signed(entry, '2026-11-20T08:00:00.000Z', retired)).status).toBe('signed');
    expect(check(signed(entry, CLOSED_AT)).status).toBe('signed');
  });

  it('is a BAD SIGNATURE when any signed field is changed: number, salt, leaf, signedAt, id or game', () => {
    const good = signed(entry, '2026-12-02T10:15:00.123Z');
    for (const tampered of [
      { ...good, number: 8 },
      { ...good, salt: 'f'.repeat(32) },
      { ...good, leaf: 'a'.repeat(64) },
      { ...good, signedAt: '2026-12-02T10:15:00.124Z' },
      { ...good, entryId: 'e-2' },
      { ...good, gameDate: '2026-12-01' },
    ]) {
      const verdict = check(tampered);
      expect(verdict).toEqual({ status: 'bad', problem: { code: 'mismatch' } });
      expect(signatureVerdictText(verdict)).toBe('BAD SIGNATURE (the signature does not match)');
    }
    // An entry's signature does not pass for a mine with the same fields: the texts differ in their prefix.
    const { entryId, ...fields } = good;
    expect(check({ ...fields, mineId: entryId }).status).toBe('bad');
  });

  it('is a BAD SIGNATURE signed by another key than its keyId names, or by a key nobody published', () => {
    const other = keyPair('2026-12-01T00:00:00.000Z');
    const byOther = signed(entry, '2026-12-02T10:15:00.123Z', other);
    expect(problemOf(check({ ...byOther, keyId: current.key.keyId }))).toBe('mismatch');
    const unknown = check(byOther);
    expect(unknown).toEqual({ status: 'bad', problem: { code: 'unknown-key', keyId: other.key.keyId } });
    expect(signatureVerdictText(unknown)).toBe(`BAD SIGNATURE (unknown key ${other.key.keyId})`);
    // A signature that is not base64 of 64 bytes, or a published key that is not Ed25519, never verifies.
    const good = signed(entry, '2026-12-02T10:15:00.123Z');
    for (const sig of ['', 'not base64!', good.sig?.slice(0, 80) ?? '', `${good.sig ?? ''}AAAA`])
      expect(problemOf(check({ ...good, sig }))).toBe('mismatch');
    const notEd25519 = { ...current.key, publicKey: 'MCowBQYDK2VuAyEA' + 'A'.repeat(43) + '=' };
    expect(checkReceiptSignature(good, [notEd25519], CLOSED_AT, nodeEd25519).status).toBe('bad');
  });

  it("is refused when signed outside its key's period", () => {
    for (const [receipt, by] of [
      [signed(entry, '2026-12-01T00:00:00.001Z', retired), retired],
      [signed(entry, '2026-10-31T23:59:59.999Z', retired), retired],
      [signed(entry, '2026-11-30T23:59:59.999Z', current), current],
    ] as const) {
      const verdict = check(receipt);
      expect(verdict).toEqual({
        status: 'bad',
        problem: {
          code: 'outside-period',
          keyId: by.key.keyId,
          signedAt: receipt.signedAt,
          from: by.key.from,
          until: by.key.until,
        },
      });
      expect(signatureVerdictText(verdict)).toBe("BAD SIGNATURE (signed outside the key's period)");
    }
  });

  it('is refused when signed after the game closed', () => {
    const late = signed(entry, '2026-12-03T00:00:00.501Z');
    const verdict = check(late);
    expect(verdict).toEqual({
      status: 'bad',
      problem: { code: 'after-close', signedAt: late.signedAt, closedAt: CLOSED_AT },
    });
    expect(signatureVerdictText(verdict)).toBe(
      `BAD SIGNATURE (signed after the game closed (2026-12-03T00:00:00.501Z is after ${CLOSED_AT}: refused))`,
    );
    // While the game is open nothing is after its close.
    expect(check(late, null).status).toBe('signed');
  });
});

describe('an unsigned receipt', () => {
  it('is UNSIGNED, whatever the keys', () => {
    for (const receipt of [entry, mine]) {
      expect(check(receipt)).toEqual({ status: 'unsigned' });
      expect(checkReceiptSignature(receipt, [], null, nodeEd25519)).toEqual({ status: 'unsigned' });
    }
    expect(signatureVerdictText({ status: 'unsigned' })).toBe('UNSIGNED');
  });
});

describe('a receipt file', () => {
  it('keeps signedAt, keyId and sig when all three are there, and is a receipt without any of them', () => {
    const good = signed(entry, '2026-12-02T10:15:00.123Z');
    expect(asReceipt(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(asReceipt({ ...entry })).toEqual(entry);
    expect(asReceipt(signed(mine, '2026-12-02T12:00:00.000Z'))).toMatchObject({
      mineId: 'm-1',
      keyId: current.key.keyId,
    });
  });

  it('is refused with only some of the three, or a signedAt that is not an ISO instant', () => {
    const good = signed(entry, '2026-12-02T10:15:00.123Z');
    const { signedAt, keyId, sig, ...bare } = good;
    for (const partial of [
      { ...bare, signedAt },
      { ...bare, keyId },
      { ...bare, sig },
      { ...bare, signedAt, keyId },
      { ...bare, keyId, sig },
      { ...bare, signedAt, sig },
      { ...good, signedAt: null },
      { ...good, keyId: 7 },
      { ...good, signedAt: '2026-12-02T10:15:00Z' },
      { ...good, signedAt: '2026-12-02 10:15:00.123Z' },
      { ...good, signedAt: '2026-02-30T10:15:00.123Z' },
    ])
      expect(asReceipt(partial)).toBeNull();
  });
});
