/** Totals and grouping of the winnings list (spec-2 §2, Winnings). */
import type { WinningDto } from '../../../server/routes/winnings.schemas.ts';

export interface WinningsSummary {
  totalCents: number;
  currency: string;
  pending: WinningDto[];
  completed: WinningDto[];
}

export function summarizeWinnings(winnings: readonly WinningDto[]): WinningsSummary {
  return {
    // Summed in cents so no floating-point dust shows up in 'TOTAL WON'; which winnings count is the server's call.
    totalCents: winnings
      .filter((winning) => winning.countsAsWon)
      .reduce((sum, winning) => sum + winning.amountCents, 0),
    currency: winnings[0]?.currency ?? 'USD',
    pending: winnings.filter((winning) => winning.isPending),
    completed: winnings.filter((winning) => winning.isCompleted),
  };
}
