// The built-in weekly prize table (spec-2 §9), used for any weekday without a stored row.
import type { GameDate, Prize } from '../model.ts';
import { fail } from '../errors.ts';

export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const DEFAULT_AMOUNT_CENTS = [1000, 2000, 3000, 4000, 5000, 10000, 20000] as const;

/** Day name of dayOfWeek 1 (Monday) … 7 (Sunday). */
export const dayName = (dayOfWeek: number): string => DAY_NAMES[dayOfWeek - 1] ?? `Day ${dayOfWeek}`;

export const defaultAmountCents = (dayOfWeek: number): number => DEFAULT_AMOUNT_CENTS[dayOfWeek - 1] ?? 0;

export const defaultWeeklyPrize = (dayOfWeek: number, currency: string): Prize => ({
  prizeType: 'cash',
  amountCents: defaultAmountCents(dayOfWeek),
  currency,
  description: `${dayName(dayOfWeek)} Cash Prize`,
});

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `date` is a real calendar date written YYYY-MM-DD. */
export const isCalendarDate = (date: string): boolean => {
  const m = DATE_PATTERN.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
};

/** 1 = Monday … 7 = Sunday of a YYYY-MM-DD date (a `-n` game suffix is ignored). Pure calendar arithmetic. */
export const dayOfWeekOf = (date: GameDate): number => {
  const day = date.slice(0, 10);
  if (!isCalendarDate(day)) fail('VALIDATION', 'Date must be a valid YYYY-MM-DD date');
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const sundayZero = new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
};
