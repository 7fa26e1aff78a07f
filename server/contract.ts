// The HTTP payloads shared by the server and the web app, as zod schemas: the routes validate requests and
// declare answers with them, the OpenAPI document (GET /api/openapi.json) is generated from them, and each
// schema's type is exported under the schema's name. The web app imports this module with `import type`, so
// nothing of the server reaches the browser bundle. Paths follow spec-1 §7, spec-2 §7 and DESIGN.md §12.
// Money is whole cents; instants ISO-8601 UTC. Types are the schemas' outputs: for a request, what the route
// hands to the core.
import { z } from '@hono/zod-openapi';
import { intQuery, object } from './validation.ts';

/** A value the core checks with the spec's messages: any value passes the edge, typed and documented as `T`. */
const checkedByCore = <T>(type: 'integer' | 'boolean' | 'string') =>
  z
    .unknown()
    .optional()
    .transform((value) => value as T)
    .openapi({ type });

/** A named schema or null (zod-to-openapi writes `.nullable()` of a named schema as an allOf that refuses null). */
const orNull = <S extends z.ZodType>(schema: S) => z.union([schema, z.null()]);

const instant = z.string().openapi({ format: 'date-time' });
const gameKey = z
  .string()
  .openapi({ description: 'A game: YYYY-MM-DD, or YYYY-MM-DD-n for an extra game of that date.' });
const openOrClosed = z.enum(['open', 'closed']);
const entryType = z.enum(['standard', 'bonus']);
const prizeType = z.enum(['cash', 'voucher']);

export const ApiError = z
  .object({ error: z.string(), code: z.string() })
  .catchall(z.unknown())
  .openapi('ApiError', { description: 'Every error: a message for people and a stable code; some carry more fields.' });
export type ApiError = z.output<typeof ApiError>;

export const MessageResponse = z.object({ message: z.string() }).openapi('MessageResponse');
export type MessageResponse = z.output<typeof MessageResponse>;

// ---- request parameters ------------------------------------------------------------------------
export const gameDateParam = z.string().regex(/^\d{4}-\d{2}-\d{2}(-\d+)?$/, 'The date must look like YYYY-MM-DD.');
export const GameDateParams = z.object({
  date: gameDateParam.openapi({ param: { name: 'date', in: 'path' }, example: '2026-11-20' }),
});
export const IdParams = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

// ---- accounts --------------------------------------------------------------------------------
/** GET /api/me (401 when signed out) */
export const MeResponse = z
  .object({ id: z.string(), email: z.string(), displayName: z.string(), role: z.enum(['admin', 'player']) })
  .openapi('MeResponse');
export type MeResponse = z.output<typeof MeResponse>;

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

// ---- game ------------------------------------------------------------------------------------
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

/**
 * What signing adds to a receipt (DESIGN.md §16): the three together, or none on a receipt issued before receipts were
 * signed (UNSIGNED, still verified by inclusion).
 */
const receiptSignature = {
  signedAt: instant.optional().openapi({
    description:
      'When the server signed the receipt, as JavaScript’s toISOString prints it. Absent on an unsigned receipt.',
  }),
  keyId: z.string().optional().openapi({
    description: 'The signing key (GET /api/fairness/keys): 16 hex characters of SHA-256 of its SPKI DER bytes.',
  }),
  sig: z.string().optional().openapi({
    description:
      'The Ed25519 signature, standard base64, of `lowest-unique/v1/receipt|{gameDate}|{entryId}|{number}|{salt}|{leaf}|{signedAt}` (a mine: `lowest-unique/v1/mine-receipt|{gameDate}|{mineId}|…`).',
  }),
};

/** A receipt (DESIGN.md §16): what a player keeps to check, after the close, that their pick was counted unchanged. */
export const EntryReceiptDto = z
  .object({
    gameDate: gameKey,
    entryId: z.string(),
    number: z.number().int(),
    salt: z.string().openapi({ description: '32 hex characters.' }),
    leaf: z.string().openapi({ description: '64 hex characters.' }),
    ...receiptSignature,
  })
  .openapi('EntryReceiptDto');
