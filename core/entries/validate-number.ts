// The number rule shared by entries and rewards: whole, 1 … 2,147,483,647 (spec-1 §5).
import { DomainError } from '../errors.ts';

export const MAX_NUMBER = 2_147_483_647;
export const WHOLE_NUMBER_MESSAGE = 'Enter a whole number greater than zero.';
export const TOO_LARGE_MESSAGE = 'Please enter a number up to 2,147,483,647.';

/** Returns the number, or throws VALIDATION with `wholeMessage` (Peak's text differs) or the too-large text. */
export const validateNumber = (value: unknown, wholeMessage = WHOLE_NUMBER_MESSAGE): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    throw new DomainError('VALIDATION', wholeMessage);
  if (value > MAX_NUMBER) throw new DomainError('VALIDATION', TOO_LARGE_MESSAGE);
  return value;
};
