// `lowest keys`, `lowest keys rotate` and `lowest keys new`: the Ed25519 keys that sign receipts (DESIGN.md §16).
import type { Command } from '../command.ts';
import { nodeEd25519 } from '../../adapters/crypto/ed25519.ts';
import { KEY_HANDOVER_MS, publishedKeys, rotateReceiptKey } from '../../core/fairness/receipt-keys.ts';
import type { PublishedKey } from '../../core/fairness/ports.ts';

const keyLine = (k: PublishedKey): string =>
  `${k.keyId}  from ${k.from}  ${k.until === null ? 'signing now' : `until ${k.until}`}\n  ${k.publicKey}`;

export const keysCommand: Command = {
  name: 'keys',
  args: [],
  options: {},
  summary: 'List the keys that sign receipts (as GET /api/fairness/keys publishes them).',
  details: [
    'Each key: its id, when it started signing, when it stopped (or "signing now") and its Ed25519 public key',
    '(SPKI DER, base64). A receipt verifies against the key of its keyId, signed within that period.',
  ].join('\n'),
  run: async ({ open }) => {
    const { deps } = await open();
    const keys = await publishedKeys(deps);
    if (keys.length === 0) return { data: keys, text: 'No key has signed a receipt yet: the first pick makes one.' };
    return { data: keys, text: keys.map(keyLine).join('\n') };
  },
};

export const keysRotateCommand: Command = {
  name: 'keys rotate',
  args: [],
  options: {},
  summary: 'Start a new key that signs receipts; the key before it stays published.',
  details: [
    `The key before stays valid for ${String(KEY_HANDOVER_MS / 60_000)} more minutes, while every instance picks up the new one (each rereads`,
    'it once a minute), and stays published with the time it stopped. With RECEIPT_SIGNING_KEY set, rotate by setting a new',
    'key (lowest keys new) on every instance instead.',
  ].join('\n'),
  run: async ({ open }) => {
    const { deps } = await open();
    const key = await rotateReceiptKey(deps);
    return { data: key, text: `Key ${key.keyId} signs receipts from ${key.from} on.\n  ${key.publicKey}` };
  },
};

export const keysNewCommand: Command = {
  name: 'keys new',
  args: [],
  options: {},
  summary: 'Print a new Ed25519 private key for RECEIPT_SIGNING_KEY (nothing is stored).',
  details: 'Set the printed key as RECEIPT_SIGNING_KEY on every instance; it starts signing when they restart.',
  run: async () => {
    const { privateKey, publicKey } = nodeEd25519.generate();
    const keyId = nodeEd25519.keyIdOf(publicKey);
    return {
      data: { keyId, privateKey, publicKey },
      text: `RECEIPT_SIGNING_KEY=${privateKey}\n# key id ${keyId}, public key ${publicKey}`,
    };
  },
};
