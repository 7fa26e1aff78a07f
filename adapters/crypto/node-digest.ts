// The Digest port over node:crypto: synchronous SHA-256, so hashing never queues behind scrypt.
// The one-shot crypto.hash (Node ≥ 20.12) skips the Hash object createHash builds: about twice as
// fast on the short texts we hash, which matters for the root of a million-entry close.
import { createHmac, hash } from 'node:crypto';
import type { Digest } from '../../core/ports.ts';

export const nodeDigest: Digest = {
  sha256Hex: (text) => hash('sha256', text, 'hex'),
  hmacSha256Hex: (key, text) => createHmac('sha256', key).update(text).digest('hex'),
};
