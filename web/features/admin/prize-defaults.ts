/** The built-in weekly cash prizes in cents, day 1 Monday … 7 Sunday (spec-2 §9); the server normally sends them. */
const weeklyDefaultCents = [1000, 2000, 3000, 4000, 5000, 10000, 20000] as const;

export function builtInWeeklyCents(dayOfWeek: number): number {
  return weeklyDefaultCents[dayOfWeek - 1] ?? 0;
}
