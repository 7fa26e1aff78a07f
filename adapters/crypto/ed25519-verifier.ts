// The SignatureVerifier port over node:crypto's Ed25519, and the key id of a public key (DESIGN.md §16).
import { createPublicKey, hash, verify } from 'node:crypto';
import type { SignatureVerifier } from '../../core/fairness/ports.ts';
import { keyIdOf } from '../../core/fairness/receipt-signature.ts';

/** Standard base64 with its padding, nothing else: Buffer.from would skip what is not base64 and read the rest. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** An Ed25519 signature is 64 bytes. */
const SIGNATURE_BYTES = 64;

const bytesOf = (base64: string): Buffer | null => (BASE64.test(base64) ? Buffer.from(base64, 'base64') : null);

export const ed25519Verifier: SignatureVerifier = {
  verify: (publicKey, text, sig) => {
    const der = bytesOf(publicKey);
    const signature = bytesOf(sig);
    if (der === null || signature?.length !== SIGNATURE_BYTES) return false;
    try {
      const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
      if (key.asymmetricKeyType !== 'ed25519') return false;
      return verify(null, Buffer.from(text, 'utf8'), key, signature);
    } catch {
      return false;
    }
  },
};

/** The key id of a public key given as SPKI DER, standard base64: the first 16 hex of the SHA-256 of those bytes. */
export const publicKeyId = (publicKey: string): string =>
  keyIdOf(hash('sha256', Buffer.from(publicKey, 'base64'), 'hex'));
