// The open game's payload: its date, deadline and number limits.
import { z } from '@hono/zod-openapi';
import { gameKey, instant, openOrClosed } from './shared.schemas.ts';

/** The limits a picked number keeps, and the server's message when it does not: a client checks with these, not copies. */
export const NumberLimitsDto = z
  .object({
    minNumber: z.number().int(),
    maxNumber: z.number().int(),
    /** The lowest number Mine takes. */
    mineMinNumber: z.number().int(),
    messages: z.object({
      /** An entry or Mine given anything but a whole number from minNumber. */
      wholeNumber: z.string(),
      /** Peak given anything but a whole number from minNumber. */
      peakWholeNumber: z.string(),
      /** Any number above maxNumber. */
      tooLarge: z.string(),
      /** Mine below mineMinNumber. */
      mineTooLow: z.string(),
    }),
  })
  .openapi('NumberLimits');
export type NumberLimitsDto = z.output<typeof NumberLimitsDto>;

/** GET /api/game/today */
export const GameTodayResponse = z
  .object({
    gameDate: gameKey,
    serverNowISO: instant,
    msUntilClose: z.number().openapi({ description: '0 when closed.' }),
    effectiveStatus: openOrClosed,
    closesAtISO: instant,
    limits: NumberLimitsDto,
  })
  .openapi('GameTodayResponse');
export type GameTodayResponse = z.output<typeof GameTodayResponse>;