export type EntryReceiptDto = z.output<typeof EntryReceiptDto>;

export const MineReceiptDto = z
  .object({
    gameDate: gameKey,
    mineId: z.string(),
    number: z.number().int(),
    salt: z.string(),
    leaf: z.string(),
    ...receiptSignature,
  })
  .openapi('MineReceiptDto');
export type MineReceiptDto = z.output<typeof MineReceiptDto>;

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

// ---- results, history, stats -----------------------------------------------------------------
const PrizeDtoSchema = z.object({
  prizeType,
  amountCents: z.number().int(),
  currency: z.string(),
  description: z.string(),
});

/** GET /api/results/today and /api/results/{date} */
export const ResultResponse = z
  .discriminatedUnion('status', [
    z.object({ gameDate: gameKey, status: z.literal('open') }),
    z.object({
      gameDate: gameKey,
      status: z.literal('closed'),
      winnerName: z.string().nullable(),
      winningNumber: z.number().int().nullable(),
      prize: PrizeDtoSchema.nullable(),
      entriesTotal: z.number().int(),
    }),
  ])
  .openapi('ResultResponse');
export type ResultResponse = z.output<typeof ResultResponse>;

/** GET /api/history?limit= (default 14) */
export const HistoryQuery = z.object({
  limit: intQuery('limit', 14, 1, 100).openapi({ type: 'integer', description: '1–100, default 14.' }),
});
export const HistoryResponse = z
  .object({ items: z.array(z.object({ gameDate: gameKey, status: openOrClosed })) })
  .openapi('HistoryResponse');
export type HistoryResponse = z.output<typeof HistoryResponse>;

const nullableInt = z.number().int().nullable();
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

// ---- fairness (DESIGN.md §16) ------------------------------------------------------------------
const leafOf = <K extends string>(idName: K) =>
  z.object({ [idName]: z.string(), number: z.number().int(), salt: z.string(), leaf: z.string() } as Record<
    K,
    z.ZodString
  > & {
    number: z.ZodNumber;
    salt: z.ZodString;
    leaf: z.ZodString;
  });

/** GET /api/fairness/{gameKey} of a game closed with tree version 1: lists sorted by leaf; no user ids, names or e-mails. */
export const FairnessRecordV1 = z
  .object({
    gameDate: gameKey,
    status: z.literal('closed'),
    closedAt: instant.nullable(),
    /** null for games closed before receipts existed; `reason` then says so. */
    root: z.string().nullable(),
    reason: z.string().optional(),
    entriesTotal: z.number().int(),
    winningNumber: nullableInt,
    secondPlaceNumber: nullableInt,
    entries: z.array(leafOf('entryId')),
    mines: z.array(leafOf('mineId')),
  })
  .openapi('FairnessRecordV1');

/** A node of tree version 2: its hash and the interval of the numbers below it. */
export const TreeNodeDto = z
  .object({ hash: z.string(), lo: z.number().int(), hi: z.number().int() })
  .openapi('TreeNodeDto');
export type TreeNodeDto = z.output<typeof TreeNodeDto>;

/** An item of tree version 2, in tree order `(number, leaf)`. No user ids, names or e-mails. */
export const TreeItemDto = z
  .object({
    kind: z.enum(['entry', 'mine']),
    id: z.string(),
    number: z.number().int(),
    salt: z.string(),
    leaf: z.string(),
  })
  .openapi('TreeItemDto');
export type TreeItemDto = z.output<typeof TreeItemDto>;

/** GET /api/fairness/{gameKey} of a game closed with tree version 2: the summary, no item list. */
export const FairnessSummaryV2 = z
  .object({
    gameDate: gameKey,
    status: z.literal('closed'),
    closedAt: instant.nullable(),
    treeVersion: z.literal(2),
    root: z.string(),
    size: z.number().int(),
    lo: z.number().int(),
    hi: z.number().int(),
    entriesTotal: z.number().int(),
    minesTotal: z.number().int(),
    winningNumber: nullableInt,
    secondPlaceNumber: nullableInt,
    pageSize: z.number().int().openapi({ description: 'The most items one page of /items answers.' }),
  })
  .openapi('FairnessSummaryV2');
