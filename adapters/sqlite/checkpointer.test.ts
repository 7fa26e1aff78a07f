// WAL checkpoints on a worker (checkpointer.ts): the writer's auto-checkpoint is off while the worker runs, the
// worker moves the WAL's pages into the database file, and the writer takes the checkpoints back if it stops.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newUser } from '../../test/contract/fixtures.ts';
import { startCheckpointer } from './checkpointer.ts';
import { createSqliteStore } from './store.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-checkpoint-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the checkpointer', () => {
  it('moves the written pages into the database file while the writer does not checkpoint', async () => {
    const file = join(tempDir(), 'c.db');
    const store = await createSqliteStore(file);
    const before = statSync(file).size;
    for (let batch = 0; batch < 5; batch += 1) {
      await store.write(async (r) => {
        for (let i = 0; i < 200; i += 1) await r.users.create(newUser(`u${batch}-${i}`));
      });
    }
    const pragma = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(store.db)).rows[0];
    expect(pragma?.wal_autocheckpoint).toBe(0);
    // Only a checkpoint grows the database file: the writes went to the WAL.
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before), { timeout: 5_000, interval: 20 });
    await store.close();
  });

  it('tells its owner when it stops by itself, and not when it is stopped', async () => {
    const failed = await new Promise<boolean>((resolve) => {
      startCheckpointer(join(tempDir(), 'missing', 'x.db'), { onFailure: () => resolve(true) });
    });
    expect(failed).toBe(true);

    const file = join(tempDir(), 'ok.db');
    const store = await createSqliteStore(file);
    await store.write((r) => r.users.create(newUser('u1')));
    let calls = 0;
    const checkpointer = startCheckpointer(file, { everyMs: 5, onFailure: () => (calls += 1) });
    await checkpointer.stop();
    expect(calls).toBe(0);
    await store.close();
  });
});
