// The tree version 2 calls of DESIGN.md §16 over HTTP: the summary, items pages, inclusion proofs, the winner proof,
// the neighbours that prove a leaf absent and a player's receipts; each answer checked by core's verifiers against the
// summary, cached as immutable and revalidated by ETag; bad input named, unknown games and leaves 404.
import { describe, expect, it } from 'vitest';
import type { SubmitEntryResponse } from '../../server/routes/entry.schemas.ts';
import type {
  FairnessItemsResponse,
  FairnessSummaryV2,
  GameReceiptsResponse,
  InclusionProofResponse,
  NeighboursResponse,
  WinnerProofResponse,
} from '../../server/routes/fairness.schemas.ts';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { commitRoot } from '../../core/fairness/fairness.ts';
import { entryLeaf } from '../../core/fairness/hashes.ts';
import { commitTree, ITEMS_PAGE_SIZE } from '../../core/fairness/tree-v2-record.ts';
import { checkAbsence, verifyInclusion, verifyWinnerProof } from '../../core/fairness/tree-v2-proofs.ts';
import { closeToday, json, makeHarness } from './harness.ts';

const KEY = '2026-11-20';

/** Five players pick 4, 4, 9, 2 and 30; the game closes and its tree of version 2 is stored. */
const closedWithTree = async () => {
  const h = await makeHarness();
  const players = [];
  const receipts: SubmitEntryResponse['receipt'][] = [];
  for (const [i, number] of [4, 4, 9, 2, 30].entries()) {
    const cookie = await h.signIn(`p${String(i)}@example.com`, `P${String(i)}`);
    const res = await h.request('POST', '/api/entry', { cookie, json: { number } });
    expect(res.status).toBe(201);
    players.push(cookie);
    receipts.push((await json<SubmitEntryResponse>(res)).receipt);
  }
  await closeToday(h);
  const stats = await h.deps.store.read((r) => r.games.stats(KEY));
  await h.deps.store.write((r) =>
    commitTree(r, nodeDigest, KEY, stats?.snapshot ?? { winningNumber: null, secondPlaceNumber: null }),
  );
  return { h, players, receipts };
};

