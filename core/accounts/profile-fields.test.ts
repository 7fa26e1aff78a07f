import { describe, it, expect } from 'vitest';
import { displayNameProblem, isEmail, profileFormProblems } from './profile-fields.ts';

const valid = { username: 'ada@example.com', email: 'ada@example.com', displayName: 'Ada' };

describe('profileFormProblems', () => {
  it('accepts a complete form', () => {
    expect(profileFormProblems(valid)).toEqual({});
  });

  it('requires a display name of 2 to 50 characters, spaces around it not counted', () => {
    const tooShort = 'Display name must be at least 2 characters';
    expect(profileFormProblems({ ...valid, displayName: 'A' }).displayName).toBe(tooShort);
    expect(profileFormProblems({ ...valid, displayName: '  A  ' }).displayName).toBe(tooShort);
    expect(profileFormProblems({ ...valid, displayName: 'Al' }).displayName).toBeUndefined();
    expect(profileFormProblems({ ...valid, displayName: 'x'.repeat(51) }).displayName).toBe(
      'Display name must be at most 50 characters',
    );
    expect(displayNameProblem('Ada\nLovelace')).toBe('Display name must not contain line breaks');
  });

  it('requires a valid e-mail, trimmed', () => {
    for (const email of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@exa_mple.com']) {
      expect(profileFormProblems({ ...valid, email }).email).toBe('Invalid email address');
    }
    expect(profileFormProblems({ ...valid, email: ' a.b+c@sub.example.org ' }).email).toBeUndefined();
    expect(isEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });

  it('requires a username of at least 3 characters', () => {
    expect(profileFormProblems({ ...valid, username: 'ab' }).username).toBe('Username must be at least 3 characters');
    expect(profileFormProblems({ ...valid, username: 'abc' }).username).toBeUndefined();
  });

  it('reports every failing field at once', () => {
    const problems = profileFormProblems({ username: '', email: 'nope', displayName: '' });
    expect(Object.keys(problems).sort()).toEqual(['displayName', 'email', 'username']);
  });
});
