// The prizes' payloads: a date's prize, the winner's claim, the admin prize settings and payout review.
import { z } from '@hono/zod-openapi';
import { object } from '../validation.ts';
import { ApiError, checkedByCore, gameKey, instant, nullableInt, orNull, prize, prizeType } from './shared.schemas.ts';

export const PrizeDto = prize.openapi('PrizeDto');
export type PrizeDto = z.output<typeof PrizeDto>;
/** GET /api/prizes/date/{date}: 200 active, or 404 PRIZE_DISABLED with { status: 'disabled', message, dayOfWeek } */
export const PrizeForDateResponse = z
  .object({ status: z.literal('active'), prize: PrizeDto, dayOfWeek: z.number().int() })
  .openapi('PrizeForDateResponse');
export type PrizeForDateResponse = z.output<typeof PrizeForDateResponse>;
export const PrizeDisabledResponse = ApiError.extend({
  status: z.literal('disabled'),
  message: z.string(),
  dayOfWeek: z.number().int(),
});
export type PrizeDisabledResponse = z.output<typeof PrizeDisabledResponse>;
export const PrizeConfigDto = PrizeDto.extend({
  id: z.string(),
  isActive: z.boolean(),
  /** true for a weekly row that is the built-in default (no stored change). */
  isDefault: z.boolean(),
  /** 1-7. A date override carries its date's weekday too: `date !== null` is what marks an override. */
  dayOfWeek: nullableInt,
  date: z.string().nullable(),
  /** For weekly rows: the built-in default amount, for the RESET confirmation. */
  defaultAmountCents: nullableInt,
}).openapi('PrizeConfigDto');
export type PrizeConfigDto = z.output<typeof PrizeConfigDto>;
/** GET /api/prizes/config (admin): 7 weekly rows (1 = Monday … 7 = Sunday) then overrides by date */
export const PrizeConfigResponse = z.object({ prizes: z.array(PrizeConfigDto) }).openapi('PrizeConfigResponse');
export type PrizeConfigResponse = z.output<typeof PrizeConfigResponse>;
/** A prize setting saved, reset or toggled. */
export const PrizeChangeResponse = z
  .object({ prize: PrizeConfigDto, message: z.string() })
  .openapi('PrizeChangeResponse');
export type PrizeChangeResponse = z.output<typeof PrizeChangeResponse>;

const prizeTypeText = z.string({ error: 'prizeType must be cash or voucher.' }).openapi({ enum: prizeType.options });
const amountCents = z.number({ error: 'amountCents must be a number of cents.' });
const description = z
  .string({ error: 'description must be text.' })
  .max(1000, 'The description is too long.')
  .optional();
/** POST /api/prizes/config/weekly (admin) answers PrizeChangeResponse */
export const WeeklyPrizeRequest = object({
  dayOfWeek: z.number({ error: 'dayOfWeek must be a number from 1 to 7.' }),
  prizeType: prizeTypeText,
  amountCents,
  description,
  isActive: z.boolean({ error: 'isActive must be true or false.' }).optional().default(true),
}).openapi('WeeklyPrizeRequest');
export type WeeklyPrizeRequest = z.output<typeof WeeklyPrizeRequest>;
/** POST /api/prizes/config/date (admin) answers PrizeChangeResponse */
export const DatePrizeRequest = object({
  date: z.string({ error: 'Date and description are required' }).optional(),
  prizeType: prizeTypeText,
  amountCents,
  description,
}).openapi('DatePrizeRequest');
export type DatePrizeRequest = z.output<typeof DatePrizeRequest>;
export const DayParams = z.object({
  day: z
    .string()
    .regex(/^[1-7]$/, 'The day must be a number from 1 (Monday) to 7 (Sunday).')
    .transform(Number)
    .openapi({ param: { name: 'day', in: 'path' }, description: '1 (Monday) … 7 (Sunday).' }),
});

