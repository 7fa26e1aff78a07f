// Production implementations of the Clock and Random ports (node:crypto; never Math.random).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock, Random } from '../core/ports.ts';

export const systemClock: Clock = { now: () => new Date() };

export const cryptoRandom: Random = {
  next() {
    // 53 random bits → a float in [0, 1) with full double precision.
    const [high = 0, low = 0] = globalThis.crypto.getRandomValues(new Uint32Array(2));
    return ((high >>> 5) * 67108864 + (low >>> 6)) / 9007199254740992;
  },
  id: () => randomUUID(),
  tokenHex: (bytes) => randomBytes(bytes).toString('hex'),
};
