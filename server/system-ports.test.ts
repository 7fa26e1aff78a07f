// The production Random: tokens of the asked length from the pooled bytes, never handed out twice.
import { describe, expect, it } from 'vitest';
import { cryptoRandom } from './system-ports.ts';

describe('cryptoRandom.tokenHex', () => {
  it('gives hex of twice the asked bytes, across pool refills and beyond the pool size', () => {
    for (const bytes of [1, 16, 32, 4095, 4096, 5000])
      expect(cryptoRandom.tokenHex(bytes)).toMatch(new RegExp(`^[0-9a-f]{${2 * bytes}}$`));
  });

  it('never repeats a token (the pool moves on and refills)', () => {
    const tokens = Array.from({ length: 3 * (4096 / 16) + 7 }, () => cryptoRandom.tokenHex(16));
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
