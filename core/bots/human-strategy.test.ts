import { describe, it, expect } from 'vitest';
import { SeededRandom } from '../../test/support/fakes.ts';
import { equilibrium, equilibriumSampler, humanSampler, uniformSampler } from './human-strategy.ts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('Poisson–Nash equilibrium', () => {
  it('matches the hand computation for n = 3', () => {
    const p = equilibrium(3);
    expect(p).toHaveLength(7);
    // Normalisation moves the raw values only slightly (the cut tail is tiny).
    expect(p[0]).toBeCloseTo(Math.log(4) / 3, 3);
    expect(p[0]).toBeCloseTo(0.4621, 3);
    expect(p[1]).toBeCloseTo(0.32, 2);
    expect(p[2]).toBeCloseTo(0.168, 2);
  });

  it('has 181 terms for n = 1000', () => {
    expect(equilibrium(1000)).toHaveLength(181);
  });

  it('is a decreasing distribution summing to 1 for n from 3 to 100,000', () => {
    for (const n of [3, 4, 7, 10, 33, 100, 250, 1000, 5000, 20_000, 100_000]) {
      const p = equilibrium(n);
      expect(Math.abs(sum(p) - 1)).toBeLessThan(1e-6);
      for (let i = 1; i < p.length; i += 1) expect(p[i] ?? 0).toBeLessThanOrEqual(p[i - 1] ?? 0);
    }
  });

  it('refuses n < 1', () => {
    expect(() => equilibrium(0)).toThrow(RangeError);
  });
});

describe('samplers', () => {
  it('draws the pure equilibrium with the right frequencies (chi-square)', () => {
    const n = 10;
    const p = equilibrium(n);
    const draws = 20_000;
    const counts = new Array<number>(p.length).fill(0);
    const sample = equilibriumSampler(n);
    const random = new SeededRandom(7);
    for (let i = 0; i < draws; i += 1) {
      const k = sample(random);
      expect(k).toBeGreaterThanOrEqual(1);
      expect(k).toBeLessThanOrEqual(p.length);
      counts[k - 1] = (counts[k - 1] ?? 0) + 1;
    }
    // Pool cells with fewer than 5 expected draws into the last one, as the test requires.
    let chi = 0;
    let cells = 0;
    let pooledExpected = 0;
    let pooledObserved = 0;
    p.forEach((pk, i) => {
      const expected = pk * draws;
      if (expected >= 5) {
        chi += ((counts[i] ?? 0) - expected) ** 2 / expected;
        cells += 1;
      } else {
        pooledExpected += expected;
        pooledObserved += counts[i] ?? 0;
      }
    });
    if (pooledExpected > 0) {
      chi += (pooledObserved - pooledExpected) ** 2 / pooledExpected;
      cells += 1;
    }
    // Generous bound: the 99.9% quantile for ~15 degrees of freedom is about 37.7.
    expect(cells).toBeGreaterThan(5);
    expect(chi).toBeLessThan(3 * cells);
  });

  it('keeps uniform draws in range and covers it', () => {
    const random = new SeededRandom(1);
    const sample = uniformSampler(5, 9);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i += 1) seen.add(sample(random));
    expect([...seen].sort()).toEqual([5, 6, 7, 8, 9]);
  });

  it('draws human-like numbers inside the range: mostly low, some jokes, a thin tail', () => {
    const random = new SeededRandom(3);
    const sample = humanSampler(50, 1, 100_000);
    const draws = Array.from({ length: 10_000 }, () => sample(random));
    expect(draws.every((k) => Number.isInteger(k) && k >= 1 && k <= 100_000)).toBe(true);
    const low = draws.filter((k) => k <= 10).length / draws.length;
    expect(low).toBeGreaterThan(0.5);
    expect(draws.filter((k) => k === 42 || k === 69 || k === 420 || k === 1337).length).toBeGreaterThan(100);
    expect(draws.some((k) => k > 1000)).toBe(true);
    const roundTail = draws.filter((k) => k > 100 && k !== 420 && k % 10 === 0).length;
    const tail = draws.filter((k) => k > 100 && !(k === 420 || k === 1337)).length;
    expect(roundTail / tail).toBeLessThan(0.07);
  });

  it('respects a narrow range', () => {
    const random = new SeededRandom(9);
    const sample = humanSampler(100, 50, 55);
    for (let i = 0; i < 300; i += 1) {
      const k = sample(random);
      expect(k).toBeGreaterThanOrEqual(50);
      expect(k).toBeLessThanOrEqual(55);
    }
  });
});
