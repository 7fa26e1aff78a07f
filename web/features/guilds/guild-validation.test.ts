import { describe, it, expect } from 'vitest';
import { descriptionCounter, validateCreateGuild, validateJoinGuild } from './guild-validation.ts';

describe('validateCreateGuild', () => {
  it('requires a name and a password', () => {
    const message = 'Guild name and password are required';
    expect(validateCreateGuild({ name: '', description: '', password: 'secret' })).toBe(message);
    expect(validateCreateGuild({ name: 'Night Owls', description: '', password: '' })).toBe(message);
    expect(validateCreateGuild({ name: '   ', description: 'x', password: '   ' })).toBe(message);
  });

  it('accepts a name and password with no description', () => {
    expect(validateCreateGuild({ name: 'Night Owls', description: '', password: 'secret' })).toBeNull();
  });
});

describe('validateJoinGuild', () => {
  it('requires a chosen guild and a password', () => {
    const message = 'Please select a guild and enter the password';
    expect(validateJoinGuild({ guildId: '', password: 'secret' })).toBe(message);
    expect(validateJoinGuild({ guildId: 'g1', password: '' })).toBe(message);
    expect(validateJoinGuild({ guildId: 'g1', password: 'secret' })).toBeNull();
  });
});

describe('guild rules for the screen', () => {
  it('counts description characters against 200', () => {
    expect(descriptionCounter('')).toBe('0/200');
    expect(descriptionCounter('hello')).toBe('5/200');
  });
});
