// Countdown arithmetic for the play screen: remaining time, HH:MM:SS, closed detection (spec-1 §4).
import type { GameTodayResponse } from '../../../server/routes/game.schemas.ts';

/** The game as the countdown needs it: the server's remaining time and when (by this device's clock) it arrived. */
export type GameClock = Pick<GameTodayResponse, 'msUntilClose' | 'effectiveStatus'> & { receivedAtMs: number };

/**
 * msUntilClose minus the time elapsed since the answer arrived, never below 0. Measured on this device's clock
 * rather than against serverNowISO, so a phone whose clock is minutes off still counts down to the real close.
 */
export function remainingMs(game: GameClock, nowMs: number): number {
  return Math.max(0, game.msUntilClose - (nowMs - game.receivedAtMs));
}

/** Closed when the server says so or no time remains. */
export function isGameClosed(game: GameClock, nowMs: number): boolean {
  return game.effectiveStatus === 'closed' || remainingMs(game, nowMs) <= 0;
}

/** HH:MM:SS, whole seconds rounded down; hours grow past 24 when needed. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}

const newYorkClose = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});

/** The closing instant in New York time, e.g. 'Sat, Nov 21, 7:00 PM EST'. */
export function formatCloseInNewYork(closesAtISO: string): string {
  const date = new Date(closesAtISO);
  return Number.isNaN(date.getTime()) ? '' : newYorkClose.format(date);
}
