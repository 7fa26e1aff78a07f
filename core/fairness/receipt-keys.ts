// The key that signs receipts and the signatures it makes (DESIGN.md §16, ADR 0053). RECEIPT_SIGNING_KEY holds it,
// published with the time it started signing; unset, one is made at first use and kept in the database. Either way
// `lowest keys rotate` is the one way to change it. Every instance signs with the key the database names: each rereads
// it once a minute, and a rotated key stays valid for two minutes past the rotation, so the instances that still sign
// with it are covered. An instance whose RECEIPT_SIGNING_KEY is another key refuses to sign rather than take over.
import type { Deps } from '../deps.ts';
import type { Instant, StoredSignature } from '../model.ts';
import type { Receipt } from './record.ts';
import type { PublishedKey } from './model.ts';
import type { StoredReceiptKey } from './ports.ts';
import { receiptText } from './receipt-signature.ts';

/** How long an instance signs with the key it read before reading it again. */
export const KEY_REFRESH_MS = 60_000;
/** How long a rotated key stays valid after the rotation: longer than any instance signs with it. */
export const KEY_HANDOVER_MS = 2 * KEY_REFRESH_MS;

export const NO_PRIVATE_KEY =
  "The key that signs receipts is RECEIPT_SIGNING_KEY's, which this instance was not given: set the same RECEIPT_SIGNING_KEY on every instance.";

/**
 * Why an instance given one RECEIPT_SIGNING_KEY refuses to start (or to sign) while the database names another key:
 * two keys signing one game's receipts in turn is what one shared key rules out.
 */
export const configuredKeyNotSigning = (configuredKeyId: string, signing: StoredReceiptKey | PublishedKey): string => {
  const inDatabase = 'privateKey' in signing && signing.privateKey !== null;
  return (
    `RECEIPT_SIGNING_KEY is key ${configuredKeyId}, but key ${signing.keyId} signs receipts (since ${signing.from}): ` +
    'every instance signs with the one key. Start this instance with the key that signs' +
    (inDatabase ? ' (the database keeps it: leave RECEIPT_SIGNING_KEY unset)' : '') +
    ', or make this key the one that signs with `lowest keys rotate` run with this RECEIPT_SIGNING_KEY set, then give ' +
    `it to every instance within ${KEY_HANDOVER_MS / 60_000} minutes (the key before keeps signing until then).`
  );
};

/** The key a store's receipts are signed with now. */
export interface SigningKey {
  keyId: string;
  privateKey: string;
}

/** A key read from the database, and when it stops signing if it has been rotated out (the handover). */
interface ReadKey {
  key: SigningKey;
  until: number | null;
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

const readConfiguredKey = async (deps: KeyDeps, configured: string, now: Date): Promise<ReadKey> => {
  const key = configuredKey(deps, configured, now.toISOString());
  const signing =
    (await deps.store.read((repos) => repos.receiptKeys.signing())) ??
    (await deps.store.write((repos) => repos.receiptKeys.startIfNone(key)));
  const mine = { keyId: key.keyId, privateKey: configured };
  if (signing.keyId === key.keyId) return { key: mine, until: null };
  // Rotated out by `lowest keys rotate`: it signs until its handover ends, while the instances take the new key.
  const published = await deps.store.read((repos) => repos.receiptKeys.published());
  const until = published.find((k) => k.keyId === key.keyId)?.until ?? null;
  if (until !== null && now.getTime() < Date.parse(until)) return { key: mine, until: Date.parse(until) };
  throw new Error(configuredKeyNotSigning(key.keyId, signing));
};

const readSigningKey = async (deps: KeyDeps): Promise<ReadKey> => {
  const now = deps.clock.now();
  const configured = deps.config.receiptSigningKey ?? null;
  if (configured !== null) return readConfiguredKey(deps, configured, now);
  const signing =
    (await deps.store.read((repos) => repos.receiptKeys.signing())) ??
    (await deps.store.write((repos) => repos.receiptKeys.startIfNone(madeKey(deps, now.toISOString()))));
  if (signing.privateKey === null) throw new Error(NO_PRIVATE_KEY);
  return { key: { keyId: signing.keyId, privateKey: signing.privateKey }, until: null };
};

/**
 * The key to sign with now: read once a minute, or sooner when the key read stops signing before that (a failed read
 * is tried again at the next call).
 */
export const signingKey = async (deps: KeyDeps): Promise<SigningKey> => {
  const now = deps.clock.now().getTime();
  const known = loaded.get(deps.store);
  if (known && now < known.until) return known.key;
  const read = readSigningKey(deps);
  const key = read.then((r) => r.key);
  const entry = { key, until: now + KEY_REFRESH_MS };
  loaded.set(deps.store, entry);
  read.then(
    (r) => {
      if (r.until !== null) entry.until = Math.min(entry.until, r.until);
    },
    () => {
      if (loaded.get(deps.store) === entry) loaded.delete(deps.store);
    },
  );
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
 * `lowest keys rotate`: a new key signs from now on — RECEIPT_SIGNING_KEY's when it is set, else one made here and
 * kept in the database; the one before stays valid for the handover and stays published. Rotating to the key that
 * already signs changes nothing.
 */
export const rotateReceiptKey = async (deps: KeyDeps): Promise<PublishedKey> => {
  const now = deps.clock.now();
  const configured = deps.config.receiptSigningKey ?? null;
  const key =
    configured === null ? madeKey(deps, now.toISOString()) : configuredKey(deps, configured, now.toISOString());
  const published = await deps.store.write(async (repos) => {
    await repos.receiptKeys.rotate(key, handover(now));
    return repos.receiptKeys.published();
  });
  loaded.delete(deps.store);
  const signing = published.find((k) => k.keyId === key.keyId);
  if (!signing) throw new Error(`The rotation to key ${key.keyId} was not stored.`);
  return signing;
};
