/** Prize amounts are typed in dollars and stored in whole cents (spec-2 §5). */

/** Dollars as typed → whole cents, rounded, never below 0; anything unreadable is 0. */
export function dollarsToCents(dollars: string | number): number {
  const value = typeof dollars === 'number' ? dollars : Number.parseFloat(dollars);
  if (!Number.isFinite(value)) return 0;
  // toFixed first: 1.15 * 100 is 114.99999999999999 in binary floating point, which would round down.
  const cents = Math.round(Number((value * 100).toFixed(6)));
  return Math.max(0, cents);
}

/** Whole cents → the dollars shown in the number input ('12.50'). */
export function centsToDollarsInput(cents: number): string {
  return (cents / 100).toFixed(2);
}
