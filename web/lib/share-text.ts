// The text a player shares after a close (DESIGN.md §17), from the outcomes the server decided.
import type { EntryOutcome, EntryOutcomeDto } from '../../server/routes/results.schemas.ts';
import { gameNumberLabel, parseGameKey } from './dates.ts';
import { statsForDate } from './paths.ts';

/** "my 7 was {words}". */
export const outcomeWords: Record<EntryOutcome, string> = {
  winner: 'the winner',
  runner_up: 'runner-up',
  unique: 'unique',
  duplicate: 'not unique',
};

const outcomeRank: Record<EntryOutcome, number> = { winner: 0, runner_up: 1, unique: 2, duplicate: 3 };

/** The entry worth telling about: the best outcome, then the lower number. */
export function bestEntry(
  entries: readonly Pick<EntryOutcomeDto, 'number' | 'outcome'>[],
): Pick<EntryOutcomeDto, 'number' | 'outcome'> | null {
  const sorted = [...entries].sort((a, b) => outcomeRank[a.outcome] - outcomeRank[b.outcome] || a.number - b.number);
  return sorted[0] ?? null;
}

export interface ShareableResult {
  gameKey: string;
  number: number;
  outcome: EntryOutcome;
  winningNumber: number | null;
}

/**
 * "LOWEST UNIQUE {date}: my {number} was {outcome}. Winning number: {w}. {origin}/stats/{gameKey}";
 * a numbered extra game reads "{date} (Game #n)", a game without a winner "Winning number: none".
 */
export function shareText(result: ShareableResult, origin: string): string {
  const date = `${parseGameKey(result.gameKey).date} ${gameNumberLabel(result.gameKey)}`.trim();
  const winning = result.winningNumber === null ? 'none' : String(result.winningNumber);
  return `LOWEST UNIQUE ${date}: my ${result.number} was ${outcomeWords[result.outcome]}. Winning number: ${winning}. ${origin}${statsForDate(result.gameKey)}`;
}
