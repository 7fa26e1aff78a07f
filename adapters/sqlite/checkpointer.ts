// WAL checkpoints on a thread of their own. A checkpoint copies the WAL's pages into the database file and syncs it;
// run by the writing connection (SQLite's auto-checkpoint, every 1,000 pages) it happens inside a COMMIT, on the event
// loop: under a deadline rush that was a 5–10 ms stall several times a second (docs/performance.md). A worker with its
// own connection checkpoints every CHECKPOINT_EVERY_MS instead, PASSIVE (it never waits for readers or the writer),
// while the writer's auto-checkpoint is off (store.ts): once the WAL holds 1,000 pages and cannot restart (a read in
// progress), the writer would try a checkpoint at every COMMIT. Should the worker stop, the writer's comes back.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export const CHECKPOINT_EVERY_MS = 100;

/**
 * Plain JavaScript (no TypeScript loader in a worker started from the sources): the worker needs only the driver.
 * A failed checkpoint (the file locked by another process's exclusive lock) is left to the next one, or to the
 * writer's auto-checkpoint.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Ends the worker after the checkpoint in progress; resolves once its connection is closed. */
  stop(): Promise<void>;
}

/**
 * `onFailure`: the worker stopped by itself (it could not open the file, or died): the caller gives the checkpoints
 * back to the writer.
 */
export const startCheckpointer = (path: string, options: { everyMs?: number; onFailure: () => void }): Checkpointer => {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { path, driver, everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS } });
  // The event loop may end while the worker runs (a CLI command that forgot to close its store).
  worker.unref();
  let stopping = false;
  let failed = false;
  const fail = (): void => {
    if (stopping || failed) return;
    failed = true;
    options.onFailure();
  };
  worker.once('error', fail);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      fail();
      resolve();
    }),
  );
  return {
    stop: async () => {
      stopping = true;
      // Held until it has exited: unreferenced, the event loop could end while the close waits for it.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
};
