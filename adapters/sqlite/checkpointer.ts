// Kept for speed (docs/performance.md, ADR 0054): the WAL copied back into a file database from a thread of its own,
// on a connection of its own, instead of by the writer's COMMIT on the server's thread. A rush's commits fill the WAL
// with the pages of the entries' and signals' indexes; at SQLite's default a commit copied them back every thousand
// pages, with an fsync of each file, while every request waited. PASSIVE checkpoints wait for no reader and block no
// writer, so the store's transactions see no difference. It buys POST 1.26× and 1.23× req/s, measured in both orders.
//
// The WAL starts over only when a write begins after a checkpoint that copied all of it, which never happens while
// the writer commits every turn. So once a pass finds HOLD_PAGES in the WAL under writes, the thread asks for the
// writer's lock (`hold`): writes queue, the event loop goes on, and one more pass copies the rest; the next write
// starts the WAL over (ADR 0064). Otherwise the writer's COMMIT would checkpoint at BACKSTOP_PAGES on the server's
// thread, copying and syncing both files while every request waited (100–200 ms each thousand picks of a full game).
// The writes wait for that pass HOLD_MS at most (ADR 0067): a pass slower than that (a sync the disk is slow to
// finish, 60–110 ms here about once a second under a rush) goes on beside them, and the thread asks again after its
// next pass; from PATIENT_PAGES on they wait for it to end, before the backstop is reached. With holds of 10 ms at
// most, the full game's POST p99 at half pace was 7–9 ms against 90 ms (docs/performance.md).
// Passes come every EVERY_MS for a second after a pass that found BUSY_PAGES added since the one before, so each
// copies and syncs little (passes 250 ms apart stalled the writer's WAL writes for 70–120 ms); else every 250 ms, so a
// quiet day's commits are not copied and synced forty times a second.
// The backstop stays for a thread that falls behind.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread checkpoints while writes come: a rush writes a few hundred WAL pages in that time. */
const EVERY_MS = 25;
/** How often otherwise: a quiet day's commits are copied (and both files synced) a few times a second, not forty. */
const QUIET_EVERY_MS = 250;
/** The pages a pass must find added since the one before for the passes of the next BUSY_MS to come every EVERY_MS. */
const BUSY_PAGES = 100;
/** How long the short pace lasts after such a pass: a paced rush's quieter turns keep it, a quiet day's pick not. */
const BUSY_MS = 1_000;
/** The WAL's pages after a pass at which the thread holds the writes for one more pass, so the WAL starts over. */
const HOLD_PAGES = 24_000;
/** The WAL's pages at which the writer's COMMIT checkpoints anyway (SQLite's default is 1,000). */
export const BACKSTOP_PAGES = 32_000;
/** How long the writes wait for the last pass at most, while the WAL is below PATIENT_PAGES. */
const HOLD_MS = 10;
/** The WAL's pages from which the writes wait for the last pass to end: the backstop is near. */
const PATIENT_PAGES = 28_000;
/** Before a hold, passes at once while one takes SHORT_PASS_MS or more, QUICK_PASSES at most. */
const QUICK_PASSES = 8;
const SHORT_PASS_MS = 3;
/** How long a hold from PATIENT_PAGES on keeps the writes waiting at most, should the pass not end (a failing disk). */
const HOLD_LIMIT_MS = 2_000;

