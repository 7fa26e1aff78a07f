// A large close's root folded on a worker thread (store.ts, root-fold-worker.ts): from inside the close's write
// unit, the worker reads the game's leaves through its own connection and folds them exactly as core does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGame } from '../../core/game/close.ts';
import { rootByLevels } from '../../core/fairness/root.ts';
import { makeDeps } from '../../test/support/fakes.ts';
import { entry, game, mine, newUser } from '../../test/contract/fixtures.ts';
import { nodeDigest } from '../crypto/node-digest.ts';
import { createSqliteStore, type SqliteStore } from './store.ts';

const stores: SqliteStore[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const open = async (options: { foldInWorkerFrom?: number } = {}, file = true): Promise<SqliteStore> => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-fold-'));
  dirs.push(dir);
  const store = await createSqliteStore(file ? join(dir, 'fold.db') : ':memory:', options);
  stores.push(store);
  return store;
};

/** A game of `players` entries and two mines; returns its sorted leaves. */
const seed = async (store: SqliteStore, key: string, players: number): Promise<string[]> =>
  store.write(async (r) => {
    await r.games.create(game(key));
    const leaves: string[] = [];
    for (let i = 0; i < players; i += 1) {
      await r.users.create(newUser(`p${i}`));
      const e = entry(key, `p${i}`, (i % 7) + 1);
      await r.entries.add(e);
      leaves.push(e.leaf);
    }
    for (const m of [mine(key, 'p0', 20), mine(key, 'p1', 21)]) {
      await r.mines.place(m);
      leaves.push(m.leaf);
    }
    return leaves.sort();
  });

describe('the root folded on a worker', () => {
  it('folds, from inside a write unit, the leaves core would fold', async () => {
    const store = await open({ foldInWorkerFrom: 1 });
    const leaves = await seed(store, '2026-11-20', 30);
    const folded = await store.write((r) => r.fairness.rootBeside('2026-11-20', 30));
    expect(folded).toEqual({ root: rootByLevels(nodeDigest, '2026-11-20', leaves), leaves: leaves.length });
  });

  it('is what the close stores for a game at the threshold', async () => {
    const store = await open({ foldInWorkerFrom: 10 });
    const leaves = await seed(store, '2026-11-20', 12);
    expect((await closeGame({ ...makeDeps(), store, digest: nodeDigest }, '2026-11-20')).closedNow).toBe(true);
    expect(await store.read((r) => r.fairness.storedRoot('2026-11-20'))).toEqual({ root: rootByLevels(nodeDigest, '2026-11-20', leaves), reason: null });
  });

  it('gives way to the fold in the unit when earlier units of its batch wrote what the worker cannot see', async () => {
    const store = await open({ foldInWorkerFrom: 1 });
    const leaves = await seed(store, '2026-11-20', 12);
    // A submit still running when the close is queued: both share one transaction (group commit), and the
    // submit's entry is not committed when the close folds the root.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const late = entry('2026-11-20', 'late', 99);
    const submitting = store.write(async (r) => {
      await gate;
      await r.users.create(newUser('late'));
      await r.entries.add(late);
    });
    const closing = closeGame({ ...makeDeps(), store, digest: nodeDigest }, '2026-11-20');
    release();
    await submitting;
    expect((await closing).closedNow).toBe(true);
    const all = [...leaves, late.leaf].sort();
    expect(await store.read((r) => r.fairness.storedRoot('2026-11-20'))).toEqual({ root: rootByLevels(nodeDigest, '2026-11-20', all), reason: null });
  });

  it('is not used below the threshold, nor for an in-memory database', async () => {
    const small = await open();
    await seed(small, '2026-11-20', 3);
    expect(await small.write((r) => r.fairness.rootBeside('2026-11-20', 3))).toBeNull();
    const memory = await open({ foldInWorkerFrom: 1 }, false);
    await seed(memory, '2026-11-20', 3);
    expect(await memory.write((r) => r.fairness.rootBeside('2026-11-20', 3))).toBeNull();
  });
});
