// Signs receipts as the server does, with the fixed test key of docs/fairness.md, for tests of the verifiers.
import { createPrivateKey, sign } from 'node:crypto';
import type { PublishedKey } from '../../core/fairness/model.ts';
import { receiptText } from '../../core/fairness/receipt-signature.ts';
import type { Receipt, ReceiptSignature } from '../../core/fairness/record.ts';

/** The test key of docs/fairness.md: PKCS#8 and SPKI DER, base64. Never a production key. */
export const TEST_PRIVATE_KEY = 'MC4CAQAwBQYDK2VwBCIEIPwluy5TWEEOoMOCW+4HPCswpFaPt4USLpUf+wuQ9W6g';
export const TEST_PUBLIC_KEY = 'MCowBQYDK2VwAyEAI0PjtdrePyQa4Dv9Vb4rmLtkdJL2tRBKd0NguKoRnDg=';
export const TEST_KEY_ID = 'b66c6b19443918ad';

/** The test key as GET /api/fairness/keys would publish it, signing since `from`. */
export const testKey = (from = '2026-12-01T00:00:00.000Z', until: string | null = null): PublishedKey => ({
  keyId: TEST_KEY_ID,
  publicKey: TEST_PUBLIC_KEY,
  from,
  until,
});

const privateKey = createPrivateKey({ key: Buffer.from(TEST_PRIVATE_KEY, 'base64'), format: 'der', type: 'pkcs8' });

/** The Ed25519 signature of `text` by the test key, standard base64. */
export const signText = (text: string): string => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64');

/** The receipt with its signature by the test key at `signedAt`. */
export const signReceipt = <R extends Receipt>(receipt: R, signedAt: string): R & ReceiptSignature => ({
  ...receipt,
  signedAt,
  keyId: TEST_KEY_ID,
  sig: signText(receiptText(receipt, signedAt)),
});
