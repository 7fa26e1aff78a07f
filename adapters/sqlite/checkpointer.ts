// Kept for speed (docs/performance.md, ADR 0054): the WAL copied back into a file database from a thread of its own,
// on a connection of its own, instead of by the writer's COMMIT on the server's thread. A rush's commits fill the WAL
// with the pages of the entries' and signals' indexes; at SQLite's default a commit copied them back every thousand
// pages, with an fsync of each file, while every request waited. PASSIVE checkpoints wait for no reader and block no
// writer, so the store's transactions see no difference; the writer's own checkpoint stays as a backstop should the
// thread fall behind (BACKSTOP_PAGES). It buys POST 1.26× and 1.23× req/s, measured in both orders.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread checkpoints: a rush writes a few thousand WAL pages in that time. */
const EVERY_MS = 250;
/** The WAL's pages at which the writer's COMMIT checkpoints anyway (SQLite's default is 1,000). */
export const BACKSTOP_PAGES = 10_000;

/** Plain CommonJS, so the thread needs none of the server's code or loaders: only the driver. */
const THREAD = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // Busy (another process's checkpoint): the next one copies what this one did not. Anything else is reported.
    if (error && error.code === 'SQLITE_BUSY') return;
    parentPort.postMessage({ failed: { code: error && error.code, message: String(error && error.message) } });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.postMessage('closed');
});
`;

export interface Checkpointer {
  /** Stops the thread after its connection is closed. */
  stop(): Promise<void>;
}

/** A failure of the thread: a checkpoint that failed (the disk full or failing), or the thread itself. */
export class CheckpointError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'CheckpointError';
  }
}

interface FailedMessage {
  failed: { code: unknown; message: string };
}

const isFailedMessage = (message: unknown): message is FailedMessage =>
  typeof message === 'object' && message !== null && 'failed' in message;

/** Starts the thread on `file`; `onFailure` hears of each checkpoint that failed (not of those another one kept busy). */
export const startCheckpointer = (file: string, onFailure: (error: CheckpointError) => void): Checkpointer => {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, { eval: true, workerData: { file, driver, everyMs: EVERY_MS } });
  // The server's exit does not wait for the thread; a thread that failed leaves the checkpoints to the backstop.
  worker.unref();
  worker.on('message', (message: unknown) => {
    if (!isFailedMessage(message)) return;
    const { code, message: text } = message.failed;
    onFailure(new CheckpointError(text, typeof code === 'string' ? code : null));
  });
  worker.on('error', (error) => onFailure(new CheckpointError(`The checkpoint thread failed: ${error.message}`, null)));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      const closed = new Promise<void>((resolve) =>
        worker.on('message', (message) => message === 'closed' && resolve()),
      );
      worker.postMessage('stop');
      await Promise.race([closed, exited]);
      await worker.terminate();
    },
  };
};
