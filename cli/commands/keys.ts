// `lowest keys` and `lowest keys rotate`: the Ed25519 keys that sign receipts (DESIGN.md §16).
import type { Command } from '../command.ts';
import { KEY_HANDOVER_MS, publishedKeys, rotateReceiptKey } from '../../core/fairness/receipt-keys.ts';
import type { PublishedKey } from '../../core/fairness/model.ts';

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
  summary:
    "Make RECEIPT_SIGNING_KEY's key (when set) or a new one the key that signs receipts; the key before stays published.",
  details: [
    'With RECEIPT_SIGNING_KEY set, its key signs from now on: the way to change a configured key, since an instance',
    `given a key that does not sign refuses to start. Then give the new key to every instance within ${String(KEY_HANDOVER_MS / 60_000)} minutes:`,
    `the key before stays valid for that long, while the instances still given it sign with it. Unset, a new key is made and`,
    'kept in the database, and every instance picks it up within a minute. The key before stays published with the time it',
    'stopped.',
  ].join('\n'),
  run: async ({ open }) => {
    const { deps } = await open();
    const key = await rotateReceiptKey(deps);
    return { data: key, text: `Key ${key.keyId} signs receipts from ${key.from} on.\n  ${key.publicKey}` };
  },
};
