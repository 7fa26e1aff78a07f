// How the audit trail names a prize slot and its state: plain text, so the record reads the same after the
// built-in defaults or the money format change.
import type { GameDate, Prize } from '../model.ts';
import { formatMoney } from './money.ts';
import { dayName, defaultWeeklyPrize } from './weekly-defaults.ts';

export const weeklySlot = (dayOfWeek: number): string => `weekly-${dayOfWeek}`;
export const dateSlot = (date: GameDate): string => `date-${date}`;

/** `Monday (weekly)`, `2026-12-24 (date)`. */
export const slotLabel = (slot: string): string => {
  const weekly = /^weekly-([1-7])$/.exec(slot)?.[1];
  if (weekly !== undefined) return `${dayName(Number(weekly))} (weekly)`;
  return slot.startsWith('date-') ? `${slot.slice('date-'.length)} (date)` : slot;
};

/** `$10.00 cash, active: Monday Cash Prize`. */
export const prizeState = (prize: Prize & { isActive: boolean }): string =>
  `${formatMoney(prize.amountCents, prize.currency)} ${prize.prizeType}, ${prize.isActive ? 'active' : 'disabled'}: ${prize.description}`;

/** The state of a weekday without a stored row. */
export const builtInState = (dayOfWeek: number, currency: string): string =>
  `built-in ${prizeState({ ...defaultWeeklyPrize(dayOfWeek, currency), isActive: true })}`;
