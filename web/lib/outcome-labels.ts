// How the server's outcome of an entry reads on screen: the web renders it, it never decides it.
import type { EntryOutcome } from '../../server/routes/results.schemas.ts';

export const outcomeLabels: Record<EntryOutcome, string> = {
  winner: 'YOU WON!',
  runner_up: 'RUNNER-UP',
  unique: 'UNIQUE',
  duplicate: 'NOT UNIQUE',
};

/** '1st', '2nd', '3rd', '4th', '11th', '22nd' … */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}
