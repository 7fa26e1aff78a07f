// The referrals' payloads.
import { z } from '@hono/zod-openapi';
import { object } from '../validation.ts';
import { BonusEntryDto } from './entry.schemas.ts';

/** GET /api/referrals/code */
export const ReferralCodeResponse = z.object({ referralCode: z.string() }).openapi('ReferralCodeResponse');
export type ReferralCodeResponse = z.output<typeof ReferralCodeResponse>;
/** GET /api/referrals/stats */
export const ReferralStatsResponse = z
  .object({
    totalReferrals: z.number().int(),
    completedReferrals: z.number().int(),
    /** Referrals between accounts of one cluster (DESIGN.md §18): recorded, no bonus. */
    notEligibleReferrals: z.number().int(),
  })
  .openapi('ReferralStatsResponse');
export type ReferralStatsResponse = z.output<typeof ReferralStatsResponse>;
/** GET /api/referrals/bonuses */
export const ReferralBonusesResponse = z
  .object({ availableBonuses: z.number().int(), bonusEntries: z.array(BonusEntryDto) })
  .openapi('ReferralBonusesResponse');
export type ReferralBonusesResponse = z.output<typeof ReferralBonusesResponse>;
/** GET /api/referrals/validate/{code} */
export const ReferralValidateResponse = z.object({ valid: z.boolean() }).openapi('ReferralValidateResponse');
export type ReferralValidateResponse = z.output<typeof ReferralValidateResponse>;
/** POST /api/referrals/process { referralCode } answers { message } */
export const ReferralProcessRequest = object({
  referralCode: z
    .string({ error: 'referralCode is required.' })
    .trim()
    .max(64, 'A referral code has 12 characters.')
    .transform((code) => code.toUpperCase()),
}).openapi('ReferralProcessRequest');
export type ReferralProcessRequest = z.output<typeof ReferralProcessRequest>;
