/** Weekday names for the prize calendar: day 1 is Monday … day 7 is Sunday (spec-2 §9). */

export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export function weekdayName(dayOfWeek: number): string {
  return weekdayNames[dayOfWeek - 1] ?? `Day ${dayOfWeek}`;
}

/** The 1-7 day number of a YYYY-MM-DD date (a `-n` game suffix is ignored). */
export function dayOfWeekOf(gameDate: string): number {
  const [year, month, day] = gameDate.split('-').map(Number);
  const utcDay = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).getUTCDay(); // 0 = Sunday
  return utcDay === 0 ? 7 : utcDay;
}
