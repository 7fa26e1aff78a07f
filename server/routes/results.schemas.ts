// The results' payloads: a game's result, the player's latest one and how each number did.
import { z } from '@hono/zod-openapi';
import { entryType, gameKey, nullableInt, orNull, prize, prizeType } from './shared.schemas.ts';

/** GET /api/results/today and /api/results/{date} */
export const ResultResponse = z
  .discriminatedUnion('status', [
    z.object({ gameDate: gameKey, status: z.literal('open') }),
    z.object({
      gameDate: gameKey,
      status: z.literal('closed'),
      winnerName: z.string().nullable(),
      winningNumber: z.number().int().nullable(),
      prize: prize.nullable(),
      entriesTotal: z.number().int(),
    }),
  ])
  .openapi('ResultResponse');
export type ResultResponse = z.output<typeof ResultResponse>;

/**
 * How one of the player's numbers did (spec-1 §4): `winner` = the winning number, `runner_up` = second place,
 * `unique` = picked by nobody else and not mined, else `duplicate` (a mined number is `duplicate`, even when
 * only one player picked it). `rank` = position among the game's unique numbers (1 = winner, 2 = runner-up),
 * null for a duplicate.
 */
export const EntryOutcome = z.enum(['winner', 'runner_up', 'unique', 'duplicate']);
export type EntryOutcome = z.output<typeof EntryOutcome>;
export const EntryOutcomeDto = z
  .object({ number: z.number().int(), entryType, outcome: EntryOutcome, rank: nullableInt })
  .openapi('EntryOutcomeDto');
export type EntryOutcomeDto = z.output<typeof EntryOutcomeDto>;

export const MyResultDto = z
  .object({
    gameDate: gameKey,
    winningNumber: nullableInt,
    secondPlaceNumber: nullableInt,
    entries: z.array(EntryOutcomeDto),
    /** The prize the player won in that game (null for everyone else, and on a day without a prize). */
    winning: z
      .object({ canClaim: z.boolean(), amountCents: z.number().int(), prizeType, currency: z.string() })
      .nullable(),
  })
  .openapi('MyResultDto');
export type MyResultDto = z.output<typeof MyResultDto>;

/** GET /api/results/me/latest (signed in): the player's latest closed game with entries; null when none. */
export const LatestResultResponse = z.object({ result: orNull(MyResultDto) }).openapi('LatestResultResponse');
export type LatestResultResponse = z.output<typeof LatestResultResponse>;
