// The limits a picked number keeps and the messages the server answers when it does not, gathered from the
// rules that apply them, so a client can check a number before sending it without a copy of either.
import { MAX_NUMBER, TOO_LARGE_MESSAGE, WHOLE_NUMBER_MESSAGE } from '../entries/validate-number.ts';
import { MINE_MINIMUM, MINE_MINIMUM_MESSAGE, PEAK_NUMBER_MESSAGE } from '../rewards/reward-number-rules.ts';

export interface NumberLimits {
  /** The lowest number an entry, Peak or Mine takes. */
  minNumber: number;
  /** The highest. */
  maxNumber: number;
  /** The lowest number Mine takes. */
  mineMinNumber: number;
  messages: {
    /** An entry or Mine given anything but a whole number from `minNumber`. */
    wholeNumber: string;
    /** Peak given anything but a whole number from `minNumber` (its text differs by the full stop). */
    peakWholeNumber: string;
    /** Any number above `maxNumber`. */
    tooLarge: string;
    /** Mine below `mineMinNumber`. */
    mineTooLow: string;
  };
}

export const NUMBER_LIMITS: NumberLimits = {
  // validateNumber refuses 0 and below.
  minNumber: 1,
  maxNumber: MAX_NUMBER,
  mineMinNumber: MINE_MINIMUM,
  messages: {
    wholeNumber: WHOLE_NUMBER_MESSAGE,
    peakWholeNumber: PEAK_NUMBER_MESSAGE,
    tooLarge: TOO_LARGE_MESSAGE,
    mineTooLow: MINE_MINIMUM_MESSAGE,
  },
};
