import { describe, expect, it } from 'vitest';
import { formatCloseInNewYork, formatCountdown, isGameClosed, remainingMs } from './countdown.ts';

const serverNowMs = Date.parse('2026-11-22T12:00:00.000Z');
const open = { receivedAtMs: serverNowMs, msUntilClose: 3_661_000, effectiveStatus: 'open' as const };

describe('countdown', () => {
  it('subtracts the time elapsed since the answer arrived', () => {
    expect(remainingMs(open, serverNowMs)).toBe(3_661_000);
    expect(remainingMs(open, serverNowMs + 61_000)).toBe(3_600_000);
  });

  it('counts on this device’s clock, whatever the server’s clock said', () => {
    // A device clock 10 minutes behind the server: the answer arrived at the device's 11:50.
    const skewed = { ...open, receivedAtMs: serverNowMs - 600_000 };
    expect(remainingMs(skewed, serverNowMs - 600_000 + 1_000)).toBe(3_660_000);
  });

  it('never goes below zero', () => {
    expect(remainingMs(open, serverNowMs + 10 * 3_600_000)).toBe(0);
  });

  it('formats HH:MM:SS rounding down to whole seconds', () => {
    expect(formatCountdown(3_661_000)).toBe('01:01:01');
    expect(formatCountdown(3_661_999)).toBe('01:01:01');
    expect(formatCountdown(59_999)).toBe('00:00:59');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatCountdown(23 * 3_600_000 + 59 * 60_000 + 59_000)).toBe('23:59:59');
  });

  it('counts the game closed when the server says so or time is up', () => {
    expect(isGameClosed(open, serverNowMs)).toBe(false);
    expect(isGameClosed(open, serverNowMs + 3_660_999)).toBe(false);
    expect(isGameClosed(open, serverNowMs + 3_661_000)).toBe(true);
    expect(isGameClosed({ ...open, effectiveStatus: 'closed' }, serverNowMs)).toBe(true);
    expect(isGameClosed({ ...open, msUntilClose: 0 }, serverNowMs)).toBe(true);
  });

  it('shows the close in New York time', () => {
    // 00:00 UTC is 19:00 the previous evening in New York in winter (EST).
    expect(formatCloseInNewYork('2026-11-23T00:00:00.000Z')).toBe('Sun, Nov 22, 7:00 PM EST');
    // and 20:00 in summer (EDT).
    expect(formatCloseInNewYork('2026-07-01T00:00:00.000Z')).toBe('Tue, Jun 30, 8:00 PM EDT');
  });
});
