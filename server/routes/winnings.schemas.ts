// The winnings' payloads: the player's winnings with their payout state.
import { z } from '@hono/zod-openapi';
import { gameKey, instant, prizeType } from './shared.schemas.ts';

export const PayoutStatusDto = z.enum(['unclaimed', 'pending_review', 'approved', 'paid', 'failed']);
export type PayoutStatusDto = z.output<typeof PayoutStatusDto>;
export const WinningDto = z
  .object({
    payoutId: z.string().nullable(),
    gameId: z.string(),
    gameDate: gameKey,
    winningNumber: z.number().int(),
    /** Dollars. */
    prizeAmount: z.number(),
    prizeType,
    amountCents: z.number().int(),
    currency: z.string(),
    status: PayoutStatusDto,
    isPending: z.boolean(),
    isCompleted: z.boolean(),
    canClaim: z.boolean(),
    /** Whether the amount counts toward the money the player has won (TOTAL WON): false once the payout is rejected. */
    countsAsWon: z.boolean(),
    reviewNotes: z.string().nullable(),
    processedAt: instant.nullable(),
    paymentReference: z.string().nullable(),
  })
  .openapi('WinningDto');
export type WinningDto = z.output<typeof WinningDto>;
/** GET /api/winnings */
export const WinningsResponse = z.object({ winnings: z.array(WinningDto) }).openapi('WinningsResponse');
export type WinningsResponse = z.output<typeof WinningsResponse>;
