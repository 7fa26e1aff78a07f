import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { centsToDollarsInput, dollarsToCents } from './prize-amount.ts';

describe('dollarsToCents', () => {
  it('converts dollars to whole cents', () => {
    expect(dollarsToCents('12.34')).toBe(1234);
    expect(dollarsToCents('10')).toBe(1000);
    expect(dollarsToCents(200)).toBe(20000);
  });

  it('rounds to the nearest cent, including values binary floating point gets wrong', () => {
    expect(dollarsToCents('1.15')).toBe(115);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('9.999')).toBe(1000);
    expect(dollarsToCents('0.004')).toBe(0);
  });

  it('never goes below 0 and reads junk as 0', () => {
    expect(dollarsToCents('-5')).toBe(0);
    expect(dollarsToCents('')).toBe(0);
    expect(dollarsToCents('abc')).toBe(0);
    expect(dollarsToCents(Number.NaN)).toBe(0);
  });

  it('round-trips every cent amount through the input text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(dollarsToCents(centsToDollarsInput(cents))).toBe(cents);
      }),
    );
  });
});