const summaryOf = async (h: Awaited<ReturnType<typeof makeHarness>>): Promise<FairnessSummaryV2> => {
  const res = await h.request('GET', `/api/fairness/${KEY}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toMatch(/immutable/);
  return json<FairnessSummaryV2>(res);
};

describe('a game closed with tree version 2', () => {
  it('publishes the summary without items, and pages of items in tree order', async () => {
    const { h } = await closedWithTree();
    const summary = await summaryOf(h);
    expect(summary).toMatchObject({
      gameDate: KEY,
      status: 'closed',
      treeVersion: 2,
      size: 5,
      lo: 2,
      hi: 30,
      entriesTotal: 5,
      minesTotal: 0,
      winningNumber: 2,
      secondPlaceNumber: 9,
      pageSize: ITEMS_PAGE_SIZE,
    });
    expect(summary).not.toHaveProperty('entries');
    const all = await json<FairnessItemsResponse>(await h.request('GET', `/api/fairness/${KEY}/items`));
    expect(all.items.map((i) => i.number)).toEqual([2, 4, 4, 9, 30]);
    expect(JSON.stringify(all)).not.toMatch(/example\.com|"P\d"/);
    const page = await json<FairnessItemsResponse>(await h.request('GET', `/api/fairness/${KEY}/items?from=1&count=2`));
    expect(page).toEqual({ gameDate: KEY, from: 1, items: all.items.slice(1, 3) });
    expect(
      (await json<FairnessItemsResponse>(await h.request('GET', `/api/fairness/${KEY}/items?from=5`))).items,
    ).toEqual([]);
  });

  it('answers an inclusion proof for every item that verifies against the root, and 404 for an unknown leaf', async () => {
    const { h, receipts } = await closedWithTree();
    const summary = await summaryOf(h);
    for (const r of receipts) {
      const res = await h.request('GET', `/api/fairness/${KEY}/proof/${r.leaf}`);
      expect(res.status).toBe(200);
      const proof = await json<InclusionProofResponse>(res);
      expect(
        verifyInclusion(nodeDigest, { leaf: r.leaf, number: r.number }, proof, {
          root: summary.root,
          size: summary.size,
          lo: summary.lo,
          hi: summary.hi,
        }),
      ).toEqual({ ok: true });
    }
    const unknown = await h.request('GET', `/api/fairness/${KEY}/proof/${'0'.repeat(64)}`);
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers the winner proof, which proves the published winner and runner-up from the first items', async () => {
    const { h } = await closedWithTree();
    const summary = await summaryOf(h);
    const proof = await json<WinnerProofResponse>(await h.request('GET', `/api/fairness/${KEY}/winner-proof`));
    const items = (
      await json<FairnessItemsResponse>(
        await h.request('GET', `/api/fairness/${KEY}/items?count=${String(proof.count)}`),
      )
    ).items;
    expect(proof.bound).toBe(9);
    expect(verifyWinnerProof(nodeDigest, { ...summary, gameKey: KEY }, proof, items)).toEqual({ ok: true });
  });

  it('revalidates by ETag: the same page again is 304 without a body', async () => {
    const { h } = await closedWithTree();
    const first = await h.request('GET', `/api/fairness/${KEY}/items?from=0&count=3`);
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    expect(first.headers.get('cache-control')).toMatch(/max-age=31536000, immutable/);
    const again = await h.request('GET', `/api/fairness/${KEY}/items?from=0&count=3`, {
      headers: { 'If-None-Match': tag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toMatch(/max-age=31536000, immutable/);
    // Another range is another page: its own tag, and the first tag does not revalidate it.
    const other = await h.request('GET', `/api/fairness/${KEY}/items?from=1&count=3`, {
      headers: { 'If-None-Match': tag ?? '' },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(tag);
  });

  it('refuses a bad from or count with 400 naming the field, and a game without a version 2 tree with 404', async () => {
    const { h } = await closedWithTree();
    for (const [query, field] of [
      ['from=-1', 'from'],
      ['from=x', 'from'],
      ['count=0', 'count'],
      [`count=${String(ITEMS_PAGE_SIZE + 1)}`, 'count'],
    ] as const) {
      const res = await h.request('GET', `/api/fairness/${KEY}/items?${query}`);
      expect(res.status).toBe(400);
      expect((await json<{ error: string; code: string }>(res)).error).toMatch(new RegExp(`^${field} `));
    }
    for (const path of [
      '/api/fairness/2026-11-21/items',
      '/api/fairness/2026-11-21/winner-proof',
      `/api/fairness/2026-11-19/proof/${'a'.repeat(64)}`,
    ]) {
      expect((await h.request('GET', path)).status).toBe(404);
    }
  });

  it("gives a signed-in player their own receipts of the game, and nobody else's; 401 signed out", async () => {
    const { h, players, receipts } = await closedWithTree();
    const mine = await json<GameReceiptsResponse>(
      await h.request('GET', `/api/fairness/${KEY}/receipts`, { cookie: players[2] }),
    );
    expect(mine).toEqual({ entries: [receipts[2]], mines: [] });
    expect((await h.request('GET', `/api/fairness/${KEY}/receipts`)).status).toBe(401);
  });
});

/** A receipt the game never held: an entry `ghost` on `number`, its leaf computed as the server would have. */
const ghost = (number: number, gameDate = KEY) => {
  const salt = '5a'.repeat(16);
  return { gameDate, entryId: 'ghost', number, salt, leaf: entryLeaf(nodeDigest, gameDate, 'ghost', number, salt) };
};

const neighboursOf = async (
  h: Awaited<ReturnType<typeof makeHarness>>,
  number: number,
  leaf: string,
  gameKey = KEY,
): Promise<NeighboursResponse> => {
  const res = await h.request('GET', `/api/fairness/${gameKey}/neighbours?number=${String(number)}&leaf=${leaf}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toMatch(/max-age=31536000, immutable/);
  expect(res.headers.get('etag')).toBeTruthy();
  return json<NeighboursResponse>(res);
};

describe('GET /api/fairness/{gameKey}/neighbours', () => {
  it('gives the items around a leaf the game never held, which prove it absent: before all, between two, after all', async () => {
    const { h } = await closedWithTree();
    const summary = { ...(await summaryOf(h)), gameKey: KEY };
    const all = (await json<FairnessItemsResponse>(await h.request('GET', `/api/fairness/${KEY}/items`))).items;
    for (const [number, left, right] of [
      [1, null, 0],
      [5, 2, 3],
      [20, 3, 4],
      [31, 4, null],
    ] as const) {
      const receipt = ghost(number);
      const answer = await neighboursOf(h, number, receipt.leaf);
      expect(answer.size).toBe(5);
      expect(answer.left?.item ?? null).toEqual(left === null ? null : all[left]);
      expect(answer.right?.item ?? null).toEqual(right === null ? null : all[right]);
      expect(answer.left?.proof.index ?? null).toBe(left);
      expect(answer.right?.proof.index ?? null).toBe(right);
      expect(checkAbsence(nodeDigest, summary, receipt, answer)).toEqual({ ok: true });
    }
    // Between the two picks of 4, or before or after both: the leaf decides, and the neighbours still prove it.
    const four = ghost(4);
    const answer = await neighboursOf(h, 4, four.leaf);
    expect((answer.right?.proof.index ?? 5) - (answer.left?.proof.index ?? -1)).toBe(1);
    expect(checkAbsence(nodeDigest, summary, four, answer)).toEqual({ ok: true });
  });

  it('gives the items on either side of a leaf the game holds, which do not prove it absent', async () => {
    const { h, receipts } = await closedWithTree();
    const summary = { ...(await summaryOf(h)), gameKey: KEY };
    const nine = receipts[2] as SubmitEntryResponse['receipt'];
    const answer = await neighboursOf(h, nine.number, nine.leaf);
    expect([answer.left?.proof.index, answer.right?.proof.index]).toEqual([2, 4]);
    expect(answer.left?.item.number).toBe(4);
    expect(answer.right?.item.number).toBe(30);
    const check = checkAbsence(nodeDigest, summary, nine, answer);
    expect(check.ok ? null : check.mismatch.field).toBe('adjacent');
  });

  it('gives no neighbour in a game closed without picks, whose empty root proves every leaf absent', async () => {
    const h = await makeHarness();
    expect((await h.request('GET', '/api/game/today')).status).toBe(200);
    await closeToday(h);
    const summary = { ...(await summaryOf(h)), gameKey: KEY };
    expect(summary.size).toBe(0);
    const receipt = ghost(3);
    const answer = await neighboursOf(h, 3, receipt.leaf);
    expect(answer).toEqual({ size: 0, left: null, right: null });
    expect(checkAbsence(nodeDigest, summary, receipt, answer)).toEqual({ ok: true });
  });

  it('refuses a bad number or leaf with 400 naming the field; 404 for an open, unknown or version 1 game', async () => {
    const { h } = await closedWithTree();
    const leaf = 'a'.repeat(64);
    for (const [query, field] of [
      [`number=x&leaf=${leaf}`, 'number'],
      [`number=-1&leaf=${leaf}`, 'number'],
      [`number=1.5&leaf=${leaf}`, 'number'],
      [`leaf=${leaf}`, 'number'],
      ['number=3', 'leaf'],
      ['number=3&leaf=abc', 'leaf'],
      [`number=3&leaf=${'A'.repeat(64)}`, 'leaf'],
    ] as const) {
      const res = await h.request('GET', `/api/fairness/${KEY}/neighbours?${query}`);
      expect(res.status).toBe(400);
      expect(await json<{ error: string; code: string }>(res)).toMatchObject({
        code: 'VALIDATION',
        error: expect.stringMatching(new RegExp(`^${field} `)) as unknown,
      });
    }
    // The next game is open; one long before never existed.
    for (const gameKey of ['2026-11-21', '2026-10-01']) {
      const res = await h.request('GET', `/api/fairness/${gameKey}/neighbours?number=3&leaf=${leaf}`);
      expect(res.status).toBe(404);
      expect(await json(res)).toMatchObject({ code: 'NOT_FOUND' });
    }
    const v1 = await makeHarness();
    expect((await v1.request('GET', '/api/game/today')).status).toBe(200);
    await closeToday(v1);
    await v1.deps.store.write((r) => commitRoot(r, nodeDigest, KEY));
    expect((await v1.request('GET', `/api/fairness/${KEY}/neighbours?number=3&leaf=${leaf}`)).status).toBe(404);
  });
});
