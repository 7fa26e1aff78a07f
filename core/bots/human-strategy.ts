// How bots pick numbers. The core is the symmetric Nash equilibrium of lowest-unique-bid with a
// Poisson number of players (mean n): p(1) = ln(1+n)/n and
// p(k+1) = p(k) + ln(1 − n·p(k)·e^(−n·p(k)))/n, cut where the log's argument is ≤ 0 or p < 1e-12,
// then normalised. Real players deviate from it, so the 'human' sampler blends it with their habits.
import type { Random } from '../ports.ts';

const TINY = 1e-12;

/** Equilibrium probabilities of picking 1, 2, … for an expected `n` players (n ≥ 1). Sums to 1. */
export const equilibrium = (n: number): number[] => {
  if (!(n >= 1) || !Number.isFinite(n)) throw new RangeError('equilibrium needs n >= 1');
  const p: number[] = [Math.log1p(n) / n];
  for (;;) {
    const last = p[p.length - 1] ?? 0;
    const argument = 1 - n * last * Math.exp(-n * last);
    if (argument <= 0) break;
    const next = last + Math.log(argument) / n;
    if (next < TINY) break;
    p.push(next);
  }
  const total = p.reduce((a, b) => a + b, 0);
  return p.map((x) => x / total);
};

/** Cumulative sums, for inverse-CDF sampling. */
const cumulative = (p: readonly number[]): number[] => {
  let sum = 0;
  return p.map((x) => (sum += x));
};

/** A draw of 1, 2, … with probabilities `p` (binary search over the cumulative sums). */
const drawIndex = (cdf: readonly number[], u: number): number => {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (u < (cdf[mid] ?? 1)) hi = mid;
    else lo = mid + 1;
  }
  return lo + 1;
};

export type NumberSampler = (random: Random) => number;

/** Samples the pure equilibrium for `n` expected players. */
export const equilibriumSampler = (n: number): NumberSampler => {
  const cdf = cumulative(equilibrium(n));
  return (random) => drawIndex(cdf, random.next());
};

export const uniformSampler =
  (min: number, max: number): NumberSampler =>
  (random) =>
    min + Math.floor(random.next() * (max - min + 1));

const FAVOURITES = [1, 2, 3, 4, 5];
const JOKES = [42, 69, 420, 1337];

/**
 * What people actually do: mostly the equilibrium, plus a pull towards 1–5, joke numbers, and a thin
 * long tail (log-uniform up to maxNumber) in which round numbers are avoided. Draws outside
 * [minNumber, maxNumber] are redrawn; a narrow range that keeps missing falls back to uniform.
 */
export const humanSampler = (players: number, minNumber: number, maxNumber: number): NumberSampler => {
  const pure = equilibriumSampler(Math.max(1, players));
  const uniform = uniformSampler(minNumber, maxNumber);
  const tail = (random: Random): number => {
    for (;;) {
      const x = Math.floor(Math.exp(random.next() * Math.log(maxNumber + 1)));
      const k = Math.min(Math.max(x, 1), maxNumber);
      const round = k >= 10 && k % 10 === 0;
      // Round numbers "feel" picked by others: keep only a quarter of them.
      if (!round || random.next() < 0.25) return k;
    }
  };
  const once = (random: Random): number => {
    const u = random.next();
    if (u < 0.7) return pure(random);
    if (u < 0.82) return FAVOURITES[Math.floor(random.next() * FAVOURITES.length)] ?? 1;
    if (u < 0.86) return JOKES[Math.floor(random.next() * JOKES.length)] ?? 42;
    return tail(random);
  };
  return (random) => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const k = once(random);
      if (k >= minNumber && k <= maxNumber) return k;
    }
    return uniform(random);
  };
};
