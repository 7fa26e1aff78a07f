// The key that signs receipts and the signatures it makes (DESIGN.md §16). RECEIPT_SIGNING_KEY holds it, published
// with the time it started signing; unset, one is made at first use and kept in the database, and `lowest keys rotate`
// replaces it. Every instance signs with the key the database names: each rereads it once a minute, and a rotated
// key stays valid for two minutes past the rotation, so the instances that still sign with it are covered.
import type { Deps } from '../deps.ts';
import type { Instant, StoredSignature } from '../model.ts';
import type { Receipt } from './record.ts';
import { DomainError } from '../errors.ts';
import type { PublishedKey } from './model.ts';
import type { StoredReceiptKey } from './ports.ts';
import { receiptText } from './receipt-signature.ts';

/** How long an instance signs with the key it read before reading it again. */
export const KEY_REFRESH_MS = 60_000;
/** How long a rotated key stays valid after the rotation: longer than any instance signs with it. */
export const KEY_HANDOVER_MS = 2 * KEY_REFRESH_MS;

export const NO_PRIVATE_KEY =
  "The key that signs receipts is RECEIPT_SIGNING_KEY's, which this instance was not given: set the same RECEIPT_SIGNING_KEY on every instance.";
export const CONFIGURED_KEY_ROTATION =
  'RECEIPT_SIGNING_KEY is set: rotate by setting a new key on every instance, not with lowest keys rotate.';

/** The key a store's receipts are signed with now. */
export interface SigningKey {
  keyId: string;
  privateKey: string;
}

type KeyDeps = Pick<Deps<'receiptKeys'>, 'store' | 'signer' | 'config' | 'clock'>;

/** The key each store's instance signs with, by store, and until when it holds before it is read again. */
const loaded = new WeakMap<object, { key: Promise<SigningKey>; until: number }>();

const configuredKey = (deps: KeyDeps, privateKey: string, now: Instant): StoredReceiptKey => {
  const publicKey = deps.signer.publicKeyOf(privateKey);
  return { keyId: deps.signer.keyIdOf(publicKey), publicKey, privateKey: null, from: now, until: null };
};

const madeKey = (deps: KeyDeps, now: Instant): StoredReceiptKey => {
  const { privateKey, publicKey } = deps.signer.generate();
  return { keyId: deps.signer.keyIdOf(publicKey), publicKey, privateKey, from: now, until: null };
};

const handover = (now: Date): Instant => new Date(now.getTime() + KEY_HANDOVER_MS).toISOString();

const readSigningKey = async (deps: KeyDeps): Promise<SigningKey> => {
  const now = deps.clock.now();
  const configured = deps.config.receiptSigningKey ?? null;
  if (configured !== null) {
    const key = configuredKey(deps, configured, now.toISOString());
    const signing = await deps.store.read((repos) => repos.receiptKeys.signing());
    // A new RECEIPT_SIGNING_KEY takes over from the key before it, which stays published.
    if (signing?.keyId !== key.keyId) await deps.store.write((repos) => repos.receiptKeys.rotate(key, handover(now)));
    return { keyId: key.keyId, privateKey: configured };
  }
  const signing =
    (await deps.store.read((repos) => repos.receiptKeys.signing())) ??
    (await deps.store.write((repos) => repos.receiptKeys.startIfNone(madeKey(deps, now.toISOString()))));
  if (signing.privateKey === null) throw new Error(NO_PRIVATE_KEY);
  return { keyId: signing.keyId, privateKey: signing.privateKey };
};

/** The key to sign with now: read once a minute (a failed read is tried again at the next call). */
export const signingKey = (deps: KeyDeps): Promise<SigningKey> => {
  const now = deps.clock.now().getTime();
  const known = loaded.get(deps.store);
  if (known && now < known.until) return known.key;
  const key = readSigningKey(deps);
  loaded.set(deps.store, { key, until: now + KEY_REFRESH_MS });
  key.catch(() => {
    if (loaded.get(deps.store)?.key === key) loaded.delete(deps.store);
  });
  return key;
};

/** The signature of a receipt, stored with its entry or mine: `signedAt` is when the game accepted it. */
export const signReceipt = (
  deps: Pick<Deps, 'signer'>,
  key: SigningKey,
  receipt: Receipt,
  signedAt: Instant,
): StoredSignature => ({ keyId: key.keyId, sig: deps.signer.sign(key.privateKey, receiptText(receipt, signedAt)) });

/** GET /api/fairness/keys and `lowest keys`: every key that signs or signed receipts, oldest first. */
export const publishedKeys = (deps: Pick<Deps<'receiptKeys'>, 'store'>): Promise<PublishedKey[]> =>
  deps.store.read((repos) => repos.receiptKeys.published());

/**
 * `lowest keys rotate`: a new key signs from now on; the one before stays valid for the handover and stays published.
 * Refused while RECEIPT_SIGNING_KEY is set (the environment, not the database, holds that key).
 */
export const rotateReceiptKey = async (deps: KeyDeps): Promise<PublishedKey> => {
  if ((deps.config.receiptSigningKey ?? null) !== null) throw new DomainError('CONFLICT', CONFIGURED_KEY_ROTATION);
  const now = deps.clock.now();
  const key = madeKey(deps, now.toISOString());
  await deps.store.write((repos) => repos.receiptKeys.rotate(key, handover(now)));
  loaded.delete(deps.store);
  return { keyId: key.keyId, publicKey: key.publicKey, from: key.from, until: null };
};
