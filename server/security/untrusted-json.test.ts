import { describe, expect, it } from 'vitest';
import { nestedDeeperThan } from './json-depth.ts';
import { containsNul } from './nul-characters.ts';

/** `depth` arrays nested in each other, `leaf` at the bottom: deeper than any call stack allows. */
const nestedArrays = (depth: number, leaf: unknown): unknown => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

describe('walks over untrusted JSON', () => {
  it('find a NUL in keys and values at any depth without overflowing the stack', () => {
    expect(containsNul(nestedArrays(200_000, 'a\u0000b'))).toBe(true);
    expect(containsNul(nestedArrays(200_000, 'ab'))).toBe(false);
    expect(containsNul({ a: [1, { 'k\u0000': 2 }] })).toBe(true);
    expect(containsNul({ a: [1, { k: 'v', n: null, t: true }] })).toBe(false);
  });

  it('measure nesting with the top-level object as level 1', () => {
    expect(nestedDeeperThan(nestedArrays(200_000, 1), 32)).toBe(true);
    expect(nestedDeeperThan(nestedArrays(32, 'x'), 32)).toBe(false);
    expect(nestedDeeperThan(nestedArrays(33, 'x'), 32)).toBe(true);
    expect(nestedDeeperThan({ a: { b: {} } }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: { b: { c: [] } } }, 3)).toBe(true);
    expect(nestedDeeperThan('text', 0)).toBe(false);
  });
});
