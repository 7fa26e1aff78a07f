/** Client validation of the bot form (spec-2 §5, Bot creation) and its preview line. */
import type { CreateBotsRequest } from '../../../server/contract.ts';

export const botDefaults: CreateBotsRequest = { botCount: 10, bonusCount: 3, minNumber: 1, maxNumber: 100 };

/** The first broken rule's message, or null. Fields arrive as numbers parsed from the inputs (NaN when empty). */
export function validateBots(form: CreateBotsRequest): string | null {
  const { botCount, bonusCount, minNumber, maxNumber } = form;
  if (!Number.isInteger(botCount) || botCount < 1 || botCount > 1000) return 'Bot count must be between 1 and 1000';
  if (!Number.isInteger(bonusCount) || bonusCount < 0) return 'Bonus count cannot be negative';
  if (
    !Number.isInteger(minNumber) ||
    !Number.isInteger(maxNumber) ||
    minNumber < 1 ||
    maxNumber < 1 ||
    minNumber > maxNumber
  ) {
    return 'Invalid number range. Min must be >= 1 and <= Max';
  }
  return null;
}

/** '{bots} bots + {bonus} bonus = {total} total submissions' */
export function botPreview(botCount: number, bonusCount: number): string {
  const bots = Number.isFinite(botCount) ? botCount : 0;
  const bonus = Number.isFinite(bonusCount) ? bonusCount : 0;
  return `${bots} bots + ${bonus} bonus = ${bots + bonus} total submissions`;
}
