import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { defaultGameConfig, type GameConfig } from '../config.ts';
import {
  closeInstantAfter,
  closeInstantBefore,
  closeInstantForDate,
  dayOfWeek,
  gameDateOf,
  gameKeyOf,
  isGameDate,
  nextDate,
  parseGameKey,
  previousDate,
  zonedInstant,
  zoneOffsetMs,
} from './calendar.ts';

const london: GameConfig = {
  ...defaultGameConfig,
  closeTime: '10:00',
  closeZone: 'Europe/London',
  dateZone: 'America/New_York',
};
const HOUR = 3_600_000;

describe('calendar with the defaults (10:00 Brisbane = 00:00 UTC, named by the New York date)', () => {
  it('names the game closing at 2026-11-23T00:00Z after its New York date 2026-11-22', () => {
    const close = closeInstantAfter(new Date('2026-11-22T12:00:00Z'), defaultGameConfig);
    expect(close.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(gameDateOf(close, defaultGameConfig)).toBe('2026-11-22');
    expect(closeInstantForDate('2026-11-22', defaultGameConfig).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('takes the next deadline strictly after now, also at the deadline itself', () => {
    expect(closeInstantAfter(new Date('2026-11-23T00:00:00Z'), defaultGameConfig).toISOString()).toBe(
      '2026-11-24T00:00:00.000Z',
    );
    expect(closeInstantAfter(new Date('2026-11-22T23:59:59.999Z'), defaultGameConfig).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(closeInstantBefore(new Date('2026-11-23T00:00:00Z'), defaultGameConfig).toISOString()).toBe(
      '2026-11-22T00:00:00.000Z',
    );
  });

  it('keeps 00:00 UTC across New York DST changes: names follow the New York date', () => {
    // 2026-03-08 New York springs forward; the deadline stays 00:00 UTC (19:00 or 20:00 in New York).
    expect(closeInstantForDate('2026-03-07', defaultGameConfig).toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(closeInstantForDate('2026-03-08', defaultGameConfig).toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });
});

describe('local times around DST changes', () => {
  it('moves a skipped local time forward to the change and takes the earlier of a repeated one', () => {
    expect(zonedInstant('2026-03-08', 2, 30, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(zonedInstant('2026-11-01', 1, 30, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInstant('2026-03-29', 1, 30, 'Europe/London').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(zonedInstant('2026-10-25', 1, 30, 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('a deadline inside the gap closes at the change', () => {
    const cfg: GameConfig = { ...london, closeTime: '01:30' };
    expect(closeInstantForDate('2026-03-28', cfg).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('London 10:00 follows British summer time', () => {
    expect(closeInstantForDate('2026-07-01', london).toISOString()).toBe('2026-07-01T09:00:00.000Z');
    expect(closeInstantForDate('2026-12-01', london).toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });
});

describe('dates and keys', () => {
  it('steps dates across month and year ends and leap days', () => {
    expect(previousDate('2026-03-01')).toBe('2026-02-28');
    expect(previousDate('2028-03-01')).toBe('2028-02-29');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });

  it('numbers weekdays from Monday = 1 to Sunday = 7', () => {
    expect(dayOfWeek('2026-11-23')).toBe(1);
    expect(dayOfWeek('2026-11-22')).toBe(7);
    expect(dayOfWeek('2026-11-28')).toBe(6);
  });

  it('parses and builds game keys', () => {
    expect(parseGameKey('2026-11-22-2')).toEqual({ date: '2026-11-22', number: 2 });
    expect(parseGameKey('2026-11-22')).toEqual({ date: '2026-11-22', number: 1 });
    expect(parseGameKey('2026-11-22-1')).toBeNull();
    expect(parseGameKey('2026-02-30')).toBeNull();
    expect(parseGameKey('today')).toBeNull();
    expect(gameKeyOf('2026-11-22', 1)).toBe('2026-11-22');
    expect(gameKeyOf('2026-11-22', 3)).toBe('2026-11-22-3');
    expect(isGameDate('2026-13-01')).toBe(false);
  });
});

describe('calendar properties over several years', () => {
  const instant = fc.date({
    min: new Date('2024-01-01T00:00:00Z'),
    max: new Date('2031-12-31T00:00:00Z'),
    noInvalidDate: true,
  });

  for (const [label, cfg] of [
    ['defaults', defaultGameConfig],
    ['London close, New York names', london],
  ] as const) {
    it(`${label}: the next deadline is after now, at most a day away, and consecutive deadlines name consecutive dates`, () => {
      fc.assert(
        fc.property(instant, (now) => {
          const close = closeInstantAfter(now, cfg);
          // A close-zone day made 25 h long by a DST change may put the next deadline 25 h away.
          const longer = Math.max(0, zoneOffsetMs(now, cfg.closeZone) - zoneOffsetMs(close, cfg.closeZone));
          expect(close.getTime()).toBeGreaterThan(now.getTime());
          expect(close.getTime() - now.getTime()).toBeLessThanOrEqual(24 * HOUR + longer);
          const next = closeInstantAfter(close, cfg);
          const date = gameDateOf(close, cfg);
          expect(gameDateOf(next, cfg)).toBe(nextDate(date));
          expect(closeInstantForDate(date, cfg).getTime()).toBe(close.getTime());
          expect(closeInstantBefore(close, cfg).getTime()).toBeLessThan(close.getTime());
          expect(closeInstantAfter(closeInstantBefore(close, cfg), cfg).getTime()).toBe(close.getTime());
        }),
        { numRuns: 300 },
      );
    });
  }

  it('remembered deadlines answer like a fresh search: walks to and fro over windows and DST changes', () => {
    // 02:30 New York falls into the spring-forward gap once a year; walks step up to ±30 hours.
    const gap: GameConfig = { ...defaultGameConfig, closeTime: '02:30', closeZone: 'America/New_York' };
    const walk = fc.tuple(
      instant,
      fc.array(fc.integer({ min: -30 * HOUR, max: 30 * HOUR }), { minLength: 1, maxLength: 20 }),
    );
    for (const cfg of [defaultGameConfig, london, gap]) {
      fc.assert(
        fc.property(walk, ([start, steps]) => {
          let t = start.getTime();
          for (const step of steps) {
            t += step;
            const now = new Date(t);
            const close = closeInstantAfter(now, cfg);
            // The defining property, checked through closeInstantBefore (which remembers nothing):
            // the deadline is after now and the one before it is not.
            expect(close.getTime()).toBeGreaterThan(t);
            expect(closeInstantBefore(close, cfg).getTime()).toBeLessThanOrEqual(t);
            expect(gameDateOf(close, cfg)).toBe(
              new Intl.DateTimeFormat('en-CA', { timeZone: cfg.dateZone }).format(close),
            );
          }
        }),
        { numRuns: 100 },
      );
    }
  });
});
