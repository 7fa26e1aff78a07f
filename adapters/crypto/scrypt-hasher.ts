// PasswordHasher over node:crypto scrypt (OWASP: N=2^17, r=8, p=1). Stored as `scrypt$N$r$p$salt$hash`
// with base64url salt and hash, so the cost can be raised later without breaking stored hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../../core/ports.ts';

const KEY_LENGTH = 32;
const SALT_BYTES = 16;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const OWASP_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const derive = (password: string, salt: Buffer, cost: ScryptCost, keyLength: number): Promise<Buffer> => {
  // scrypt needs 128·N·r bytes; the default 32 MiB cap is below OWASP's 128 MiB.
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
};

const isPowerOfTwo = (n: number): boolean => Number.isSafeInteger(n) && n > 1 && (n & (n - 1)) === 0;

export class ScryptHasher implements PasswordHasher {
  constructor(private readonly cost: ScryptCost = OWASP_COST) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, this.cost, KEY_LENGTH);
    const { N, r, p } = this.cost;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    // Refuse absurd costs from a tampered row instead of allocating gigabytes.
    if (
      !isPowerOfTwo(N) ||
      N > 2 ** 20 ||
      !Number.isSafeInteger(r) ||
      r < 1 ||
      r > 32 ||
      !Number.isSafeInteger(p) ||
      p < 1 ||
      p > 16
    ) {
      return false;
    }
    const salt = Buffer.from(parts[4] ?? '', 'base64url');
    const expected = Buffer.from(parts[5] ?? '', 'base64url');
    if (salt.length < 8 || expected.length < 16) return false;
    const actual = await derive(password, salt, { N, r, p }, expected.length);
    return timingSafeEqual(actual, expected);
  }
}
