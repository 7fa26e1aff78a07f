// GET /api/fairness/{gameKey} and the receipts of POST /api/entry, GET /api/entry/mine and the Mine
// reward (DESIGN.md §16), over HTTP.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyEntriesResponse, SubmitEntryResponse } from '../../server/routes/entry.schemas.ts';
import type { FairnessRecordResponse, FairnessKeysResponse } from '../../server/routes/fairness.schemas.ts';
import type { UseMineResponse } from '../../server/routes/gameplay.schemas.ts';
import type { MeResponse } from '../../server/routes/me.schemas.ts';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { nodeEd25519 } from '../../adapters/crypto/ed25519.ts';
import { entryLeaf, mineLeaf } from '../../core/fairness/hashes.ts';
import { rootByLevels } from '../../core/fairness/root.ts';
import { earnRewards } from '../../core/rewards/earn.ts';
import { commitRoot } from '../../core/fairness/fairness.ts';
import { getFairnessRecord, isTreeV2 } from '../../web/features/verify/api/get-fairness-record.ts';
import {
  receiptIncluded as webReceiptIncluded,
  verifyFairnessRecord,
} from '../../web/features/verify/fairness-check.ts';
import { closeToday, json, makeHarness, ORIGIN } from './harness.ts';

const KEY = '2026-11-20';

/** Ann picks 4, Bob 4 and (bonus-less) nothing else, Cat 9; Cat lays a mine on 12. */
const played = async () => {
  const h = await makeHarness();
  const ann = await h.signIn('ann@example.com', 'Ann');
  const bob = await h.signIn('bob@example.com', 'Bob');
  const cat = await h.signIn('cat@example.com', 'Cat');
  const catId = (await json<MeResponse>(await h.request('GET', '/api/me', { cookie: cat }))).id;
  await h.deps.store.write((repos) => earnRewards(repos, h.deps.random, 'mine', [catId], h.clock.now(), null));
  const receipts = [];
  for (const [cookie, number] of [
    [ann, 4],
    [bob, 4],
    [cat, 9],
  ] as const) {
    const res = await h.request('POST', '/api/entry', { cookie, json: { number } });
    expect(res.status).toBe(201);
    receipts.push((await json<SubmitEntryResponse>(res)).receipt);
  }
  const mineRes = await h.request('POST', '/api/gameplay/use-mine', { cookie: cat, json: { number: 12 } });
  expect(mineRes.status).toBe(200);
  const mine = (await json<UseMineResponse>(mineRes)).receipt;
  return { h, ann, bob, cat, receipts, mine };
};

/** Turns the closed game into one closed before tree version 2: its version 1 root in place of the tree. */
const asVersion1 = (h: Awaited<ReturnType<typeof makeHarness>>) =>
  h.deps.store.write((r) => commitRoot(r, nodeDigest, KEY));

describe('receipts', () => {
  it('POST /api/entry, GET /api/entry/mine and the Mine result carry gameDate, id, number, salt, leaf and the signature', async () => {
    const { h, cat, receipts, mine } = await played();
    const keysRes = await h.request('GET', '/api/fairness/keys');
    expect(keysRes.status).toBe(200);
    expect(keysRes.headers.get('cache-control')).toBe('public, max-age=60');
    const keys = await json<FairnessKeysResponse>(keysRes);
    expect(keys).toEqual([
      {
        keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
        publicKey: expect.any(String),
        from: expect.any(String),
        until: null,
      },
    ]);
    const [key] = keys;
    for (const r of receipts) {
      expect(Object.keys(r).sort()).toEqual([
        'entryId',
        'gameDate',
        'keyId',
        'leaf',
        'number',
        'salt',
        'sig',
        'signedAt',
      ]);
      expect(r.gameDate).toBe(KEY);
      expect(r.leaf).toBe(entryLeaf(nodeDigest, KEY, r.entryId, r.number, r.salt));
      expect(r.keyId).toBe(key?.keyId);
      const text = `lowest-unique/v1/receipt|${KEY}|${r.entryId}|${String(r.number)}|${r.salt}|${r.leaf}|${r.signedAt ?? ''}`;
      expect(nodeEd25519.verify(key?.publicKey ?? '', text, r.sig ?? '')).toBe(true);
    }
    expect(mine).toMatchObject({ gameDate: KEY, number: 12, keyId: key?.keyId });
    expect(mine.leaf).toBe(mineLeaf(nodeDigest, KEY, mine.mineId, 12, mine.salt));
    const mineText = `lowest-unique/v1/mine-receipt|${KEY}|${mine.mineId}|12|${mine.salt}|${mine.leaf}|${mine.signedAt ?? ''}`;
    expect(nodeEd25519.verify(key?.publicKey ?? '', mineText, mine.sig ?? '')).toBe(true);
    const listed = await json<MyEntriesResponse>(await h.request('GET', '/api/entry/mine', { cookie: cat }));
    expect(listed.entries).toEqual([expect.objectContaining({ id: receipts[2]?.entryId, ...receipts[2] })]);
  });
});

