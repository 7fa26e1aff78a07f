// The numbers Peak and Mine take beyond an entry's rule (core/entries/validate-number.ts), and their messages.
export const PEAK_NUMBER_MESSAGE = 'Enter a whole number greater than zero';
export const MINE_MINIMUM = 10;
export const MINE_MINIMUM_MESSAGE = `Mine can only be used on numbers ${MINE_MINIMUM} or greater`;
