// The leaderboard's payloads.
import { z } from '@hono/zod-openapi';
import { intQuery } from '../validation.ts';
import { gameKey, instant, nullableInt } from './shared.schemas.ts';

export const LeaderboardKind = z.enum(['results', 'wins', 'entries', 'streak', 'bestStreak']);
export type LeaderboardKind = z.output<typeof LeaderboardKind>;
export const ResultItem = z
  .object({
    gameId: z.string(),
    gameDate: gameKey,
    playerName: z.string(),
    /** Dollars (amountCents / 100), null when there was no prize. */
    prizeAmount: z.number().nullable(),
    prizeAmountCents: nullableInt,
    currency: z.string().nullable(),
    winningNumber: z.number().int(),
  })
  .openapi('ResultItem');
export type ResultItem = z.output<typeof ResultItem>;
export const PlayerItem = z
  .object({
    userId: z.string(),
    playerName: z.string(),
    wins: z.number().int(),
    entries: z.number().int(),
    currentStreak: z.number().int(),
    bestStreak: z.number().int(),
    lastPlayedAt: instant.nullable(),
  })
  .openapi('PlayerItem');
export type PlayerItem = z.output<typeof PlayerItem>;
/** GET /api/leaderboard?kind=&limit= (defaults wins, 20; max 100) */
export const LeaderboardQuery = z.object({
  kind: z.string().optional().default('wins').openapi({ enum: LeaderboardKind.options, description: 'Default wins.' }),
  limit: intQuery('limit', 20, 1, 100).openapi({ type: 'integer', description: '1–100, default 20.' }),
});
export const LeaderboardResponse = z
  .object({ kind: LeaderboardKind, items: z.array(z.union([ResultItem, PlayerItem])) })
  .openapi('LeaderboardResponse');
export type LeaderboardResponse = z.output<typeof LeaderboardResponse>;