/** Plain CommonJS, so the thread needs none of the server's code or loaders: only the driver. */
const THREAD = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
/** The WAL's pages at the last pass: a pass that sees more, sees writes that came since. */
let seen = 0;
/** Pages the last pass found added since the pass before (the WAL may have started over between them). */
let added = 0;
/** A PASSIVE checkpoint: whether it found the WAL long, and grown since the pass before (writes are coming). */
const checkpoint = () => {
  try {
    const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
    const grown = log > seen;
    added = log >= seen ? log - seen : log;
    seen = log;
    return grown && log >= workerData.holdPages;
  } catch (error) {
    // Busy (another process's checkpoint): the next one copies what this one did not. Anything else is reported.
    if (error && error.code !== 'SQLITE_BUSY') {
      parentPort.postMessage({ failed: { code: error && error.code, message: String(error && error.message) } });
    }
    return false;
  }
};
let timer = null;
/** Until when passes come every everyMs: a pass that finds busyPages added keeps them coming for busyMs. */
let busyUntil = 0;
const next = () => {
  const now = performance.now();
  if (added >= workerData.busyPages) busyUntil = now + workerData.busyMs;
  timer = setTimeout(pass, now < busyUntil ? workerData.everyMs : workerData.quietEveryMs);
};
const pass = () => {
  if (!checkpoint()) {
    next();
    return;
  }
  // Passes at once copy what the writes added during the one before, less each time while the writes are slower
  // than the copies: the pass under the hold is then short. An idle writer needs no hold: its next write starts the
  // WAL over.
  for (let quick = 0; quick < workerData.quickPasses; quick++) {
    const started = performance.now();
    if (!checkpoint()) break;
    if (performance.now() - started < workerData.shortPassMs) break;
  }
  parentPort.postMessage({ hold: seen >= workerData.patientPages ? workerData.holdLimitMs : workerData.holdMs });
};
timer = setTimeout(pass, workerData.quietEveryMs);
parentPort.on('message', (message) => {
  if (message === 'held') {
    checkpoint();
    parentPort.postMessage('caught up');
    // The writes that waited for the hold come next.
    timer = setTimeout(pass, workerData.everyMs);
    return;
  }
  clearTimeout(timer);
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

/** The thread asks for the writer's lock: the writes wait `hold` ms at most for its last pass. */
interface HoldMessage {
  hold: number;
}

const isHoldMessage = (message: unknown): message is HoldMessage =>
  typeof message === 'object' && message !== null && 'hold' in message;

export interface CheckpointerOptions {
  /** Hears of each checkpoint that failed (not of those another one kept busy). */
  onFailure: (error: CheckpointError) => void;
  /** Runs `during` under the writer's lock: no write begins until it settles. */
  hold: (during: () => Promise<void>) => Promise<void>;
  /** HOLD_PAGES, PATIENT_PAGES and HOLD_MS unless told (tests). */
  holdPages?: number;
  patientPages?: number;
  holdMs?: number;
}

/** Starts the thread on `file`. */
export const startCheckpointer = (
  file: string,
  { onFailure, hold, holdPages = HOLD_PAGES, patientPages = PATIENT_PAGES, holdMs = HOLD_MS }: CheckpointerOptions,
): Checkpointer => {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: {
      file,
      driver,
      everyMs: EVERY_MS,
      quietEveryMs: QUIET_EVERY_MS,
      busyPages: BUSY_PAGES,
      busyMs: BUSY_MS,
      holdPages,
      patientPages,
      holdMs,
      holdLimitMs: HOLD_LIMIT_MS,
      quickPasses: QUICK_PASSES,
      shortPassMs: SHORT_PASS_MS,
    },
  });
  // The server's exit does not wait for the thread; a thread that failed leaves the checkpoints to the backstop.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  /** The thread's last pass, with no write in progress or begun until it ends (or `limitMs`, or the thread's end). */
  const caughtUp = async (limitMs: number): Promise<void> => {
    let limit: NodeJS.Timeout | undefined;
    const passed = new Promise<void>((resolve) => {
      const heard = (message: unknown) => {
        if (message !== 'caught up') return;
        worker.off('message', heard);
        resolve();
      };
      worker.on('message', heard);
      limit = setTimeout(() => {
        worker.off('message', heard);
        resolve();
      }, limitMs);
    });
    worker.postMessage('held');
    await Promise.race([passed, exited]);
    clearTimeout(limit);
  };
  worker.on('message', (message: unknown) => {
    if (isHoldMessage(message)) {
      // A closed store refuses the lock; the thread is being stopped then.
      hold(() => caughtUp(message.hold)).catch(() => undefined);
      return;
    }
    if (!isFailedMessage(message)) return;
    const { code, message: text } = message.failed;
    onFailure(new CheckpointError(text, typeof code === 'string' ? code : null));
  });
  worker.on('error', (error) => onFailure(new CheckpointError(`The checkpoint thread failed: ${error.message}`, null)));
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
