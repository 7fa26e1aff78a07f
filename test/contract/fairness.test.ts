// Contract: salts and leaves stored with entries and mines, the leaves streamed in string order, the
// root the close stores and the published record, identical on memory, SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import fc from 'fast-check';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { deleteAccount } from '../../core/accounts/profile.ts';
import { commitRoot, fairnessRecord, verifyStoredGame } from '../../core/fairness/fairness.ts';
import { rootByLevels } from '../../core/fairness/root.ts';
import { treeV2Levels } from '../../core/fairness/tree-v2.ts';
import {
  buildStoredTree,
  commitTree,
  ITEMS_PAGE_SIZE,
  STORED_FROM_LEVEL,
  treeItemsPage,
  treeNeighbours,
  treeSummaryOf,
} from '../../core/fairness/tree-v2-record.ts';
import { entryLeaf } from '../../core/fairness/hashes.ts';
import { checkAbsence, verifyInclusion } from '../../core/fairness/tree-v2-proofs.ts';
import { threadTreeFolder } from '../../adapters/crypto/tree-fold-thread.ts';
import { closeGame } from '../../core/game/close.ts';
import type { Repositories } from '../../core/ports.ts';
import { makeDeps } from '../support/fakes.ts';
import { contract } from './harness.ts';
import { allPages, emptyStats, entry, game, mine, pagedFairness, seedUsers } from './fixtures.ts';

const KEY = '2026-11-20';

/** Six players' entries and two mines in the game, one entry in another game. */
const seed = async (r: Repositories): Promise<string[]> => {
  await seedUsers(r, 'u1', 'u2', 'u3', 'u4', 'u5', 'u6');
  await r.games.create(game(KEY, { closesAt: '2026-11-20T00:00:00.000Z' }));
  await r.games.create(game('2026-11-21'));
  const rows = [
    entry(KEY, 'u1', 3),
    entry(KEY, 'u2', 3),
    entry(KEY, 'u3', 8),
    entry(KEY, 'u4', 15),
    entry(KEY, 'u5', 21),
    entry(KEY, 'u1', 40, 'bonus'),
    entry('2026-11-21', 'u1', 2),
  ];
  for (const e of rows) await r.entries.add(e);
  const mines = [mine(KEY, 'u5', 15), mine(KEY, 'u6', 99)];
  for (const m of mines) await r.mines.place(m);
  return [...rows.slice(0, 6).map((e) => e.leaf), ...mines.map((m) => m.leaf)].sort();
};

