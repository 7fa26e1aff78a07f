import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, formatWeekday, gameNumberLabel, parseGameKey } from './dates.ts';

describe('game dates', () => {
  it('formats long and short dates without shifting the day', () => {
    expect(formatLongDate('2026-11-22')).toBe('Sunday, November 22, 2026');
    expect(formatShortDate('2026-11-22')).toBe('Sun, Nov 22');
    expect(formatWeekday('2026-11-23')).toBe('Monday');
  });

  it('reads a numbered game key', () => {
    expect(parseGameKey('2026-11-22-2')).toEqual({ date: '2026-11-22', number: 2 });
    expect(parseGameKey('2026-11-22')).toEqual({ date: '2026-11-22', number: null });
    expect(gameNumberLabel('2026-11-22-3')).toBe('(Game #3)');
    expect(gameNumberLabel('2026-11-22')).toBe('');
    expect(formatLongDate('2026-11-22-2')).toBe('Sunday, November 22, 2026');
  });
});
