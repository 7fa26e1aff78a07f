// The signed-receipt vectors of docs/fairness.md against both implementations: core's (receiptText, signing with
// node:crypto byte for byte, checkReceiptSignature with the node:crypto verifier) and the browser's
// (web/features/verify/receipt-signature-check.ts with Web Crypto). Either drifting from the page fails here.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { nodeEd25519 } from '../adapters/crypto/ed25519.ts';
import { entryLeaf, mineLeaf } from '../core/fairness/hashes.ts';
import type { PublishedKey } from '../core/fairness/model.ts';
import { checkReceiptSignature, receiptText } from '../core/fairness/receipt-signature.ts';
import { asReceipt, type Receipt } from '../core/fairness/record.ts';
import { parseReceipt } from '../web/features/verify/fairness-check.ts';
import * as web from '../web/features/verify/receipt-signature-check.ts';

interface KeyVector extends PublishedKey {
  privateKeyPkcs8: string;
}
interface ReceiptVector {
  receipt: Record<string, string | number>;
  text: string;
}

const doc = readFileSync(new URL('../docs/fairness.md', import.meta.url), 'utf8');
const blocks = (tag: string): unknown[] =>
  [...doc.matchAll(new RegExp('```json ' + tag + '\\n([\\s\\S]*?)\\n```', 'g'))].map((m) => JSON.parse(m[1] ?? ''));
const [keyVector] = blocks('receipt-signature-key') as KeyVector[];
const vectors = blocks('receipt-signature-vector') as ReceiptVector[];
if (!keyVector) throw new Error('docs/fairness.md has no receipt-signature-key block');
const { privateKeyPkcs8, ...key } = keyVector;
const CLOSED_AT = '2026-12-03T00:00:00.000Z';

const coreReceipt = (vector: ReceiptVector): Receipt => {
  const receipt = asReceipt(vector.receipt);
  if (!receipt) throw new Error(`not a receipt: ${JSON.stringify(vector.receipt)}`);
  return receipt;
};

const webReceipt = (value: unknown) => {
  const parsed = parseReceipt(JSON.stringify(value));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.receipt;
};

describe('the signed-receipt vectors of docs/fairness.md', () => {
  it('are two entries and a mine, signed by one fixed key whose id and public key follow from its private key', () => {
    expect(vectors.map((v) => ('entryId' in v.receipt ? 'entry' : 'mine'))).toEqual(['entry', 'entry', 'mine']);
    const privateKey = createPrivateKey({ key: Buffer.from(privateKeyPkcs8, 'base64'), format: 'der', type: 'pkcs8' });
    const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).toString('base64');
    expect(spki).toBe(key.publicKey);
    expect(nodeEd25519.keyIdOf(key.publicKey)).toBe(key.keyId);
    expect(key.keyId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('recompute on core: each leaf, each signed text, and each signature byte for byte; all SIGNED', () => {
    const privateKey = createPrivateKey({ key: Buffer.from(privateKeyPkcs8, 'base64'), format: 'der', type: 'pkcs8' });
    for (const vector of vectors) {
      const receipt = coreReceipt(vector);
      const leaf =
        'entryId' in receipt
          ? entryLeaf(nodeDigest, receipt.gameDate, receipt.entryId, receipt.number, receipt.salt)
          : mineLeaf(nodeDigest, receipt.gameDate, receipt.mineId, receipt.number, receipt.salt);
      expect(leaf).toBe(receipt.leaf);
      expect(receiptText(receipt, receipt.signedAt ?? '')).toBe(vector.text);
      expect(sign(null, Buffer.from(vector.text, 'utf8'), privateKey).toString('base64')).toBe(receipt.sig);
      expect(checkReceiptSignature(receipt, [key], CLOSED_AT, nodeEd25519)).toEqual({
        status: 'signed',
        keyId: key.keyId,
        signedAt: receipt.signedAt,
        key,
      });
    }
  });

  it('recompute on the browser’s verifier with Web Crypto: each signed text, all SIGNED', async () => {
    for (const vector of vectors) {
      const receipt = webReceipt(vector.receipt);
      expect(web.receiptText(receipt, receipt.signature?.signedAt ?? '')).toBe(vector.text);
      expect(await web.verifyEd25519(key.publicKey, vector.text, String(vector.receipt['sig']))).toBe(true);
      expect(await web.checkSignature(receipt, [key], CLOSED_AT)).toEqual({
        status: 'signed',
        keyId: key.keyId,
        signedAt: vector.receipt['signedAt'],
        key,
      });
      expect(web.receiptObject(receipt)).toEqual(vector.receipt);
    }
  });

  it('give BAD SIGNATURE on both when number, salt, leaf or signedAt is changed', async () => {
    for (const vector of vectors) {
      const changes: Record<string, string | number>[] = [
        { number: Number(vector.receipt['number']) + 1 },
        { salt: 'f'.repeat(32) },
        { leaf: '0'.repeat(64) },
        { signedAt: '2026-12-02T10:15:00.124Z' },
      ];
      for (const change of changes) {
        const tampered = { ...vector.receipt, ...change };
        expect(
          checkReceiptSignature(coreReceipt({ ...vector, receipt: tampered }), [key], CLOSED_AT, nodeEd25519),
        ).toEqual({ status: 'bad', problem: { code: 'mismatch' } });
        expect(await web.checkSignature(webReceipt(tampered), [key], CLOSED_AT)).toEqual({
          status: 'bad',
          problem: { code: 'mismatch' },
        });
      }
    }
  });

  it('give BAD SIGNATURE on both against another key published under their key id, or signed after the close', async () => {
    // A valid Ed25519 key, not the one that signed.
    const spki = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' });
    const wrongKey = { ...key, publicKey: spki.toString('base64') };
    const [first] = vectors;
    if (!first) throw new Error('no vector');
    const mismatch = { status: 'bad', problem: { code: 'mismatch' } };
    expect(checkReceiptSignature(coreReceipt(first), [wrongKey], CLOSED_AT, nodeEd25519)).toEqual(mismatch);
    expect(await web.checkSignature(webReceipt(first.receipt), [wrongKey], CLOSED_AT)).toEqual(mismatch);
    const early = '2026-12-02T10:00:00.000Z';
    expect(checkReceiptSignature(coreReceipt(first), [key], early, nodeEd25519)).toMatchObject({
      status: 'bad',
      problem: { code: 'after-close', closedAt: early },
    });
    expect(await web.checkSignature(webReceipt(first.receipt), [key], early)).toMatchObject({
      status: 'bad',
      problem: { code: 'after-close', closedAt: early },
    });
  });
});
