// Accept-Encoding negotiation: q-values decide, br > gzip > identity breaks ties, refusals are honoured.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, type ContentEncoding } from './content-encoding.ts';

const both: ContentEncoding[] = ['br', 'gzip'];

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=1.0, gzip;q=1.0', 'br'],
    ['gzip;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['identity', 'identity'],
    ['identity;q=1, br;q=0.5', 'identity'],
    ['*', 'br'],
    ['*;q=0.2, identity;q=0.5', 'identity'],
    ['*;q=0', 'identity'],
    ['deflate', 'identity'],
    ['br;q=nonsense, gzip;q=0.1', 'gzip'],
    [' br ; q=0.9 , gzip ; q=0.9 ', 'br'],
  ] as const)('Accept-Encoding %j with br and gzip available → %s', (header, expected) => {
    expect(chooseEncoding(header, both)).toBe(expected);
  });

  it('only picks encodings that are available', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBe('identity');
    expect(chooseEncoding('br, gzip', [])).toBe('identity');
  });

  it('never answers with a coding the header gives q=0, and always with one it weighs highest', () => {
    const coding = fc.constantFrom('br', 'gzip', 'identity', '*', 'deflate');
    const q = fc.constantFrom(0, 0.1, 0.5, 0.9, 1);
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(coding, q), { selector: ([name]) => name, maxLength: 5 }), (pairs) => {
        const header = pairs.map(([name, weight]) => `${name};q=${weight}`).join(', ');
        const chosen = chooseEncoding(header === '' ? undefined : header, both);
        const weights = new Map<string, number>(pairs);
        const weightOf = (name: string) =>
          weights.get(name) ?? weights.get('*') ?? (name === 'identity' ? Number.MIN_VALUE : 0);
        if (chosen !== 'identity') {
          expect(weightOf(chosen)).toBeGreaterThan(0);
          for (const other of ['br', 'gzip', 'identity'])
            expect(weightOf(chosen)).toBeGreaterThanOrEqual(weightOf(other));
        } else {
          // identity is the answer when nothing compressed is weighed above it (or everything is refused).
          for (const other of ['br', 'gzip'])
            expect(weightOf(other) <= weightOf('identity') || weightOf(other) === 0).toBe(true);
        }
      }),
    );
  });
});
