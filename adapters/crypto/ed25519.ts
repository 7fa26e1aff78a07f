// The ReceiptSigning port over node:crypto's Ed25519. A key's KeyObject is parsed once: the signing key is the same
// for every pick of an instance, and parsing its DER costs more than the signature.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import type { ReceiptSigning } from '../../core/fairness/ports.ts';

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
  keyIdOf: (publicKey) => createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex').slice(0, 16),
  sign: (privateKey, text) => sign(null, Buffer.from(text, 'utf8'), privateKeyObject(privateKey)).toString('base64'),
  verify: (publicKey, text, sig) => {
    try {
      const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
      if (key.asymmetricKeyType !== 'ed25519') return false;
      const signature = Buffer.from(sig, 'base64');
      return signature.length === 64 && verify(null, Buffer.from(text, 'utf8'), key, signature);
    } catch {
      return false;
    }
  },
};
