import { describe, it, expect } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of the first two display-name words, uppercased', () => {
    expect(initials('ada lovelace', 'ada@example.com')).toBe('AL');
    expect(initials('Grace Brewster Murray Hopper', 'g@example.com')).toBe('GB');
  });

  it('takes one letter for a one-word name', () => {
    expect(initials('zed', 'zed@example.com')).toBe('Z');
  });

  it('ignores extra spaces between and around words', () => {
    expect(initials('   mary    ann  ', 'm@example.com')).toBe('MA');
  });

  it('falls back to the first two letters of the e-mail when the name is empty or blank', () => {
    expect(initials('', 'bob@example.com')).toBe('BO');
    expect(initials('   ', 'x@example.com')).toBe('X@');
    expect(initials(null, 'carol@example.com')).toBe('CA');
  });

  it("answers '?' when there is neither a name nor an e-mail", () => {
    expect(initials('', '')).toBe('?');
    expect(initials(undefined, undefined)).toBe('?');
  });

  it('never gives more than 2 characters and keeps an emoji whole', () => {
    expect(initials('😀 smile', '')).toBe('😀S');
    expect(initials('a b c d', '')).toHaveLength(2);
  });
});
