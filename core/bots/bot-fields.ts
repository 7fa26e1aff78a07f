// The rules a bot request keeps (DESIGN.md §11, spec-2 §5), with no import: the admin form checks a request with
// this same code before sending it, and the server applies it whatever the form sent.

export const MAX_BOTS = 1000;
/** The highest number a bot may pick: an entry's own limit. */
export const MAX_BOT_NUMBER = 2_147_483_647;

export interface BotRequestFields {
  botCount: number;
  bonusCount: number;
  minNumber: number;
  maxNumber: number;
  strategy?: string;
}

/** The first broken rule's message, or null. Counts may be NaN (an empty input) and are refused then. */
export const botRequestProblem = (input: BotRequestFields): string | null => {
  const { botCount, bonusCount, minNumber, maxNumber } = input;
  if (!Number.isInteger(botCount) || botCount < 1 || botCount > MAX_BOTS)
    return `Bot count must be between 1 and ${MAX_BOTS}`;
  if (!Number.isInteger(bonusCount) || bonusCount < 0) return 'Bonus count cannot be negative';
  if (bonusCount > botCount) return 'Bonus count cannot exceed the bot count';
  if (
    !Number.isInteger(minNumber) ||
    !Number.isInteger(maxNumber) ||
    minNumber < 1 ||
    minNumber > maxNumber ||
    maxNumber > MAX_BOT_NUMBER
  ) {
    return 'Invalid number range. Min must be >= 1 and <= Max';
  }
  if (bonusCount > 0 && minNumber === maxNumber) return 'Bonus entries need a range of at least 2 numbers';
  if (input.strategy !== undefined && input.strategy !== 'human' && input.strategy !== 'uniform') {
    return 'Strategy must be human or uniform';
  }
  return null;
};
