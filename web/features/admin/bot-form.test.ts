import { describe, it, expect } from 'vitest';
import { botRequestProblem } from '../../../core/bots/bot-fields.ts';
import { botDefaults, botPreview } from './bot-form.ts';

describe('botDefaults', () => {
  it('are 10 bots, 3 bonus, 1-100, a request the rules accept', () => {
    expect(botDefaults).toEqual({ botCount: 10, bonusCount: 3, minNumber: 1, maxNumber: 100 });
    expect(botRequestProblem(botDefaults)).toBeNull();
  });
});

describe('botPreview', () => {
  it('adds bots and bonus entries', () => {
    expect(botPreview(10, 3)).toBe('10 bots + 3 bonus = 13 total submissions');
    expect(botPreview(Number.NaN, 2)).toBe('0 bots + 2 bonus = 2 total submissions');
  });
});
