// The entry form's rules: which label and button it shows, and the number validation of spec-1 §5.
import type { MyEntriesResponse } from '../../../server/contract.ts';

export interface EntryFormLabels {
  label: 'YOUR NUMBER' | 'BONUS ENTRY' | 'ANOTHER NUMBER';
  button: 'SUBMIT & PRAY' | 'USE BONUS ENTRY' | 'SUBMIT ANOTHER';
}

/** First entry, a bonus entry when one is available, otherwise another number. */
export function entryFormLabels(mine: Pick<MyEntriesResponse, 'entries' | 'availableBonusEntries'> | null): EntryFormLabels {
  if (mine === null || mine.entries.length === 0) return { label: 'YOUR NUMBER', button: 'SUBMIT & PRAY' };
  if (mine.availableBonusEntries > 0) return { label: 'BONUS ENTRY', button: 'USE BONUS ENTRY' };
  return { label: 'ANOTHER NUMBER', button: 'SUBMIT ANOTHER' };
}

export const maxEntryNumber = 2_147_483_647;
export const mineMinimum = 10;

export const numberMessages = {
  play: 'Enter a whole number greater than zero.',
  peak: 'Enter a whole number greater than zero',
  tooLarge: 'Please enter a number up to 2,147,483,647.',
  mine: 'Mine can only be used on numbers 10 or greater',
} as const;

export type NumberCheck = { ok: true; value: number } | { ok: false; message: string };

/** Parses the text of a number input: a whole number from 1 (or `minimum`) to 2,147,483,647. */
export function checkNumber(raw: string, invalidMessage: string, minimum = 1, belowMinimumMessage = invalidMessage): NumberCheck {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return { ok: false, message: invalidMessage };
  const value = Number(text);
  if (value < 1) return { ok: false, message: invalidMessage };
  if (value > maxEntryNumber) return { ok: false, message: numberMessages.tooLarge };
  if (value < minimum) return { ok: false, message: belowMinimumMessage };
  return { ok: true, value };
}

export const checkPlayNumber = (raw: string): NumberCheck => checkNumber(raw, numberMessages.play);
export const checkPeakNumber = (raw: string): NumberCheck => checkNumber(raw, numberMessages.peak);
export const checkMineNumber = (raw: string): NumberCheck => checkNumber(raw, numberMessages.peak, mineMinimum, numberMessages.mine);

const dayMs = 24 * 60 * 60 * 1000;

/** A bonus entry expiring in under 24 hours gets a warning (spec-1 §4). */
export function expiresSoon(expiresAtISO: string, nowMs: number): boolean {
  const expiresAt = Date.parse(expiresAtISO);
  return !Number.isNaN(expiresAt) && expiresAt - nowMs < dayMs;
}