export type FairnessSummaryV2 = z.output<typeof FairnessSummaryV2>;

/** GET /api/fairness/{gameKey}: open, closed with tree version 1 (the whole record) or 2 (the summary: `treeVersion`). */
export const FairnessRecordResponse = z
  .union([z.object({ gameDate: gameKey, status: z.literal('open') }), FairnessRecordV1, FairnessSummaryV2])
  .openapi('FairnessRecordResponse');
export type FairnessRecordResponse = z.output<typeof FairnessRecordResponse>;

/** GET /api/fairness/{gameKey}/items?from&count: the items from position `from`, in tree order. */
export const FairnessItemsResponse = z
  .object({ gameDate: gameKey, from: z.number().int(), items: z.array(TreeItemDto) })
  .openapi('FairnessItemsResponse');
export type FairnessItemsResponse = z.output<typeof FairnessItemsResponse>;

/** GET /api/fairness/{gameKey}/proof/{leaf}: the siblings from the leaf up; `side` is where the sibling stands. */
export const InclusionProofResponse = z
  .object({
    index: z.number().int(),
    size: z.number().int(),
    path: z.array(TreeNodeDto.extend({ side: z.enum(['left', 'right']) })),
  })
  .openapi('InclusionProofResponse');
export type InclusionProofResponse = z.output<typeof InclusionProofResponse>;

/** An item beside where a leaf stands or would stand, with its inclusion proof. */
export const NeighbourDto = z.object({ item: TreeItemDto, proof: InclusionProofResponse }).openapi('NeighbourDto');
export type NeighbourDto = z.output<typeof NeighbourDto>;

/**
 * GET /api/fairness/{gameKey}/neighbours?number&leaf: the last item strictly before `(number, leaf)` in tree order and
 * the first strictly after it, each with its inclusion proof (null when there is none): two adjacent items around it
 * prove the leaf absent.
 */
export const NeighboursResponse = z
  .object({
    size: z.number().int(),
    left: orNull(NeighbourDto).openapi({ description: 'The last item strictly before; null when there is none.' }),
    right: orNull(NeighbourDto).openapi({ description: 'The first item strictly after; null when there is none.' }),
  })
  .openapi('NeighboursResponse');
export type NeighboursResponse = z.output<typeof NeighboursResponse>;

/** GET /api/fairness/{gameKey}/winner-proof: the first `count` items (all with number ≤ bound) and the complement nodes. */
export const WinnerProofResponse = z
  .object({ bound: z.number().int(), count: z.number().int(), complement: z.array(TreeNodeDto) })
  .openapi('WinnerProofResponse');
export type WinnerProofResponse = z.output<typeof WinnerProofResponse>;

/** A key that signs (or signed) receipts (DESIGN.md §16). */
export const PublishedKeyDto = z
  .object({
    keyId: z
      .string()
      .openapi({ description: 'The first 16 lowercase hex characters of SHA-256 of the SPKI DER bytes.' }),
    publicKey: z.string().openapi({ description: 'The Ed25519 public key: SPKI DER, standard base64.' }),
    from: instant.openapi({ description: 'When it started signing.' }),
    until: instant.nullable().openapi({ description: 'When it stopped signing; null while it signs.' }),
  })
  .openapi('PublishedKeyDto');
export type PublishedKeyDto = z.output<typeof PublishedKeyDto>;

/** GET /api/fairness/keys: every key that signs or signed receipts, oldest first. */
export const FairnessKeysResponse = z.array(PublishedKeyDto).openapi('FairnessKeysResponse');
export type FairnessKeysResponse = z.output<typeof FairnessKeysResponse>;

/** GET /api/fairness/{gameKey}/receipts: the signed-in player's receipts in that game. */
export const GameReceiptsResponse = z
  .object({ entries: z.array(EntryReceiptDto), mines: z.array(MineReceiptDto) })
  .openapi('GameReceiptsResponse');