contract('fairness', ({ store, adapter }) => {
  it('stores each entry with its salt and leaf', async () => {
    const e = entry(KEY, 'u1', 3);
    await store().write(async (r) => {
      await seedUsers(r, 'u1');
      await r.games.create(game(KEY));
      await r.entries.add(e);
    });
    expect(await store().read((r) => r.entries.forPlayer(KEY, 'u1'))).toEqual([e]);
  });

  it('streams the leaves of entries and mines together in string order, and of that game only', async () => {
    const expected = await store().write(seed);
    expect(await store().read((r) => allPages(r.fairness.sortedLeaves(KEY)))).toEqual(expected);
    expect(await store().read((r) => allPages(r.fairness.sortedLeaves('2026-11-22')))).toEqual([]);
    if (adapter !== 'memory') {
      // Pages of two: the keyset crosses page boundaries and merges the mines in between.
      expect(await allPages(pagedFairness(store(), adapter, 2).sortedLeaves(KEY))).toEqual(expected);
    }
  });

  it('stores the version 2 tree the close commits to; an open game has none', async () => {
    await store().write(seed);
    expect(await store().read((r) => r.fairness.storedRoot(KEY))).toBeNull();
    const deps = { ...makeDeps(), store: store() };
    deps.clock.set('2026-11-20T00:00:01.000Z');
    const outcome = await closeGame(deps, KEY);
    expect(outcome.closedNow).toBe(true);
    const items = await store().read((r) => r.fairness.treeItems(KEY, null, 0, 100));
    const { root } = treeV2Levels(nodeDigest, KEY, items);
    expect(await store().read((r) => r.fairness.storedRoot(KEY))).toEqual({ root: root.hash, reason: null });
    // A second close changes nothing.
    expect((await closeGame(deps, KEY)).closedNow).toBe(false);
    const record = await fairnessRecord(deps, KEY);
    expect(record).toEqual({
      gameDate: KEY,
      status: 'closed',
      closedAt: '2026-11-20T00:00:01.000Z',
      treeVersion: 2,
      root: root.hash,
      size: 8,
      lo: root.lo,
      hi: root.hi,
      entriesTotal: 6,
      minesTotal: 2,
      winningNumber: 8,
      secondPlaceNumber: 21,
      pageSize: ITEMS_PAGE_SIZE,
    });
    expect(await verifyStoredGame(deps, KEY, null)).toMatchObject({ ok: true, computedRoot: root.hash, leaves: 8 });
  });

  it("folds the close's tree on a thread as on this one, and lists a closed game without a tree until one is stored", async () => {
    await store().write(seed);
    const deps = { ...makeDeps(), store: store(), treeFolder: threadTreeFolder(1) };
    deps.clock.set('2026-11-20T00:00:01.000Z');
    await closeGame(deps, KEY);
    const stats = await store().read((r) => r.games.stats(KEY));
    const here = await store().read((r) =>
      buildStoredTree(r, nodeDigest, KEY, stats?.snapshot ?? { winningNumber: null, secondPlaceNumber: null }),
    );
    expect(await store().read((r) => r.fairness.treeSummary(KEY))).toEqual(here.summary);
    const later = '2026-11-30T00:00:00.000Z';
    expect(await store().read((r) => r.fairness.closedWithoutTree(later))).toEqual([]);

    // A game closed with its result but no tree (a close stopped between its two units), one of version 1, an open one.
    await store().write(async (r) => {
      for (const key of ['2026-11-17', '2026-11-18']) {
        await r.games.create(game(key));
        await r.games.markClosed(key, `${key}T23:00:00.000Z`, emptyStats(key));
      }
      await r.fairness.storeRoot('2026-11-18', nodeDigest.sha256Hex('a version 1 root'));
    });
    expect(await store().read((r) => r.fairness.closedWithoutTree(later))).toEqual(['2026-11-17']);
    // Only games closed before the instant given.
    expect(await store().read((r) => r.fairness.closedWithoutTree('2026-11-17T23:00:00.000Z'))).toEqual([]);
    await store().write((r) =>
      commitTree(r, nodeDigest, '2026-11-17', { winningNumber: null, secondPlaceNumber: null }),
    );
    expect(await store().read((r) => r.fairness.closedWithoutTree(later))).toEqual([]);
    expect((await store().read((r) => r.fairness.treeSummary('2026-11-17')))?.size).toBe(0);
  });

  it('answers every range of items as the slice of the whole list, however many parts a page is read in', async () => {
    await store().write(seed);
    const deps = { ...makeDeps(), store: store() };
    deps.clock.set('2026-11-20T00:00:01.000Z');
    await closeGame(deps, KEY);
    const all = await store().read((r) => r.fairness.treeItems(KEY, null, 0, 100));
    for (const part of [1, 3, 100]) {
      for (let from = 0; from <= all.length; from += 1) {
        for (const count of [1, 2, 5, ITEMS_PAGE_SIZE]) {
          expect(await (await treeItemsPage(deps, KEY, from, count, part)).read()).toEqual({
            gameDate: KEY,
            from,
            items: all.slice(from, from + count),
          });
        }
      }
    }
  });

  it('finds the neighbours of any key across the blocks a proof reads, each proven, and they prove a missing leaf absent', async () => {
    // Four picks of each number 1…150: 600 items, three blocks of 256, a block starting at the first pick of 65.
    const users = Array.from({ length: 600 }, (_, i) => `p${String(i)}`);
    await store().write(async (r) => {
      await seedUsers(r, ...users);
      await r.games.create(game(KEY, { closesAt: '2026-11-20T00:00:00.000Z' }));
      for (const [i, u] of users.entries()) await r.entries.add(entry(KEY, u, Math.floor(i / 4) + 1));
    });
    const deps = { ...makeDeps(), store: store() };
    deps.clock.set('2026-11-20T00:00:01.000Z');
    await closeGame(deps, KEY);
    const all = await store().read((r) => r.fairness.treeItems(KEY, null, 0, 1000));
    const stored = await treeSummaryOf(deps, KEY);
    const summary = { gameKey: KEY, ...stored };
    const block = 2 ** STORED_FROM_LEVEL;
    expect(all.length).toBe(600);
    expect(all[block]?.number).toBe(65);
    const expectAround = async (number: number, leaf: string, left: number | null, right: number | null) => {
      const answer = await treeNeighbours(deps, KEY, number, leaf);
      expect(answer.size).toBe(600);
      expect([answer.left?.proof.index ?? null, answer.right?.proof.index ?? null]).toEqual([left, right]);
      for (const [neighbour, index] of [
        [answer.left, left],
        [answer.right, right],
      ] as const) {
        if (neighbour === null || index === null) continue;
        expect(neighbour.item).toEqual(all[index]);
        expect(verifyInclusion(nodeDigest, neighbour.item, neighbour.proof, summary)).toEqual({ ok: true });
      }
    };
    // Keys in the gap before position i (between the last pick of a number and the first of the next).
    for (const i of [0, 4, block - 4, block, block + 4, 2 * block, 596]) {
      const number = all[i]?.number ?? 0;
      await expectAround(number, '0'.repeat(64), i === 0 ? null : i - 1, i);
      await expectAround(number - 1, 'f'.repeat(64), i === 0 ? null : i - 1, i);
    }
    await expectAround(151, '0'.repeat(64), 599, null);
    // Keys the game holds: on either side of them, across a block's edge too.
    for (const i of [0, block - 1, block, block + 1, 2 * block - 1, 2 * block, 599]) {
      const item = all[i];
      if (!item) throw new Error(`no item ${String(i)}`);
      await expectAround(item.number, item.leaf, i === 0 ? null : i - 1, i === 599 ? null : i + 1);
    }
    // A receipt the game never held, on the number whose run crosses the first block edge and on others.
    for (const number of [1, 64, 65, 128, 150]) {
      const salt = '5a'.repeat(16);
      const receipt = {
        gameDate: KEY,
        entryId: 'ghost',
        number,
        salt,
        leaf: entryLeaf(nodeDigest, KEY, 'ghost', number, salt),
      };
      const answer = await treeNeighbours(deps, KEY, number, receipt.leaf);
      expect(checkAbsence(nodeDigest, summary, receipt, answer)).toEqual({ ok: true });
    }
  });

  it('still publishes and verifies a game of version 1: every leaf sorted, the root over them, no player data', async () => {
    const leaves = await store().write(seed);
    const deps = { ...makeDeps(), store: store() };
    deps.clock.set('2026-11-20T00:00:01.000Z');
    await closeGame(deps, KEY);
    const root = await store().write((r) => commitRoot(r, nodeDigest, KEY));
    expect(root).toBe(rootByLevels(nodeDigest, KEY, leaves));
    const record = await fairnessRecord(deps, KEY);
    expect(record).toMatchObject({ status: 'closed', root, entriesTotal: 6, winningNumber: 8, secondPlaceNumber: 21 });
    if (record.status !== 'closed' || 'treeVersion' in record) throw new Error('expected a version 1 record');
    expect(record.entries.map((e) => e.leaf)).toEqual([...record.entries.map((e) => e.leaf)].sort());
    expect(record.mines.map((m) => m.number).sort()).toEqual([15, 99]);
    expect(JSON.stringify(record)).not.toMatch(/"u[1-6]"|example\.test|Player u/);
    expect(await verifyStoredGame(deps, KEY, null)).toMatchObject({ ok: true, computedRoot: root, leaves: 8 });
  });

  it('keeps a closed game’s record when its players delete their accounts', async () => {
    await store().write(seed);
    const deps = { ...makeDeps(), store: store() };
    deps.clock.set('2026-11-20T00:00:01.000Z');
    await closeGame(deps, KEY);
    const before = await fairnessRecord(deps, KEY);
    for (const id of ['u1', 'u5', 'u6']) expect(await deleteAccount(deps, id)).toEqual({ message: 'Account deleted' });
    expect(await fairnessRecord(deps, KEY)).toEqual(before);
    expect((await verifyStoredGame(deps, KEY, null)).ok).toBe(true);
  });

  it('commits to the same root as the definition on random games', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 12 }),
        fc.array(fc.integer({ min: 10, max: 30 }), { maxLength: 3 }),
        async (numbers, mined) => {
          run += 1;
          const key = `2026-11-20-${run + 1}`;
          const leaves = await store().write(async (r) => {
            if (run === 1) await seedUsers(r, ...Array.from({ length: 12 }, (_, i) => `p${i}`));
            await r.games.create(game('2026-11-20', { key, number: run + 1 }));
            const rows = numbers.map((n, i) => entry(key, `p${i}`, n));
            for (const e of rows) await r.entries.add(e);
            const mines = mined.map((n, i) => mine(key, `p${i}`, n));
            for (const m of mines) await r.mines.place(m);
            return [...rows.map((e) => e.leaf), ...mines.map((m) => m.leaf)].sort();
          });
          const root = await store().write((r) => commitRoot(r, nodeDigest, key));
          expect(root).toBe(rootByLevels(nodeDigest, key, leaves));
        },
      ),
      { numRuns: adapter === 'memory' ? 100 : 20 },
    );
  });
});
