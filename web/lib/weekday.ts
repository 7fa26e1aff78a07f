/** Weekday names for the prize calendar: day 1 is Monday … day 7 is Sunday (spec-2 §9). */

export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export function weekdayName(dayOfWeek: number): string {
  return weekdayNames[dayOfWeek - 1] ?? `Day ${dayOfWeek}`;
}