export type GameReceiptsResponse = z.output<typeof GameReceiptsResponse>;

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

// ---- referrals -------------------------------------------------------------------------------
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

// ---- leaderboard -----------------------------------------------------------------------------
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

// ---- prizes ----------------------------------------------------------------------------------
export const PrizeDto = PrizeDtoSchema.openapi('PrizeDto');
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

// ---- winnings and payouts --------------------------------------------------------------------
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

// ---- rewards ---------------------------------------------------------------------------------
export const RewardTypeDto = z.enum(['peak', 'mine', 'how_many']);
export type RewardTypeDto = z.output<typeof RewardTypeDto>;
export const RewardConfigDto = z
  .object({ name: z.string(), description: z.string(), howToEarn: z.string() })
  .openapi('RewardConfigDto');
export type RewardConfigDto = z.output<typeof RewardConfigDto>;
/** GET /api/rewards/config */
export const RewardConfigResponse = z
  .object({ rewards: z.array(RewardConfigDto.extend({ rewardType: RewardTypeDto })) })
  .openapi('RewardConfigResponse');
export type RewardConfigResponse = z.output<typeof RewardConfigResponse>;
export const RewardSummaryItem = z
  .object({
    rewardType: RewardTypeDto,
    available: z.number().int(),
    totalUsed: z.number().int(),
    expired: z.number().int(),
    config: RewardConfigDto,
  })
  .openapi('RewardSummaryItem');
export type RewardSummaryItem = z.output<typeof RewardSummaryItem>;
/** GET /api/rewards/mine */
export const MyRewardsResponse = z
  .object({
    rewardSummary: z.array(RewardSummaryItem),
    totalRewardsEarned: z.number().int(),
    totalRewardsUsed: z.number().int(),
  })
  .openapi('MyRewardsResponse');
export type MyRewardsResponse = z.output<typeof MyRewardsResponse>;
/** GET /api/rewards/usage-history?limit=50&offset=0 */
export const RewardUsageQuery = z.object({
  limit: intQuery('limit', 50, 1, 100).openapi({ type: 'integer', description: '1–100, default 50.' }),
  offset: intQuery('offset', 0, 0, 1_000_000).openapi({ type: 'integer', description: 'Default 0.' }),
});
export const RewardUsageResponse = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        rewardType: RewardTypeDto,
        usedAt: instant,
        gameDate: gameKey,
        result: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .openapi('RewardUsageResponse');
export type RewardUsageResponse = z.output<typeof RewardUsageResponse>;
/** GET /api/rewards/type/{type} */
export const RewardTypeResponse = RewardSummaryItem.extend({
  items: z.array(z.object({ id: z.string(), earnedAt: instant, expiresAt: instant, usedAt: instant.nullable() })),
}).openapi('RewardTypeResponse');
export type RewardTypeResponse = z.output<typeof RewardTypeResponse>;
/** POST /api/gameplay/use-peak and use-mine (the number is checked by the core, with the spec's messages) */
export const RewardNumberRequest = object({ number: checkedByCore<number>('integer') }).openapi('RewardNumberRequest');
export type RewardNumberRequest = z.output<typeof RewardNumberRequest>;
/** POST /api/gameplay/use-peak { number } */
export const UsePeakResponse = z.object({ message: z.string(), numberChosen: z.boolean() }).openapi('UsePeakResponse');
export type UsePeakResponse = z.output<typeof UsePeakResponse>;
/** POST /api/gameplay/use-mine { number } */
export const UseMineResponse = z.object({ message: z.string(), receipt: MineReceiptDto }).openapi('UseMineResponse');
export type UseMineResponse = z.output<typeof UseMineResponse>;
/** POST /api/gameplay/use-how-many (no body) */
export const UseHowManyResponse = z
  .object({ message: z.string(), totalNumbers: z.number().int(), uniqueNumbers: z.number().int() })
  .openapi('UseHowManyResponse');
export type UseHowManyResponse = z.output<typeof UseHowManyResponse>;

