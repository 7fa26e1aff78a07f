// The entry form's rules: which label and button it shows, and the number check of spec-1 §5 with the limits and
// messages the server sends in GET /api/game/today.
import type { MyEntriesResponse } from '../../../server/routes/entry.schemas.ts';
import type { NumberLimitsDto } from '../../../server/routes/game.schemas.ts';

export interface EntryFormLabels {
  label: 'YOUR NUMBER' | 'BONUS ENTRY' | 'ANOTHER NUMBER';
  button: 'SUBMIT & PRAY' | 'USE BONUS ENTRY' | 'SUBMIT ANOTHER';
}

/** First entry, a bonus entry when one is available, otherwise another number. */
export function entryFormLabels(
  mine: Pick<MyEntriesResponse, 'entries' | 'availableBonusEntries'> | null,
): EntryFormLabels {
  if (mine === null || mine.entries.length === 0) return { label: 'YOUR NUMBER', button: 'SUBMIT & PRAY' };
  if (mine.availableBonusEntries > 0) return { label: 'BONUS ENTRY', button: 'USE BONUS ENTRY' };
  return { label: 'ANOTHER NUMBER', button: 'SUBMIT ANOTHER' };
}

export type NumberCheck = { ok: true; value: number } | { ok: false; message: string };

/** Parses the text of a number input against the server's limits, answering with the server's own messages. */
function checkNumber(
  raw: string,
  limits: NumberLimitsDto,
  invalidMessage: string,
  minimum = limits.minNumber,
  belowMinimumMessage = invalidMessage,
): NumberCheck {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return { ok: false, message: invalidMessage };
  const value = Number(text);
  if (value < limits.minNumber) return { ok: false, message: invalidMessage };
  if (value > limits.maxNumber) return { ok: false, message: limits.messages.tooLarge };
  if (value < minimum) return { ok: false, message: belowMinimumMessage };
  return { ok: true, value };
}

export const checkPlayNumber = (raw: string, limits: NumberLimitsDto): NumberCheck =>
  checkNumber(raw, limits, limits.messages.wholeNumber);
export const checkPeakNumber = (raw: string, limits: NumberLimitsDto): NumberCheck =>
  checkNumber(raw, limits, limits.messages.peakWholeNumber);
export const checkMineNumber = (raw: string, limits: NumberLimitsDto): NumberCheck =>
  checkNumber(raw, limits, limits.messages.wholeNumber, limits.mineMinNumber, limits.messages.mineTooLow);

const dayMs = 24 * 60 * 60 * 1000;

/** A bonus entry expiring in under 24 hours gets a warning (spec-1 §4). */
export function expiresSoon(expiresAtISO: string, nowMs: number): boolean {
  const expiresAt = Date.parse(expiresAtISO);
  return !Number.isNaN(expiresAt) && expiresAt - nowMs < dayMs;
}
