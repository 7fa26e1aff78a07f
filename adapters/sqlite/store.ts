// The embedded default Store: better-sqlite3 in WAL, for one server process (the CLI may open the file beside it).
//
// Concurrency model
// - A file database has two connections: the writer and the reader. An in-memory database has one, which does both.
//   A thread of the store's copies a file database's WAL back into it on a third connection (checkpointer.ts), with
//   PASSIVE checkpoints that neither wait for nor block the other two. Once a pass finds 24,000 pages in the WAL under
//   writes, the thread takes the writer's lock for one more pass, so that the next write starts the WAL over; the
//   writer's COMMIT checkpoints only when the thread has fallen 32,000 pages behind.
// - A connection (connection.ts) runs one transaction at a time, under its lock (arrival order, lock.ts); every
//   statement on it, including the query builder `db` (driver.ts; migrations, bulk tools), runs under that lock.
// - Every unit of work goes through `unitsOn` (units.ts), the one path to a connection's repositories: the units queued within
//   a turn of the event loop share one transaction (a batch), each write in a savepoint of its own, so a unit that
//   fails undoes only its own work. Each unit is answered after its batch's COMMIT; all fail if the COMMIT does.
// - Writes: batches of BEGIN IMMEDIATE … COMMIT on the writer (group commit), which also serialises them with other
//   processes' writes (busy_timeout). Reads: batches of BEGIN … COMMIT on the reader, which cannot write (query_only).
//   A player's first pick (`submitStandardPick`, ../sql/standard-pick.ts) is a write unit like any other.
// - A write that fails for want of space or permission (SQLITE_FULL, SQLITE_IOERR_*, SQLITE_READONLY_*) fails its
//   units with StoreUnavailableError (`outageOr`, outage.ts) and marks the database not writable, until a write commits again;
//   `writable()` tries a small write of its own meanwhile, so readiness recovers on an idle server too.
// What holds, by construction:
// - Read-your-writes: a write is answered after its COMMIT, and a read batch begins after each of its units was
//   queued, so WAL shows it every commit answered before any of its units started.
// - No half-seen write: a write's rows become visible together at its COMMIT, and a read batch keeps the one
//   snapshot its first statement took until its own COMMIT.
// - A unit waits for nothing but its repositories, which answer at once (better-sqlite3 is synchronous): a batch
//   begins in a turn of the event loop of its own and runs to its COMMIT within it; a unit that waits for anything
//   else fails (UnitOutlivedTurnError), and its repositories refuse what it asks for afterwards, so nothing of it runs
//   outside its transaction. Each unit's locks are checked for their order (LockOrder). So a unit started while a
//   batch runs can only come from inside one of its units; it is refused (NestedUnitOfWorkError): on one connection
//   it would wait for itself, on the other run outside the transaction.
import type { Kysely, Migration } from 'kysely';
import type { Store } from '../../core/ports.ts';
import { migrate } from '../sql/migrate.ts';
import type { Database } from '../sql/schema.ts';
import { submitStandardPick } from '../sql/standard-pick.ts';
import { BACKSTOP_PAGES, type CheckpointError, startCheckpointer } from './checkpointer.ts';
import { openConnection } from './connection.ts';
import { kyselyOver } from './driver.ts';
import { probeWrite } from './outage.ts';
import { contextOn, type BatchState, unitsOn } from './units.ts';

export interface SqliteStore extends Store {
  /** The query builder, for `lowest migrate` and bulk tools (bench, seeds): each query or transaction takes the writer's lock. */
  readonly db: Kysely<Database>;
  /** Copies the live database to `file` with SQLite's online backup. */
  backup(file: string): Promise<void>;
  /**
   * Whether writes succeed: false from a write that failed for want of space or permission until one commits again.
   * While false, each call first tries a write of its own (64 KiB in a table made and dropped, in one transaction), so
   * that the database is seen writable again without waiting for a player's write.
   */
  writable(): Promise<boolean>;
  /** Calls `listener` with each failure of the checkpoint thread (checkpointer.ts). */
  onCheckpointFailure(listener: (error: CheckpointError) => void): void;
}

export interface SqliteStoreOptions {
  /** Called with each statement's SQL as it runs, on either connection (tests count a request's statements). */
  onStatement?: (sql: string) => void;
  /** The migrations run at open (../sql/migrations by default; tests run a subset or add a failing one). */
  migrations?: Record<string, Migration>;
}

/** Opens (creating if needed) the database at `path` or `':memory:'` and migrates it. */
export async function createSqliteStore(path: string, options: SqliteStoreOptions = {}): Promise<SqliteStore> {
  const writer = openConnection(path, options.onStatement);
  const db = kyselyOver(writer, true);
  try {
    await migrate(db, options.migrations);
  } catch (error) {
    writer.raw.close();
    throw error;
  }
  const inMemory = path === ':memory:' || path === '';
  const reader = inMemory ? writer : openConnection(path, options.onStatement);
  if (reader !== writer) reader.raw.pragma('query_only = ON');
  const checkpointer = inMemory
    ? null
    : startCheckpointer(path, {
        onFailure: (error) => {
          for (const listener of checkpointFailureListeners) listener(error);
        },
        hold: (during) => writer.locked(during),
      });
  if (checkpointer) writer.raw.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const state: BatchState = { running: false, notWritable: null };
  const checkpointFailureListeners: ((error: CheckpointError) => void)[] = [];
  const reads = unitsOn(reader, false, state);
  const writes = unitsOn(writer, true, state);
  const writerContext = contextOn(writer);
  return {
    db,
    read: reads,
    write: writes,
    // A unit of the writer like any other, whose statements are the fast path's.
    submitStandardPick: (pick) => writes(() => submitStandardPick(writerContext, pick)),
    backup: async (file) => {
      await writer.raw.backup(file);
    },
    writable: async () => {
      if (state.notWritable === null) return true;
      await writer
        .locked(async () => {
          probeWrite(writer);
          state.notWritable = null;
        })
        .catch(() => undefined);
      return state.notWritable === null;
    },
    onCheckpointFailure: (listener) => {
      checkpointFailureListeners.push(listener);
    },
    close: async () => {
      // Waits for the unit in progress on each connection; units queued after this find it closed.
      for (const connection of new Set([reader, writer])) {
        await connection.lock.acquire();
        if (connection.raw.open) connection.raw.close();
        connection.lock.release();
      }
      await checkpointer?.stop();
    },
  };
}

export { migrate };