// ---- guilds ----------------------------------------------------------------------------------
export const GuildDto = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    memberCount: z.number().int(),
    maxMembers: z.number().int(),
    /** No seat left (server rule): not offered for joining. */
    isFull: z.boolean(),
    totalWins: z.number().int(),
    totalEntries: z.number().int(),
    createdAt: instant,
    adminName: z.string(),
    adminUserId: z.string(),
  })
  .openapi('GuildDto');
export type GuildDto = z.output<typeof GuildDto>;
/** GET /api/guilds?limit=50 */
export const GuildsQuery = z.object({
  limit: intQuery('limit', 50, 1, 50).openapi({ type: 'integer', description: '1–50, default 50.' }),
});
export const GuildsResponse = z.object({ guilds: z.array(GuildDto) }).openapi('GuildsResponse');
export type GuildsResponse = z.output<typeof GuildsResponse>;
/** GET /api/guilds/my */
export const MyGuildResponse = z
  .object({
    guild: orNull(GuildDto),
    /** canLeave is false for an admin who still has members (server rule). */
    membership: z.object({ isAdmin: z.boolean(), joinedAt: instant, canLeave: z.boolean() }).nullable(),
  })
  .openapi('MyGuildResponse');
export type MyGuildResponse = z.output<typeof MyGuildResponse>;
export const GuildMemberDto = z
  .object({
    userId: z.string(),
    playerName: z.string(),
    isAdmin: z.boolean(),
    joinedAt: instant,
    wins: z.number().int(),
    entries: z.number().int(),
    currentStreak: z.number().int(),
  })
  .openapi('GuildMemberDto');
export type GuildMemberDto = z.output<typeof GuildMemberDto>;
/** GET /api/guilds/{id} */
export const GuildDetailResponse = z
  .object({ guild: GuildDto, members: z.array(GuildMemberDto) })
  .openapi('GuildDetailResponse');
export type GuildDetailResponse = z.output<typeof GuildDetailResponse>;
/** GET /api/guilds/{id}/submissions (members only): today's picks */
export const GuildSubmissionsResponse = z
  .object({
    gameDate: gameKey,
    submissions: z.array(
      z.object({ userId: z.string(), playerName: z.string(), number: z.number().int(), submittedAt: instant }),
    ),
  })
  .openapi('GuildSubmissionsResponse');
export type GuildSubmissionsResponse = z.output<typeof GuildSubmissionsResponse>;
const guildText = (name: string) =>
  z
    .string({ error: `${name} must be text.` })
    .max(1000, `The ${name} is too long.`)
    .nullish();
/** POST /api/guilds answers GuildChangeResponse */
export const CreateGuildRequest = object({
  name: guildText('name'),
  description: guildText('description'),
  password: guildText('password'),
}).openapi('CreateGuildRequest');
export type CreateGuildRequest = z.output<typeof CreateGuildRequest>;
/** POST /api/guilds/join answers GuildChangeResponse */
export const JoinGuildRequest = object({ guildId: guildText('guildId'), password: guildText('password') }).openapi(
  'JoinGuildRequest',
);
export type JoinGuildRequest = z.output<typeof JoinGuildRequest>;
export const GuildChangeResponse = z.object({ guild: GuildDto, message: z.string() }).openapi('GuildChangeResponse');
export type GuildChangeResponse = z.output<typeof GuildChangeResponse>;
export const GuildMemberParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
  userId: z.string().openapi({ param: { name: 'userId', in: 'path' } }),
});