describe('GET /api/fairness/{gameKey}', () => {
  it('says only that the game is open while it is, to anyone', async () => {
    const { h } = await played();
    const res = await h.request('GET', `/api/fairness/${KEY}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ gameDate: KEY, status: 'open' });
  });

  it('is 404 for a game that does not exist and 400 for a malformed key, naming it', async () => {
    const { request } = await makeHarness();
    expect((await request('GET', '/api/fairness/2026-10-01')).status).toBe(404);
    const bad = await request('GET', '/api/fairness/yesterday');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toMatch(/date/i);
  });

  it('publishes the record of a game of version 1: root, result, entries and mines sorted by leaf, and no player data', async () => {
    const { h, receipts, mine } = await played();
    await closeToday(h);
    await asVersion1(h);
    const res = await h.request('GET', `/api/fairness/${KEY}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/ann|bob|cat|example\.com|userId|email/i);
    const record = JSON.parse(text) as FairnessRecordResponse;
    if (record.status !== 'closed') throw new Error('expected closed');
    const leaves = [...receipts.map((r) => r.leaf), mine.leaf].sort();
    expect(record).toEqual({
      gameDate: KEY,
      status: 'closed',
      closedAt: '2026-11-21T00:00:01.000Z',
      root: rootByLevels(nodeDigest, KEY, leaves),
      entriesTotal: 3,
      winningNumber: 9,
      secondPlaceNumber: null,
      entries: receipts
        .map(({ entryId, number, salt, leaf }) => ({ entryId, number, salt, leaf }))
        .sort((a, b) => (a.leaf < b.leaf ? -1 : 1)),
      mines: [{ mineId: mine.mineId, number: 12, salt: mine.salt, leaf: mine.leaf }],
    });
  });

  it('does not change when players delete their accounts after the close', async () => {
    const { h, ann, cat } = await played();
    await closeToday(h);
    const before = await (await h.request('GET', `/api/fairness/${KEY}`)).text();
    for (const cookie of [ann, cat]) expect((await h.request('DELETE', '/api/profile', { cookie })).status).toBe(200);
    expect(await (await h.request('GET', `/api/fairness/${KEY}`)).text()).toBe(before);
  });
});

describe('the verify page’s fetcher and check against the real app', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('the browser implementation verifies what the server committed to in version 1, and finds every receipt', async () => {
    const { h, receipts, mine } = await played();
    await closeToday(h);
    await asVersion1(h);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      h.fetchChecked(new URL(String(input), ORIGIN).toString(), init),
    );
    const record = await getFairnessRecord(KEY);
    if (record.status !== 'closed' || isTreeV2(record)) throw new Error('expected a closed record of tree version 1');
    expect(await verifyFairnessRecord(record)).toEqual({ verified: true, root: record.root });
    for (const r of receipts)
      expect(await webReceiptIncluded(record, { ...r, id: r.entryId, kind: 'entry' })).toBe(true);
    expect(await webReceiptIncluded(record, { ...mine, id: mine.mineId, kind: 'mine' })).toBe(true);
  });
});
