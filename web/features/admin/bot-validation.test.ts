import { describe, it, expect } from 'vitest';
import { botDefaults, botPreview, validateBots } from './bot-validation.ts';

describe('validateBots', () => {
  it('accepts the defaults (10 bots, 3 bonus, 1-100)', () => {
    expect(botDefaults).toEqual({ botCount: 10, bonusCount: 3, minNumber: 1, maxNumber: 100 });
    expect(validateBots(botDefaults)).toBeNull();
  });

  it('needs 1 to 1000 bots', () => {
    const message = 'Bot count must be between 1 and 1000';
    expect(validateBots({ ...botDefaults, botCount: 0 })).toBe(message);
    expect(validateBots({ ...botDefaults, botCount: 1001 })).toBe(message);
    expect(validateBots({ ...botDefaults, botCount: Number.NaN })).toBe(message);
    expect(validateBots({ ...botDefaults, botCount: 1 })).toBeNull();
    expect(validateBots({ ...botDefaults, botCount: 1000 })).toBeNull();
  });

  it('refuses a negative bonus count', () => {
    expect(validateBots({ ...botDefaults, bonusCount: -1 })).toBe('Bonus count cannot be negative');
    expect(validateBots({ ...botDefaults, bonusCount: 0 })).toBeNull();
  });

  it('needs 1 <= min <= max', () => {
    const message = 'Invalid number range. Min must be >= 1 and <= Max';
    expect(validateBots({ ...botDefaults, minNumber: 0 })).toBe(message);
    expect(validateBots({ ...botDefaults, maxNumber: 0, minNumber: 0 })).toBe(message);
    expect(validateBots({ ...botDefaults, minNumber: 50, maxNumber: 49 })).toBe(message);
    expect(validateBots({ ...botDefaults, minNumber: 7, maxNumber: 7 })).toBeNull();
  });
});

describe('botPreview', () => {
  it('adds bots and bonus entries', () => {
    expect(botPreview(10, 3)).toBe('10 bots + 3 bonus = 13 total submissions');
    expect(botPreview(Number.NaN, 2)).toBe('0 bots + 2 bonus = 2 total submissions');
  });
});
