// The browser's tree version 2 checks against games, proofs and pages built by core's reference: every honest
// game passes all three checks, a lie is the first mismatch named, and an aborted audit reads no further page.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FairnessItemsResponse } from '../../../server/routes/fairness.schemas.ts';
import { gameArb } from '../../../test/support/tree-v2-games.ts';
import { fakeTreeV2Game, KEY, sampleGame, type FakeTreeV2Game } from '../../../test/support/tree-v2-fake-game.ts';
import {
  auditGame,
  checkWinner,
  verifyInclusion,
  verifyWinnerProof,
  type AuditProgress,
  type FetchItemsPage,
} from './tree-v2-check.ts';

/** The items pages straight from the reference's items (the page tests go through a real fake API instead). */
const pagesOf =
  (game: Pick<FakeTreeV2Game, 'items'>): FetchItemsPage =>
  async (from, count): Promise<FairnessItemsResponse> => ({
    gameDate: KEY,
    from,
    items: game.items.slice(from, from + count),
  });

describe('the browser’s tree version 2 checks', () => {
  it('pass every honest game of the reference: winner proof, every inclusion proof and the full audit', async () => {
    await fc.assert(
      fc.asyncProperty(
        gameArb(fc.oneof(fc.constantFrom(0, 1, 2, 3, 5, 8, 17, 33, 64, 65), fc.integer({ min: 0, max: 150 }))),
        fc.integer({ min: 1, max: 40 }),
        async (raw, pageSize) => {
          const game = fakeTreeV2Game(raw, pageSize);
          const { summary, items, winnerProof } = game;
          expect(await verifyWinnerProof(summary, winnerProof, items.slice(0, winnerProof.count))).toEqual({
            ok: true,
          });
          for (const item of items) {
            const proof = game.proofOf(item.leaf);
            if (proof === null) throw new Error('the reference has no proof');
            expect(await verifyInclusion(summary, item, proof)).toEqual({ ok: true });
          }
          const progress: AuditProgress[] = [];
          expect(await auditGame(summary, pagesOf(game), (p) => progress.push(p))).toEqual({ ok: true });
          expect(progress.at(-1)).toEqual({ done: items.length, total: items.length });
        },
      ),
      { numRuns: 25 },
    );
  });

  it('names a proof whose steps do not fit the item’s position, and a sibling whose interval does not fit', async () => {
    const game = sampleGame(21);
    const item = game.items[9];
    const proof = item && game.proofOf(item.leaf);
    if (!item || !proof) throw new Error('no item 9');
    const flipped = proof.path.map((step, i) =>
      i === 1 ? { ...step, side: step.side === 'left' ? ('right' as const) : ('left' as const) } : step,
    );
    expect(await verifyInclusion(game.summary, item, { ...proof, path: flipped })).toEqual({
      ok: false,
      mismatch: { code: 'proof-shape', index: 9, size: 21 },
    });
    expect(await verifyInclusion(game.summary, item, { ...proof, index: 10 })).toEqual({
      ok: false,
      mismatch: { code: 'proof-shape', index: 10, size: 21 },
    });
    const [first, ...rest] = proof.path;
    if (!first) throw new Error('no step');
    // The sibling is made to claim numbers on the wrong side of the item's.
    const wrongSide = first.side === 'left' ? { ...first, hi: item.number + 1 } : { ...first, lo: item.number - 1 };
    expect(await verifyInclusion(game.summary, item, { ...proof, path: [wrongSide, ...rest] })).toEqual({
      ok: false,
      mismatch: { code: 'interval', lo: wrongSide.lo, hi: wrongSide.hi },
    });
    expect(await verifyInclusion(game.summary, item, { ...proof, size: 22 })).toEqual({
      ok: false,
      mismatch: { code: 'proof-size', proofSize: 22, size: 21 },
    });
  });

  it('refuses a winner proof that announces more items than the game has, before reading any', async () => {
    const game = sampleGame(30);
    const asked: number[] = [];
    const fetchPage: FetchItemsPage = (from, count) => {
      asked.push(from);
      return pagesOf(game)(from, count);
    };
    const check = await checkWinner(game.summary, { ...game.winnerProof, count: 31 }, fetchPage);
    expect(check).toEqual({ ok: false, mismatch: { code: 'count', announced: 31, read: 0, size: 30 } });
    expect(asked).toEqual([]);
  });

  it('refuses a winner proof that stops before the first item above the bound, or runs past it', async () => {
    const game = sampleGame(300);
    const { winnerProof: proof, items, summary } = game;
    const lastBelow = items[proof.count - 2];
    if (!lastBelow || (items[proof.count - 1]?.number ?? 0) <= proof.bound)
      throw new Error('the proof should end on the first item above the bound');
    expect(
      await verifyWinnerProof(summary, { ...proof, count: proof.count - 1 }, items.slice(0, proof.count - 1)),
    ).toEqual({
      ok: false,
      mismatch: { code: 'stops-short', number: lastBelow.number, bound: proof.bound },
    });
    const extra = items[proof.count];
    if (!extra) throw new Error('no item after the proof');
    expect(
      await verifyWinnerProof(summary, { ...proof, count: proof.count + 1 }, items.slice(0, proof.count + 1)),
    ).toEqual({
      ok: false,
      mismatch: { code: 'past-bound', kind: extra.kind, id: extra.id, number: extra.number, bound: proof.bound },
    });
  });

  it('finds in the full audit an item left out, one out of order, and a wrong total', async () => {
    const game = sampleGame(50, 16);
    const none = () => undefined;
    const dropped = { ...game, items: [...game.items.slice(0, 20), ...game.items.slice(21)] };
    expect(await auditGame(game.summary, pagesOf(dropped), none)).toEqual({
      ok: false,
      mismatch: { code: 'page', from: 48, asked: 2, got: 1, answeredFrom: 48 },
    });
    const [a, b] = [game.items[30], game.items[31]];
    if (!a || !b) throw new Error('no items');
    const swapped = { items: game.items.map((item, i) => (i === 30 ? b : i === 31 ? a : item)) };
    expect(await auditGame(game.summary, pagesOf(swapped), none)).toEqual({
      ok: false,
      mismatch: { code: 'order', kind: a.kind, id: a.id, number: a.number, previousNumber: b.number },
    });
    const wrongTotals = {
      ...game.summary,
      entriesTotal: game.summary.entriesTotal - 1,
      minesTotal: game.summary.minesTotal + 1,
    };
    expect(await auditGame(wrongTotals, pagesOf(game), none)).toEqual({
      ok: false,
      mismatch: {
        code: 'totals',
        entries: game.summary.entriesTotal,
        mines: game.summary.minesTotal,
        publishedEntries: wrongTotals.entriesTotal,
        publishedMines: wrongTotals.minesTotal,
      },
    });
  });

  it('stops when aborted: answers null and asks for no page once aborted, though it asks ahead while it checks', async () => {
    const game = sampleGame(100, 10);
    const controller = new AbortController();
    const asked: number[] = [];
    const fetchPage: FetchItemsPage = async (from, count) => {
      asked.push(from);
      if (from === 40) controller.abort();
      return pagesOf(game)(from, count);
    };
    expect(await auditGame(game.summary, fetchPage, () => undefined, controller.signal)).toBeNull();
    expect(asked.at(-1)).toBe(40);
    expect(asked).toEqual([0, 10, 20, 30, 40]);
  });

  it('asks for the next pages while it checks one, and reads them in order', async () => {
    const game = sampleGame(60, 10);
    const asked: number[] = [];
    const answers: (() => void)[] = [];
    // Each page answers only when the test lets it: what is asked before page 0 answers is asked ahead.
    const fetchPage: FetchItemsPage = (from, count) => {
      asked.push(from);
      return new Promise((resolve) => answers.push(() => resolve(pagesOf(game)(from, count))));
    };
    const progress: AuditProgress[] = [];
    const audit = auditGame(game.summary, fetchPage, (p) => progress.push(p));
    await expect.poll(() => asked).toEqual([0, 10, 20]);
    for (let i = 0; i < 6; i += 1) {
      await expect.poll(() => answers.length).toBeGreaterThan(i);
      answers[i]?.();
    }
    expect(await audit).toEqual({ ok: true });
    expect(asked).toEqual([0, 10, 20, 30, 40, 50]);
    expect(progress.map((p) => p.done)).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });
});