/** POST /api/prizes/winner-payout */
export const WinnerPayoutRequest = object({
  gameId: z.string({ error: 'gameId is required.' }).min(1, 'gameId is required.'),
  paypalEmail: z.string({ error: 'paypalEmail must be text.' }).max(320, 'The PayPal e-mail is too long.').nullish(),
  preferredName: z.string({ error: 'preferredName must be text.' }).max(200, 'The name is too long.').nullish(),
}).openapi('WinnerPayoutRequest');
export type WinnerPayoutRequest = z.output<typeof WinnerPayoutRequest>;
export const WinnerPayoutResponse = z
  .object({ message: z.string(), payoutId: z.string() })
  .openapi('WinnerPayoutResponse');
export type WinnerPayoutResponse = z.output<typeof WinnerPayoutResponse>;
/** What an admin reads on a flagged winning (DESIGN.md §18); players never receive it. */
export const IntegrityEvidenceDto = z
  .object({
    flagged: z.literal(true),
    /** Accounts linked to the winner's, the winner's included. */
    clusterSize: z.number().int(),
    /** How many of them played the game. */
    accountsInGame: z.number().int(),
    /** The numbers they held in that game, ascending. */
    numbersHeld: z.array(z.number().int()),
    /** Why the accounts are linked: each signal, how strong a link it makes and how many accounts share it. */
    signals: z.array(
      z.object({
        kind: z.enum(['device', 'network', 'referral', 'picks']),
        strength: z.enum(['strong', 'medium', 'weak']),
        accounts: z.number().int(),
      }),
    ),
  })
  .openapi('IntegrityEvidence');
export type IntegrityEvidenceDto = z.output<typeof IntegrityEvidenceDto>;
export const AdminPayoutDto = z
  .object({
    id: z.string(),
    status: z.enum(['pending_review', 'approved', 'paid', 'failed']),
    amountCents: z.number().int(),
    currency: z.string(),
    prizeType,
    gameDate: gameKey,
    playerName: z.string().nullable(),
    playerEmail: z.string().nullable().openapi({
      description:
        "The address the winner's mails go to (a contact e-mail only once confirmed); null when there is none.",
    }),
    paypalEmail: z.string().nullable(),
    preferredName: z.string().nullable(),
    reviewNotes: z.string().nullable(),
    paymentReference: z.string().nullable(),
    createdAt: instant,
    processedAt: instant.nullable(),
    /** What the signed-in admin may do next (none when final or their own payout): the web renders these buttons. */
    allowedActions: z.array(z.enum(['approve', 'reject', 'markPaid'])),
    /** Set when the winner belongs to a cluster of 3 or more accounts in that game; approving then needs `confirmName`. */
    integrity: orNull(IntegrityEvidenceDto),
  })
  .openapi('AdminPayoutDto');
export type AdminPayoutDto = z.output<typeof AdminPayoutDto>;
/** GET /api/prizes/admin/payouts */
export const AdminPayoutsResponse = z.object({ payouts: z.array(AdminPayoutDto) }).openapi('AdminPayoutsResponse');
export type AdminPayoutsResponse = z.output<typeof AdminPayoutsResponse>;
/** POST /api/prizes/admin/payouts/{id} answers PayoutReviewResponse */
export const PayoutReviewRequest = object({
  status: z
    .string({ error: 'status must be approved, failed or paid.' })
    .openapi({ enum: ['approved', 'failed', 'paid'] }),
  reviewNotes: z.string({ error: 'reviewNotes must be text.' }).max(2000, 'The review notes are too long.').nullish(),
  paymentReference: z
    .string({ error: 'paymentReference must be text.' })
    .max(500, 'The payment reference is too long.')
    .nullish(),
  /** Approving a flagged payout: the winner's display name, typed by the admin. */
  confirmName: checkedByCore<string>('string').optional(),
}).openapi('PayoutReviewRequest');
export type PayoutReviewRequest = z.output<typeof PayoutReviewRequest>;
export const PayoutReviewResponse = z
  .object({ payout: AdminPayoutDto, message: z.string() })
  .openapi('PayoutReviewResponse');
export type PayoutReviewResponse = z.output<typeof PayoutReviewResponse>;
