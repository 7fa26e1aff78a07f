// Receipts at submission and at a mine, the root the close commits to, the published record, and the
// checks on it (DESIGN.md §16), over the memory store.
import { describe, expect, it } from 'vitest';
import { createUser, makeDeps, type TestDeps } from '../../test/support/fakes.ts';
import { deleteAccount } from '../accounts/profile.ts';
import { myEntries } from '../entries/my-entries.ts';
import { submitEntry } from '../entries/submit-entry.ts';
import { computeGame } from '../game/close.ts';
import { earnRewards } from '../rewards/earn.ts';
import { useMine } from '../rewards/use-rewards.ts';
import { commitRoot, fairnessRecord, verifyStoredGame } from './fairness.ts';
import { entryLeaf, mineLeaf } from './hashes.ts';
import { receiptIncluded, verifyRecord, type ClosedRecord } from './record.ts';
import { rootByLevels } from './root.ts';

const KEY = '2026-11-20';

/** ann 3, bob 5, cat 3 and 12, dan 12, a mine of eve on 12: the winner is 5. */
const playedGame = async (): Promise<{
  deps: TestDeps;
  receipts: Awaited<ReturnType<typeof submitEntry>>['receipt'][];
}> => {
  const deps = makeDeps();
  for (const id of ['ann', 'bob', 'cat', 'dan', 'eve']) await createUser(deps, { id });
  await deps.store.write((repos) => earnRewards(repos, deps.random, 'mine', ['eve'], deps.clock.now(), null));
  await deps.store.write((repos) =>
    repos.bonusEntries.grant({
      id: 'b1',
      userId: 'cat',
      sourceType: 'other',
      remainingEntries: 1,
      grantedAt: deps.clock.now().toISOString(),
      expiresAt: '2026-12-01T00:00:00.000Z',
      gameKey: null,
    }),
  );
  const receipts = [];
  for (const [userId, number] of [
    ['ann', 3],
    ['bob', 5],
    ['cat', 3],
    ['cat', 12],
    ['dan', 12],
  ] as const) {
    receipts.push((await submitEntry(deps, { userId, number })).receipt);
  }
  return { deps, receipts };
};

/** The game's record as a game closed before tree version 2 publishes it: its version 1 root in place of the tree. */
const closed = async (deps: TestDeps): Promise<ClosedRecord> => {
  await deps.store.write((r) => commitRoot(r, deps.digest, KEY));
  const record = await fairnessRecord(deps, KEY);
  if (record.status !== 'closed' || 'treeVersion' in record) throw new Error('expected a closed version 1 record');
  return record;
};

describe('receipts', () => {
  it('come with every submission and every entry of the play screen: a fresh salt and its leaf', async () => {
    const { deps, receipts } = await playedGame();
    const salts = new Set(receipts.map((r) => r.salt));
    expect(salts.size).toBe(5);
    for (const r of receipts) {
      expect(r.gameDate).toBe(KEY);
      expect(r.salt).toMatch(/^[0-9a-f]{32}$/);
      expect(r.leaf).toBe(entryLeaf(deps.digest, KEY, r.entryId, r.number, r.salt));
    }
    const cat = await myEntries(deps, 'cat');
    expect(
      cat.entries.map(({ gameDate, entryId, number, salt, leaf, signedAt, keyId, sig }) => ({
        gameDate,
        entryId,
        number,
        salt,
        leaf,
        signedAt,
        keyId,
        sig,
      })),
    ).toEqual(receipts.slice(2, 4));
  });

  it("come with a mine: its id, salt and leaf, kept in the reward's usage history", async () => {
    const { deps } = await playedGame();
    const { receipt } = await useMine(deps, { userId: 'eve', number: 12 });
    expect(receipt).toMatchObject({ gameDate: KEY, number: 12 });
    expect(receipt.leaf).toBe(mineLeaf(deps.digest, KEY, receipt.mineId, 12, receipt.salt));
  });
});

