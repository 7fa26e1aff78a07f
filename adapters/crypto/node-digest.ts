// The Digest port over node:crypto: synchronous SHA-256, so hashing never queues behind scrypt.
import { createHash } from 'node:crypto';
import type { Digest } from '../../core/ports.ts';

export const nodeDigest: Digest = {
  sha256Hex: (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
};
