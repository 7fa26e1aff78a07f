// The entries' payloads: the player's entries in the open game and submitting one.
import { z } from '@hono/zod-openapi';
import { object } from '../validation.ts';
import { checkedByCore, entryType, gameKey, instant, openOrClosed } from './shared.schemas.ts';
import { EntryReceiptDto } from './fairness.schemas.ts';

export const EntryDto = z
  .object({ id: z.string(), number: z.number().int(), entryType, submittedAt: instant })
  .openapi('EntryDto');
export type EntryDto = z.output<typeof EntryDto>;

export const BonusEntryDto = z
  .object({
    id: z.string(),
    sourceType: z.enum(['referral', 'streak', 'other']),
    remainingEntries: z.number().int(),
    expiresAt: instant,
  })
  .openapi('BonusEntryDto');
export type BonusEntryDto = z.output<typeof BonusEntryDto>;

/** An entry of GET /api/entry/mine: the entry with its receipt's fields. */
export const MyEntryDto = EntryDto.extend(EntryReceiptDto.shape).openapi('MyEntryDto');
export type MyEntryDto = z.output<typeof MyEntryDto>;

/** GET /api/entry/mine (signed in) */
export const MyEntriesResponse = z
  .object({
    gameDate: gameKey,
    entries: z.array(MyEntryDto),
    status: z.object({ canSubmitMore: z.boolean(), effectiveStatus: openOrClosed }),
    maxSubmissions: z.number().int(),
    availableBonusEntries: z.number().int(),
    bonusEntriesDetails: z.array(BonusEntryDto),
  })
  .openapi('MyEntriesResponse');
export type MyEntriesResponse = z.output<typeof MyEntriesResponse>;

/** POST /api/entry (the number is checked by the core, with the spec's messages, a missing one included) */
export const SubmitEntryRequest = object({
  number: checkedByCore<number>('integer'),
  /** The game the player saw (GameTodayResponse.gameDate); when it is no longer the open game: 409 GAME_CLOSED, nothing stored. */
  gameDate: checkedByCore<string>('string').optional(),
}).openapi('SubmitEntryRequest');
export type SubmitEntryRequest = z.output<typeof SubmitEntryRequest>;

export const SubmitEntryResponse = z
  .object({ entry: EntryDto, message: z.string(), receipt: EntryReceiptDto })
  .openapi('SubmitEntryResponse');
export type SubmitEntryResponse = z.output<typeof SubmitEntryResponse>;
