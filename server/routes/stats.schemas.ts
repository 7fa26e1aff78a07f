// The statistics' payloads: the player's totals, a closed game's statistics, the trends (DESIGN.md §17).
import { z } from '@hono/zod-openapi';
import { gameKey, nullableInt } from './shared.schemas.ts';
import { EntryDto } from './entry.schemas.ts';
import { EntryOutcomeDto } from './results.schemas.ts';

/** GET /api/stats/user/me */
export const UserTotalsResponse = z
  .object({
    entriesCount: z.number().int(),
    winsCount: z.number().int(),
    currentStreak: z.number().int(),
    bestStreak: z.number().int(),
  })
  .openapi('UserTotalsResponse');
export type UserTotalsResponse = z.output<typeof UserTotalsResponse>;

export const SnapshotDto = z
  .object({
    entriesTotal: z.number().int(),
    uniquesTotal: z.number().int(),
    winningNumber: nullableInt,
    secondPlaceNumber: nullableInt,
    missedWinNumber: nullableInt,
    highestNumber: nullableInt,
    mostFrequentNumbers: z.array(z.number().int()),
    mostFrequentCount: z.number().int(),
    median: z.number().nullable(),
    average: z.number().nullable(),
    minedNumbers: z.array(z.number().int()),
  })
  .openapi('SnapshotDto');
export type SnapshotDto = z.output<typeof SnapshotDto>;

/** GET /api/stats/daily/{date} (404 until the game has closed) */
export const DailyStatsResponse = z
  .object({
    gameDate: gameKey,
    snapshot: SnapshotDto,
    histogram: z.array(
      z.object({
        number: z.number().int(),
        count: z.number().int(),
        unique: z
          .boolean()
          .openapi({ description: 'Exactly one entry holds the number and it is not mined: it could win.' }),
      }),
    ),
    histogramTruncated: z.boolean(),
    /** The signed-in caller's entries in that game; [] when signed out. */
    userSubmissions: z.array(EntryDto),
    /** The signed-in caller's entries with their outcome; [] when signed out. */
    myOutcomes: z.array(EntryOutcomeDto),
    /** The close's fairness root (GET /api/fairness/{gameKey}); null for games closed before receipts existed. */
    fairnessRoot: z.string().nullable(),
  })
  .openapi('DailyStatsResponse');
export type DailyStatsResponse = z.output<typeof DailyStatsResponse>;

/** GET /api/stats/trends?days=7|30|90 (DESIGN.md §17); any other days is a 400. */
const numberCount = z.object({ number: z.number().int(), count: z.number().int() });
const numberChange = z.object({ number: z.number().int(), before: z.number().int(), after: z.number().int() });
export const TrendsResponse = z
  .object({
    days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
    /** Closed games of the window (the `days` latest dates that have a closed game). */
    gamesCount: z.number().int(),
    entriesTotal: z.number().int(),
    /** Oldest first; gameDate is the game key, so a numbered extra game (`date-n`) is a point of its own. */
    winningNumbers: z.array(
      z.object({ gameDate: gameKey, winningNumber: nullableInt, entriesTotal: z.number().int() }),
    ),
    /** Top 10 by count, then the lower number. */
    mostPicked: z.array(numberCount),
    /** Top 5 by the change of count from the older to the newer half of the window, then the lower number. */
    rising: z.array(numberChange),
    falling: z.array(numberChange),
    /** 1 … the window's highest winning number that no entry of the window picked, lowest first, at most 20. */
    neverPicked: z.array(z.number().int()),
    averageWinningNumber: z.number().nullable(),
  })
  .openapi('TrendsResponse');
export type TrendsResponse = z.output<typeof TrendsResponse>;