describe('the published record', () => {
  it('says only "open" while the game is open', async () => {
    const { deps } = await playedGame();
    expect(await fairnessRecord(deps, KEY)).toEqual({ gameDate: KEY, status: 'open' });
    await expect(fairnessRecord(deps, '2026-11-19')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(fairnessRecord(deps, 'soon')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('after the close: the stored root over every entry and mine, the result, and nothing about the players', async () => {
    const { deps, receipts } = await playedGame();
    const mine = (await useMine(deps, { userId: 'eve', number: 12 })).receipt;
    await computeGame(deps, KEY);
    const record = await closed(deps);
    expect(Object.keys(record).sort()).toEqual(
      [
        'closedAt',
        'entries',
        'entriesTotal',
        'gameDate',
        'mines',
        'root',
        'secondPlaceNumber',
        'status',
        'winningNumber',
      ].sort(),
    );
    expect(record).toMatchObject({
      gameDate: KEY,
      status: 'closed',
      entriesTotal: 5,
      winningNumber: 5,
      secondPlaceNumber: null,
    });
    expect(record.entries.map((e) => e.leaf)).toEqual(receipts.map((r) => r.leaf).sort());
    expect(record.mines).toEqual([{ mineId: mine.mineId, number: 12, salt: mine.salt, leaf: mine.leaf }]);
    expect(record.root).toBe(rootByLevels(deps.digest, KEY, [...receipts.map((r) => r.leaf), mine.leaf].sort()));
    expect(JSON.stringify(record)).not.toMatch(/ann|bob|cat|dan|eve|example\.test/);
    expect(verifyRecord(deps.digest, record)).toEqual({ ok: true, root: record.root });
    for (const r of [...receipts, mine]) expect(receiptIncluded(deps.digest, record, r)).toBe(true);
  });

  it('does not change when a player deletes their account after the close', async () => {
    const { deps } = await playedGame();
    await useMine(deps, { userId: 'eve', number: 12 });
    await computeGame(deps, KEY);
    const before = await closed(deps);
    for (const id of ['cat', 'eve']) expect(await deleteAccount(deps, id)).toEqual({ message: 'Account deleted' });
    expect(await closed(deps)).toEqual(before);
    expect((await verifyStoredGame(deps, KEY, null)).ok).toBe(true);
  });
});

describe('checking a record', () => {
  const tamper = async (change: (record: ClosedRecord) => ClosedRecord) => {
    const { deps } = await playedGame();
    await useMine(deps, { userId: 'eve', number: 12 });
    await computeGame(deps, KEY);
    const record = await closed(deps);
    return { deps, record, check: verifyRecord(deps.digest, change(structuredClone(record))) };
  };

  it('names the entry whose number was changed', async () => {
    const { record, check } = await tamper((r) => ({
      ...r,
      entries: r.entries.map((e, i) => (i === 1 ? { ...e, number: e.number + 1 } : e)),
    }));
    expect(check).toMatchObject({ ok: false, mismatch: { field: 'leaf', id: record.entries[1]?.entryId } });
  });

  it('names a dropped entry as a root mismatch, and a wrong winner or runner-up by field', async () => {
    expect((await tamper((r) => ({ ...r, entries: r.entries.slice(1), entriesTotal: 4 }))).check).toMatchObject({
      ok: false,
      mismatch: { field: 'root' },
    });
    expect((await tamper((r) => ({ ...r, mines: [] }))).check).toMatchObject({
      ok: false,
      mismatch: { field: 'root' },
    });
    expect((await tamper((r) => ({ ...r, winningNumber: 3 }))).check).toMatchObject({
      ok: false,
      mismatch: {
        field: 'winningNumber',
        computed: '5',
        published: '3',
        message: 'The entries give winning number 5, the record says 3.',
      },
    });
    expect((await tamper((r) => ({ ...r, secondPlaceNumber: 12 }))).check).toMatchObject({
      ok: false,
      mismatch: { field: 'secondPlaceNumber' },
    });
    expect((await tamper((r) => ({ ...r, entriesTotal: 6 }))).check).toMatchObject({
      ok: false,
      mismatch: { field: 'entriesTotal' },
    });
    expect((await tamper((r) => ({ ...r, entries: [...r.entries].reverse() }))).check).toMatchObject({
      ok: false,
      mismatch: { field: 'order' },
    });
  });

  it('finds a receipt only when its entry is in the record unchanged', async () => {
    const { deps, receipts } = await playedGame();
    await computeGame(deps, KEY);
    const record = await closed(deps);
    const [first] = receipts;
    if (!first) throw new Error('no receipt');
    expect(receiptIncluded(deps.digest, record, first)).toBe(true);
    expect(receiptIncluded(deps.digest, record, { ...first, number: first.number + 1 })).toBe(false);
    expect(receiptIncluded(deps.digest, record, { ...first, gameDate: '2026-11-21' })).toBe(false);
    const forged = {
      ...first,
      entryId: 'forged',
      leaf: entryLeaf(deps.digest, KEY, 'forged', first.number, first.salt),
    };
    expect(receiptIncluded(deps.digest, record, forged)).toBe(false);
    expect(await verifyStoredGame(deps, KEY, forged)).toMatchObject({ ok: false, receiptIncluded: false });
    expect(await verifyStoredGame(deps, KEY, first)).toMatchObject({
      ok: true,
      receiptIncluded: true,
      storedRoot: record.root,
      computedRoot: record.root,
      leaves: 5,
    });
  });
});
