// GET /api/fairness/keys (the keys that sign receipts), GET /api/fairness/{gameKey} and, for games closed with tree
// version 2, its items, proofs (a leaf's inclusion, a leaf's absence by its neighbours, the winner) and a player's
// receipts (DESIGN.md §16). Public but the receipts, which carry their own guard: nothing else names a player. A
// closed tree never changes, so its answers are cached for a year and revalidated by ETag.
import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { fairnessRecord } from '../../core/fairness/fairness.ts';
import {
  gameReceipts,
  ITEMS_PAGE_SIZE,
  treeInclusionProof,
  treeItemsPage,
  treeNeighbours,
  treeWinnerProof,
} from '../../core/fairness/tree-v2-record.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { signedIn } from '../auth/guards.ts';
import { publishedKeys } from '../../core/fairness/receipt-keys.ts';
import { setResponseHeader } from '../node-response.ts';
import { oneAtATime } from '../one-at-a-time.ts';
import { apiApp, apiRoute, json, notModified } from '../openapi.ts';
import { IMMUTABLE } from '../public-answer-cache.ts';
import { keepAndSend, keptFor, sendKept } from '../public-answers.ts';
import {
  FairnessItemsResponse,
  FairnessKeysResponse,
  FairnessRecordResponse,
  GameReceiptsResponse,
  InclusionProofResponse,
  NeighboursResponse,
  WinnerProofResponse,
} from './fairness.schemas.ts';
import { gameDateParam } from './shared.schemas.ts';

const tags = ['Fairness'];
const gameKeyParam = gameDateParam.openapi({ param: { name: 'gameKey', in: 'path' }, example: '2026-11-20' });
const GameKeyParams = z.object({ gameKey: gameKeyParam });
const LeafParams = z.object({
  gameKey: gameKeyParam,
  leaf: z.string().openapi({ param: { name: 'leaf', in: 'path' }, description: 'The item’s leaf: 64 hex characters.' }),
});
/** The core checks the numbers and names the field; the edge only documents them. */
const wholeNumber = (name: string, description: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : Number.NaN))
    .openapi({ type: 'integer', description, param: { name, in: 'query' } });
const ItemsQuery = z.object({
  from: wholeNumber('from', 'The position of the first item, from 0 (default 0).'),
  count: wholeNumber('count', `How many items, 1–${String(ITEMS_PAGE_SIZE)} (default ${String(ITEMS_PAGE_SIZE)}).`),
});

const NeighboursQuery = z.object({
  number: wholeNumber('number', 'The number of the pick: a whole number.'),
  leaf: z
    .string()
    .optional()
    .openapi({ param: { name: 'leaf', in: 'query' }, description: 'The pick’s leaf: 64 lowercase hex characters.' }),
});

/** A closed tree's answers never change. */
const immutable: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 200) setResponseHeader(c, 'Cache-Control', IMMUTABLE);
};

/** Whether an If-None-Match header names `tag` (or is `*`); weak comparison, as RFC 9110 §13.1.2 asks of GET. */
const matches = (ifNoneMatch: string | undefined, tag: string): boolean =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((t) => ['*', tag, `W/${tag}`].includes(t.trim()));

/** The keys change at a rotation only: a cache may keep them a few minutes (a rotated key stays valid longer). */
const KEYS_CACHE = 'public, max-age=60';
const keysCache: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 200) setResponseHeader(c, 'Cache-Control', KEYS_CACHE);
};