// ---- data export (DESIGN.md §8) ------------------------------------------------------------------
const ExportSession = z.object({
  createdAt: instant,
  lastSeenAt: instant.openapi({ description: 'To within a day: a session records its use at most once a day.' }),
  expiresAt: instant,
});
const ExportPayout = z.object({
  id: z.string(),
  status: z.enum(['pending_review', 'approved', 'paid', 'failed']),
  amountCents: z.number().int(),
  currency: z.string(),
  prizeType,
  paypalEmail: z.string().nullable(),
  preferredName: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  paymentReference: z.string().nullable(),
  createdAt: instant,
  processedAt: instant.nullable(),
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

// ---- admin -----------------------------------------------------------------------------------
/** GET /admin/submissions?page=&limit= */
export const AdminSubmissionsQuery = z.object({
  page: intQuery('page', 1, 1, 1_000_000).openapi({ type: 'integer', description: 'Default 1.' }),
  limit: intQuery('limit', 20, 1, 100).openapi({ type: 'integer', description: '1–100, default 20.' }),
});
export const AdminSubmissionsResponse = z
  .object({
    game: z.object({ date: gameKey, status: openOrClosed }),
    submissions: z.array(
      z.object({
        id: z.string(),
        number: z.number().int(),
        userId: z.string().nullable(),
        userDisplayName: z.string().nullable(),
        userEmail: z.string().nullable(),
        entryType,
        guildName: z.string().nullable(),
        submittedAt: instant,
        /** The player is in a cluster of 3 or more accounts in this game (DESIGN.md §18). */
        clustered: z.boolean(),
      }),
    ),
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      totalCount: z.number().int(),
      totalPages: z.number().int(),
      hasPreviousPage: z.boolean(),
      hasNextPage: z.boolean(),
    }),
  })
  .openapi('AdminSubmissionsResponse');
export type AdminSubmissionsResponse = z.output<typeof AdminSubmissionsResponse>;
/** GET /admin/audit?from=&to=&admin=&page=&pageSize=: payout reviews and prize setting changes, newest first. */
export const AuditTrailResponse = z
  .object({
    records: z.array(
      z.object({
        id: z.string(),
        at: instant,
        kind: z.enum(['payout', 'prize']),
        adminId: z.string(),
        /** null once the admin's account is deleted. */
        adminName: z.string().nullable(),
        subject: z.string(),
        fromState: z.string().nullable(),
        toState: z.string().nullable(),
        note: z.string().nullable(),
        reference: z.string().nullable(),
      }),
    ),
    totalCount: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .openapi('AuditTrailResponse');
export type AuditTrailResponse = z.output<typeof AuditTrailResponse>;
const whole = (name: string) => z.number({ error: `${name} must be a number.` });
/** POST /admin/create-bot-submissions */
export const CreateBotsBody = object({
  botCount: whole('botCount').optional().default(10),
  bonusCount: whole('bonusCount').optional().default(3),
  minNumber: whole('minNumber').optional().default(1),
  maxNumber: whole('maxNumber').optional().default(100),
  strategy: z.enum(['human', 'uniform'], { error: 'strategy must be human or uniform.' }).optional(),
}).openapi('CreateBotsRequest');
/** The bot form's fields (the strategy keeps the server's default). */
export type CreateBotsRequest = Omit<z.output<typeof CreateBotsBody>, 'strategy'>;
export const CreateBotsResponse = z
  .object({ botsCreated: z.number().int(), submissionsCreated: z.number().int(), gameDate: gameKey })
  .openapi('CreateBotsResponse');
export type CreateBotsResponse = z.output<typeof CreateBotsResponse>;
/** DELETE /admin/delete-bot-submissions */
export const DeleteBotsResponse = z
  .object({
    deletedSubmissions: z.number().int(),
    deletedBonusEntries: z.number().int(),
    botUsersPreserved: z.number().int(),
  })
  .openapi('DeleteBotsResponse');
export type DeleteBotsResponse = z.output<typeof DeleteBotsResponse>;
/** GET /admin/status `.mail`: the outbox (DESIGN.md §15). `delivery` is `off` without SMTP_URL (mails wait). */
export const AdminMailStatus = z
  .object({
    /** Mails not yet sent: pending or being sent. */
    backlog: z.number().int(),
    /** Dead letters: `lowest mail list --failed` shows them. */
    failed: z.number().int(),
    delivery: z.enum(['smtp', 'off']),
  })
  .openapi('AdminMailStatus');
export type AdminMailStatus = z.output<typeof AdminMailStatus>;
