// The profile's payloads: reading, editing and the data export (DESIGN.md §8).
import { z } from '@hono/zod-openapi';
import { object } from '../validation.ts';
import { checkedByCore, gameKey, instant, openOrClosed, prizeType } from './shared.schemas.ts';
import { EntryReceiptDto, MineReceiptDto } from './fairness.schemas.ts';
import { MeResponse } from './me.schemas.ts';
import { AdminPayoutDto } from './prizes.schemas.ts';
import { UserTotalsResponse } from './stats.schemas.ts';

/** PUT /api/profile body (shapes only: the use case checks the values with the spec's messages); answers ProfileResponse. */
export const ProfileUpdateRequest = object({
  // The username is locked to the e-mail (spec-2 §2): accepted and ignored.
  username: z.string({ error: 'username must be text.' }).optional(),
  email: z.string({ error: 'Invalid email address' }).max(320, 'Invalid email address'),
  displayName: z.string({ error: 'Display name must be at least 2 characters' }).max(200, 'Display name is too long'),
  /** Mails that are not about money (the claim reminder, a win on a day without a prize) on or off. */
  emailNotifications: checkedByCore<boolean>('boolean').optional(),
  /** The daily reminder on days not yet played (off by default). */
  dailyReminder: checkedByCore<boolean>('boolean').optional(),
}).openapi('ProfileUpdateRequest');
export type ProfileUpdateRequest = z.output<typeof ProfileUpdateRequest>;

/** GET /api/profile and the answer to PUT /api/profile. */
export const ProfileResponse = MeResponse.extend({
  emailNotifications: z.boolean(),
  dailyReminder: z.boolean(),
  /** false while a changed contact e-mail waits for its link (POST /api/profile/email-confirmation sends another). */
  emailVerified: z.boolean(),
  /** Where mails go: the contact e-mail once verified, else the sign-in's verified e-mail; null when there is none. */
  mailAddress: z.string().nullable(),
}).openapi('ProfileResponse');
export type ProfileResponse = z.output<typeof ProfileResponse>;

const ExportSession = z.object({
  createdAt: instant,
  lastSeenAt: instant.openapi({ description: 'To within a day: a session records its use at most once a day.' }),
  expiresAt: instant,
});
/** The payout's own record, as the admin's list gives it, without the winner's contact and the admin's actions. */
const ExportPayout = AdminPayoutDto.pick({
  id: true,
  status: true,
  amountCents: true,
  currency: true,
  prizeType: true,
  paypalEmail: true,
  preferredName: true,
  reviewNotes: true,
  paymentReference: true,
  createdAt: true,
  processedAt: true,
});
export const ExportDayDto = z
  .object({
    gameDate: gameKey,
    status: openOrClosed,
    closedAt: instant.nullable(),
    winningNumber: z.number().int().nullable(),
    secondPlaceNumber: z.number().int().nullable(),
    entries: z.array(
      z.object({
        entryType: z.enum(['standard', 'bonus']),
        outcome: z.enum(['winner', 'runner_up', 'unique', 'duplicate']).nullable(),
        rank: z.number().int().nullable(),
        receipt: EntryReceiptDto,
      }),
    ),
    mine: z.object({ receipt: MineReceiptDto }).nullable(),
  })
  .openapi('ExportDayDto');
/** GET /api/profile/export: everything the game holds about the player, as a file. */
export const PlayerExportResponse = z
  .object({
    format: z.literal('lowest-unique/export/v1'),
    exportedAt: instant,
    gameDate: gameKey.openapi({ description: "Today's game date (GAME_DATE_ZONE), which names the file." }),
    profile: z.object({
      id: z.string(),
      email: z.string(),
      displayName: z.string(),
      role: z.string(),
      signInEmail: z.string().nullable(),
      referralCode: z.string(),
      createdAt: instant,
      emailVerified: z.boolean(),
      mailAddress: z.string().nullable(),
    }),
    totals: UserTotalsResponse,
    mailSettings: z.object({
      emailNotifications: z.boolean(),
      dailyReminder: z.boolean(),
      contactEmailConfirmed: z.boolean(),
    }),
    sessions: z.array(ExportSession),
    rewards: z.array(
      z.object({
        id: z.string(),
        rewardType: z.string(),
        earnedAt: instant,
        expiresAt: instant,
        earnedInGame: gameKey.nullable(),
        usedAt: instant.nullable(),
        usedInGame: gameKey.nullable(),
        usedResult: z.record(z.string(), z.unknown()).nullable(),
      }),
    ),
    referrals: z.object({
      code: z.string(),
      referredBy: z
        .object({ code: z.string(), status: z.string(), createdAt: instant, completedAt: instant.nullable() })
        .nullable(),
      made: z.array(z.object({ status: z.string(), createdAt: instant, completedAt: instant.nullable() })),
    }),
    bonusEntries: z.array(
      z.object({
        id: z.string(),
        sourceType: z.string(),
        remainingEntries: z.number().int(),
        grantedAt: instant,
        expiresAt: instant,
      }),
    ),
    guild: z.object({ guildId: z.string(), name: z.string(), joinedAt: instant, isAdmin: z.boolean() }).nullable(),
    winnings: z.array(
      z.object({
        id: z.string(),
        gameDate: gameKey,
        winningNumber: z.number().int(),
        prize: z.object({ prizeType, amountCents: z.number().int(), currency: z.string(), description: z.string() }),
        createdAt: instant,
        payout: ExportPayout.nullable(),
      }),
    ),
    days: z.array(ExportDayDto).openapi({ description: 'Every game the player entered or mined, oldest first.' }),
  })
  .openapi('PlayerExportResponse');
export type PlayerExportResponse = z.output<typeof PlayerExportResponse>;
