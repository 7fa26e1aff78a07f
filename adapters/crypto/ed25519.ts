// The ReceiptSigning port (and its SignatureVerifier) over node:crypto's Ed25519 (DESIGN.md §16). A private key's
// KeyObject is parsed once: the signing key is the same for every pick of an instance, and parsing its DER costs more
// than the signature.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hash,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import type { ReceiptSigning } from '../../core/fairness/ports.ts';
import { keyIdOf } from '../../core/fairness/receipt-signature.ts';

/** Standard base64 with its padding, nothing else: Buffer.from would skip what is not base64 and read the rest. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** An Ed25519 signature is 64 bytes. */
const SIGNATURE_BYTES = 64;

const bytesOf = (base64: string): Buffer | null => (BASE64.test(base64) ? Buffer.from(base64, 'base64') : null);

const parsed = new Map<string, KeyObject>();

const privateKeyObject = (privateKey: string): KeyObject => {
  let key = parsed.get(privateKey);
  if (!key) {
    key = createPrivateKey({ key: Buffer.from(privateKey, 'base64'), format: 'der', type: 'pkcs8' });
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('The receipt signing key must be an Ed25519 key.');
    parsed.set(privateKey, key);
  }
  return key;
};

export const nodeEd25519: ReceiptSigning = {
  generate() {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    return {
      privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    };
  },
  publicKeyOf: (privateKey) =>
    createPublicKey(privateKeyObject(privateKey)).export({ format: 'der', type: 'spki' }).toString('base64'),
  keyIdOf: (publicKey) => keyIdOf(hash('sha256', Buffer.from(publicKey, 'base64'), 'hex')),
  sign: (privateKey, text) => sign(null, Buffer.from(text, 'utf8'), privateKeyObject(privateKey)).toString('base64'),
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
