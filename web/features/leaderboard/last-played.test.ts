import { describe, expect, it } from 'vitest';
import { formatLastPlayed } from './last-played.ts';

const zone = 'America/New_York';
// 2026-11-22 10:00 in New York
const now = Date.parse('2026-11-22T15:00:00.000Z');

describe('last played', () => {
  it('says Never without a date', () => {
    expect(formatLastPlayed(null, now, zone)).toBe('Never');
  });

  it('counts calendar days, not 24-hour spans', () => {
    expect(formatLastPlayed('2026-11-22T05:30:00.000Z', now, zone)).toBe('Today'); // 00:30 same day
    expect(formatLastPlayed('2026-11-22T04:30:00.000Z', now, zone)).toBe('Yesterday'); // 23:30 the day before
    expect(formatLastPlayed('2026-11-20T15:00:00.000Z', now, zone)).toBe('2 days ago');
    expect(formatLastPlayed('2026-11-15T15:00:00.000Z', now, zone)).toBe('7 days ago');
  });

  it('shows the date beyond 7 days', () => {
    expect(formatLastPlayed('2026-11-14T15:00:00.000Z', now, zone)).toBe('Nov 14, 2026');
  });
});
