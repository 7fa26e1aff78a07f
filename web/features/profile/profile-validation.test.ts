import { describe, it, expect } from 'vitest';
import { hasErrors, isValidEmail, validateProfile } from './profile-validation.ts';

const valid = { username: 'ada@example.com', email: 'ada@example.com', displayName: 'Ada' };

describe('validateProfile', () => {
  it('accepts a complete form', () => {
    expect(validateProfile(valid)).toEqual({});
    expect(hasErrors(validateProfile(valid))).toBe(false);
  });

  it('requires a display name of at least 2 characters, spaces not counted', () => {
    expect(validateProfile({ ...valid, displayName: 'A' }).displayName).toBe(
      'Display name must be at least 2 characters',
    );
    expect(validateProfile({ ...valid, displayName: '  A  ' }).displayName).toBe(
      'Display name must be at least 2 characters',
    );
    expect(validateProfile({ ...valid, displayName: 'Al' }).displayName).toBeUndefined();
  });

  it('requires a valid e-mail', () => {
    for (const email of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com']) {
      expect(validateProfile({ ...valid, email }).email).toBe('Invalid email address');
    }
    expect(validateProfile({ ...valid, email: 'a.b+c@sub.example.org' }).email).toBeUndefined();
  });

  it('requires a username of at least 3 characters', () => {
    expect(validateProfile({ ...valid, username: 'ab' }).username).toBe('Username must be at least 3 characters');
    expect(validateProfile({ ...valid, username: 'abc' }).username).toBeUndefined();
  });

  it('reports every failing field at once', () => {
    const errors = validateProfile({ username: '', email: 'nope', displayName: '' });
    expect(Object.keys(errors).sort()).toEqual(['displayName', 'email', 'username']);
    expect(hasErrors(errors)).toBe(true);
  });
});

describe('isValidEmail', () => {
  it('trims before checking', () => {
    expect(isValidEmail('  ada@example.com ')).toBe(true);
  });
});