export const fairnessRoutes = ({ deps, publicAnswers }: AppServices) => {
  // An items page is a megabyte or two of JSON: built one at a time, any number of downloaders take turns with each
  // other, not with everyone else's requests.
  const buildingPages = oneAtATime();
  return apiApp<AppEnv>()
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/keys',
          operationId: 'getReceiptKeys',
          summary: 'List the keys that sign receipts',
          tags,
          middleware: keysCache,
          responses: { 200: json(FairnessKeysResponse, 'Every key that signs or signed receipts, oldest first.') },
        },
        { access: 'public' },
      ),
      async (c) => c.json(await publishedKeys(deps), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/{gameKey}',
          operationId: 'getFairnessRecord',
          summary: "Read a game's fairness record",
          tags,
          request: { params: GameKeyParams },
          responses: {
            200: json(
              FairnessRecordResponse,
              "The game's fairness record: open; version 1, every leaf; or version 2, the tree's summary.",
            ),
            ...notModified,
          },
        },
        { access: 'public', failures: ['NOT_FOUND', 'CONFLICT'] },
      ),
      async (c) => {
        const { gameKey } = c.req.valid('param');
        const key = `fairness|${gameKey}`;
        const kept = keptFor(c, publicAnswers, key);
        if (kept) return sendKept(c, publicAnswers, kept);
        const record = await fairnessRecord(deps, gameKey);
        // A closed game's record never changes; an open game's says only that it is open.
        if (!('treeVersion' in record)) return c.json(record, 200);
        return keepAndSend(c, publicAnswers, key, { freshness: 'closed-day', generation: null }, record);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/{gameKey}/items',
          operationId: 'listFairnessItems',
          summary: "List a game's tree items",
          tags,
          middleware: immutable,
          request: { params: GameKeyParams, query: ItemsQuery },
          responses: {
            200: json(FairnessItemsResponse, 'The items from position `from`, in tree order.'),
            ...notModified,
          },
        },
        { access: 'public', failures: ['NOT_FOUND'] },
      ),
      async (c) => {
        const { gameKey } = c.req.valid('param');
        const { from = 0, count = ITEMS_PAGE_SIZE } = c.req.valid('query');
        const page = await treeItemsPage(deps, gameKey, from, count);
        // The page's version names it: a revalidation never builds it.
        const tag = `"${page.version}"`;
        setResponseHeader(c, 'ETag', tag);
        if (matches(c.req.header('if-none-match'), tag)) {
          setResponseHeader(c, 'Cache-Control', IMMUTABLE);
          return c.body(null, 304);
        }
        return c.json(await buildingPages(page.read), 200);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/{gameKey}/proof/{leaf}',
          operationId: 'getInclusionProof',
          summary: "Prove a leaf is in a game's tree",
          tags,
          middleware: [etag(), immutable],
          request: { params: LeafParams },
          responses: {
            200: json(
              InclusionProofResponse,
              "The item's inclusion proof: its position and the siblings from the leaf up.",
            ),
            ...notModified,
          },
        },
        { access: 'public', failures: ['NOT_FOUND'] },
      ),
      async (c) => {
        const { gameKey, leaf } = c.req.valid('param');
        return c.json(await treeInclusionProof(deps, gameKey, leaf), 200);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/{gameKey}/neighbours',
          operationId: 'getNeighbours',
          summary: "Prove a leaf is absent from a game's tree",
          description:
            'The items just before and just after where `(number, leaf)` stands or would stand in tree order, each with its inclusion proof: adjacent neighbours around it prove the leaf absent.',
          tags,
          middleware: [etag(), immutable],
          request: { params: GameKeyParams, query: NeighboursQuery },
          responses: {
            200: json(NeighboursResponse, 'The neighbours in tree order, each null when there is none.'),
            ...notModified,
          },
        },
        { access: 'public', failures: ['NOT_FOUND'] },
      ),
      async (c) => {
        const { gameKey } = c.req.valid('param');
        const { number, leaf } = c.req.valid('query');
        return c.json(await treeNeighbours(deps, gameKey, number ?? Number.NaN, leaf ?? ''), 200);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/{gameKey}/winner-proof',
          operationId: 'getWinnerProof',
          summary: "Prove a game's winning number",
          tags,
          middleware: [etag(), immutable],
          request: { params: GameKeyParams },
          responses: {
            200: json(
              WinnerProofResponse,
              'The bound, how many first items prove the result, and the complement nodes.',
            ),
            ...notModified,
          },
        },
        { access: 'public', failures: ['NOT_FOUND'] },
      ),
      async (c) => c.json(await treeWinnerProof(deps, c.req.valid('param').gameKey), 200),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/{gameKey}/receipts',
          operationId: 'getMyReceipts',
          summary: "Read the player's receipts of a game",
          tags,
          middleware: signedIn,
          request: { params: GameKeyParams },
          responses: { 200: json(GameReceiptsResponse, "The signed-in player's receipts in the game.") },
        },
        { access: 'player', failures: ['NOT_FOUND'] },
      ),
      async (c) => c.json(await gameReceipts(deps, c.req.valid('param').gameKey, c.var.user.id), 200),
    );
};
