// The fairness payloads (DESIGN.md §16): receipts, a game's record, its tree's items and proofs, the signing keys.
import { z } from '@hono/zod-openapi';
import { gameKey, instant, nullableInt, orNull } from './shared.schemas.ts';

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
