// A closed game of tree version 2 for the web app's component tests, built by the reference in core (never by
// the browser code under test): the summary, item pages, inclusion and winner proofs, and the fake-API routes
// that serve them as the server's four public calls do.
import type {
  FairnessItemsResponse,
  FairnessSummaryV2,
  InclusionProofResponse,
  NeighboursResponse,
  WinnerProofResponse,
} from '../../server/routes/fairness.schemas.ts';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { compareTreeItems, treeV2Levels } from '../../core/fairness/tree-v2.ts';
import type { TreeItem } from '../../core/fairness/model.ts';
import { inclusionProof } from '../../core/fairness/tree-v2-proofs.ts';
import type { Handler } from '../../web/testing/fake-api.ts';
import { closeGame, KEY, treeItems } from './tree-v2-games.ts';

export { KEY };

export interface FakeTreeV2Game {
  summary: FairnessSummaryV2;
  items: TreeItem[];
  winnerProof: WinnerProofResponse;
  proofOf(leaf: string): InclusionProofResponse | null;
}

/** `size` items: numbers that repeat (about one in five) and leave unique ones, one item in eight a mine; ids `e{i}`/`m{i}`. */
export function sampleGame(size: number, pageSize = 10_000): FakeTreeV2Game {
  const span = Math.max(1, Math.ceil(size * 0.8));
  return fakeTreeV2Game(
    Array.from({ length: size }, (_, i) => ({
      kind: i % 8 === 7 ? ('mine' as const) : ('entry' as const),
      number: 1 + ((i * 37) % span),
      salt: i.toString(16).padStart(32, '0'),
    })),
    pageSize,
  );
}

export function fakeTreeV2Game(
  raw: readonly { kind: TreeItem['kind']; number: number; salt: string }[],
  pageSize = 10_000,
): FakeTreeV2Game {
  const items = treeItems(raw);
  const { built, summary } = closeGame(items);
  const tree = treeV2Levels(nodeDigest, KEY, items);
  return {
    summary: {
      gameDate: KEY,
      status: 'closed',
      closedAt: '2026-12-02T00:00:00.000Z',
      treeVersion: 2,
      root: summary.root,
      size: summary.size,
      lo: summary.lo,
      hi: summary.hi,
      entriesTotal: items.filter((item) => item.kind === 'entry').length,
      minesTotal: items.filter((item) => item.kind === 'mine').length,
      winningNumber: summary.winningNumber,
      secondPlaceNumber: summary.secondPlaceNumber,
      pageSize,
    },
    items,
    winnerProof: built.winnerProof,
    proofOf: (leaf) => {
      const index = items.findIndex((item) => item.leaf === leaf);
      return index < 0 ? null : inclusionProof(tree, index);
    },
  };
}

/** The receipt the server gave for an item, as GET /receipts lists it. */
export const receiptOf = (item: TreeItem) =>
  item.kind === 'entry'
    ? { gameDate: KEY, entryId: item.id, number: item.number, salt: item.salt, leaf: item.leaf }
    : { gameDate: KEY, mineId: item.id, number: item.number, salt: item.salt, leaf: item.leaf };

const base = `/api/fairness/${KEY}`;

/** The path of one items page, as the browser asks for it. */
export const itemsPath = (from: number, count: number): string => `${base}/items?from=${from}&count=${count}`;

/** Every page a reader of the first `count` items asks for, at the summary's page size. */
const pagesOf = (count: number, pageSize: number): { from: number; count: number }[] =>
  Array.from({ length: Math.ceil(count / pageSize) }, (_, i) => ({
    from: i * pageSize,
    count: Math.min(pageSize, count - i * pageSize),
  }));

/**
 * The fake-API routes of the game: the summary, the pages the winner check and the full audit read, the winner
 * proof and an inclusion proof per leaf (404 for any other). `page` may change a page's items before they go out.
 */
export function treeV2Routes(
  game: FakeTreeV2Game,
  change: {
    page?: (page: FairnessItemsResponse) => FairnessItemsResponse;
    winnerProof?: WinnerProofResponse;
    proofOf?: FakeTreeV2Game['proofOf'];
  } = {},
): Record<string, Handler> {
  const { summary, items } = game;
  const routes: Record<string, Handler> = {
    [`GET ${base}`]: { body: summary },
    [`GET ${base}/winner-proof`]: { body: change.winnerProof ?? game.winnerProof },
  };
  for (const { from, count } of [
    ...pagesOf(game.winnerProof.count, summary.pageSize),
    ...pagesOf(summary.size, summary.pageSize),
  ]) {
    const page: FairnessItemsResponse = { gameDate: KEY, from, items: items.slice(from, from + count) };
    routes[`GET ${itemsPath(from, count)}`] = { body: change.page ? change.page(structuredClone(page)) : page };
  }
  const proofOf = change.proofOf ?? game.proofOf;
  for (const item of items) {
    const proof = proofOf(item.leaf);
    routes[`GET ${base}/proof/${item.leaf}`] =
      proof === null ? { status: 404, body: { error: 'No such leaf', code: 'NOT_FOUND' } } : { body: proof };
  }
  return routes;
}

/** The answer of GET /neighbours for `(number, leaf)`, from the whole game as the server's must be. */
export function neighboursOf(game: FakeTreeV2Game, number: number, leaf: string): NeighboursResponse {
  const { items } = game;
  const key = { number, leaf };
  const before = items.filter((item) => compareTreeItems(item, key) < 0).length;
  const present = items[before] !== undefined && compareTreeItems(items[before], key) === 0;
  const at = (index: number) => {
    const item = items[index];
    const proof = item ? game.proofOf(item.leaf) : null;
    return item && proof ? { item, proof } : null;
  };
  return { size: items.length, left: at(before - 1), right: at(before + (present ? 1 : 0)) };
}

/** The path of GET /neighbours as the browser asks for it. */
export const neighboursPath = (number: number, leaf: string): string =>
  `${base}/neighbours?number=${number}&leaf=${leaf}`;
