// The checkpoint thread reports what fails (a file that is not a database fails every checkpoint, and each is heard),
// and holds the writes for a last pass once the WAL is long, so that the next write starts it over; a last pass slower
// than the hold's limit lets the writes go on without it.
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { type CheckpointError, startCheckpointer } from './checkpointer.ts';

/** A WAL database of one table in a folder of its own, which its own connection never checkpoints. */
const walDatabase = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-checkpointer-'));
  const file = join(dir, 'game.db');
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table t (v blob)');
  return { dir, file, db };
};

it('reports a checkpoint that failed, with SQLite code and message', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-checkpointer-'));
  const file = join(dir, 'not-a-database.db');
  writeFileSync(file, Buffer.alloc(8192, 7));
  try {
    let stop: () => Promise<void> = async () => undefined;
    const failure = await new Promise<CheckpointError>((resolve) => {
      stop = startCheckpointer(file, { onFailure: resolve, hold: (during) => during() }).stop;
    });
    await stop();
    expect({ name: failure.name, code: failure.code, message: failure.message }).toEqual({
      name: 'CheckpointError',
      code: 'SQLITE_NOTADB',
      message: 'file is not a database',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('holds the writes for a last pass once a pass leaves the WAL long, and the next write starts the WAL over', async () => {
  const { dir, file, db } = walDatabase();
  // The WAL file's frames (a 32-byte header, then a 24-byte header and a page each), read without a checkpoint.
  const walFrames = () => Math.floor((statSync(`${file}-wal`).size - 32) / (24 + 4096));
  let held: Promise<void> | null = null;
  const holds: number[] = [];
  const checkpointer = startCheckpointer(file, {
    onFailure: (error) => {
      throw error;
    },
    hold: (during) => {
      holds.push(walFrames());
      held = during();
      return held;
    },
    holdPages: 50,
    // From 50 pages on, the writes wait for the pass to end; below, not at all.
    patientPages: 50,
    holdMs: 0,
  });
  try {
    const insert = db.prepare('insert into t (v) values (?)');
    const deadline = Date.now() + 20_000;
    // Writes without a pause, as a rush's turns; a hold keeps the next one waiting, as the writer's lock does.
    while (holds.length === 0 && Date.now() < deadline) {
      insert.run(Buffer.alloc(8192, 7));
      await new Promise(setImmediate);
    }
    expect(holds.length).toBe(1);
    expect(holds[0]).toBeGreaterThanOrEqual(50);
    await held;
    insert.run(Buffer.alloc(8192, 1));
    const [after] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
    expect(after?.log).toBeLessThan(10);
  } finally {
    await checkpointer.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

it('lets the writes go once the hold has waited its limit for a slower last pass, and the WAL grows on', async () => {
  const { dir, file, db } = walDatabase();
  const walBytes = () => statSync(`${file}-wal`).size;
  const insert = db.prepare('insert into t (v) values (?)');
  let released: Promise<number> | null = null;
  const checkpointer = startCheckpointer(file, {
    onFailure: (error) => {
      throw error;
    },
    hold: (during) => {
      // Under the writer's lock, a last write of 5,000 pages: more than the thread's last pass copies and syncs in 1 ms.
      if (released === null) {
        db.transaction(() => {
          for (let i = 0; i < 2_500; i += 1) insert.run(Buffer.alloc(8192, 3));
        })();
        const started = performance.now();
        released = during().then(() => performance.now() - started);
        return released.then(() => undefined);
      }
      return during();
    },
    holdPages: 50,
    patientPages: 1_000_000,
    holdMs: 1,
  });
  try {
    const deadline = Date.now() + 20_000;
    while (released === null && Date.now() < deadline) {
      insert.run(Buffer.alloc(8192, 7));
      await new Promise(setImmediate);
    }
    const waited = await (released as Promise<number> | null);
    // The hold ended at its limit, before the pass: the next write goes after the frames not yet copied.
    const before = walBytes();
    insert.run(Buffer.alloc(8192, 1));
    expect(waited).toBeLessThan(50);
    expect(walBytes()).toBeGreaterThan(before);
  } finally {
    await checkpointer.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
