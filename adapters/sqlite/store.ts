// The embedded default Store: better-sqlite3 in WAL. Writes go through one connection in
// BEGIN IMMEDIATE; reads of a file database through a second connection, so they never queue
// behind a write (WAL gives each read transaction the last committed state, never half a write).
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type CompiledQuery } from 'kysely';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Repositories, Store } from '../../core/ports.ts';
import { sqliteDialect, type SqlContext } from '../sql/dialect.ts';
import { migrate } from '../sql/migrate.ts';
import { sqlRepositories } from '../sql/repositories.ts';
import type { Database } from '../sql/schema.ts';
import { SqliteConnection, SqliteConnectionDialect, SqliteConnectionDriver } from './connection-driver.ts';
import { unitOfWorkGuard } from '../unit-of-work-guard.ts';
import { startCheckpointer, type Checkpointer } from './checkpointer.ts';

export interface SqliteStore extends Store {
  /** The query builder, for `lowest migrate` and bulk tools (bench, seeds). */
  readonly db: Kysely<Database>;
  /** Copies the live database to `file` with SQLite's online backup. */
  backup(file: string): Promise<void>;
}

const BUSY_TIMEOUT_MS = 5000;
/** SQLite's default: the writer checkpoints itself once the WAL holds this many pages (without the checkpointer). */
const SQLITE_AUTO_CHECKPOINT = 1000;

const openConnection = (path: string): SqliteConnection => {
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  raw.pragma('foreign_keys = ON');
  return new SqliteConnection(raw);
};

const kyselyOver = (sqlite: SqliteConnection, locking: boolean): Kysely<Database> =>
  new Kysely<Database>({ dialect: new SqliteConnectionDialect(new SqliteConnectionDriver(sqlite, locking)) });

const repositoriesOn = (sqlite: SqliteConnection, foldRootBeside?: SqlContext['foldRootBeside']): Repositories =>
  sqlRepositories({
    db: kyselyOver(sqlite, false),
    dialect: sqliteDialect,
    ...(foldRootBeside ? { foldRootBeside } : {}),
    execute: <Row>(query: CompiledQuery<Row>) => sqlite.connection.executeQuery<Row>(query),
    firstColumn: async <Value>(query: { compile(): CompiledQuery<Record<string, Value>> }) => {
      const compiled = query.compile();
      return sqlite.statements.plucked(compiled.sql).all(...compiled.parameters) as Value[];
    },
  });

/**
 * Read units on one connection, one after another (its lock held from `begin` to commit). The
 * repositories are built once: they hold nothing but the connection, used only under the lock.
 */
const readUnitsOn = (sqlite: SqliteConnection) => {
  const repos = repositoriesOn(sqlite);
  return async <T>(work: (repos: Repositories) => Promise<T>): Promise<T> => {
    await sqlite.lock.acquire();
    try {
      if (!sqlite.database.open) throw new Error('The database is closed.');
      sqlite.statements.run('begin');
      try {
        const result = await work(repos);
        sqlite.statements.run('commit');
        return result;
      } catch (error) {
        // A failed COMMIT (or a statement error) may have ended the transaction already.
        if (sqlite.database.inTransaction) sqlite.statements.run('rollback');
        throw error;
      }
    } finally {
      sqlite.lock.release();
    }
  };
};

/** A read transaction takes in new units only while it is younger than this (ms). */
const SHARED_READ_MS = 2;

/**
 * Read units of a file database on the reader connection, sharing read transactions: a unit that starts while one is
 * open joins it, if nothing was written since it began (`writesOf()`, the writer's count, bumped before any write is
 * answered: every unit sees the writes answered before it started) and it is younger than SHARED_READ_MS. The
 * transaction ends (COMMIT) in the event loop's check phase after its last unit, so the units of the requests read in
 * one turn share one BEGIN, one COMMIT and one set of SQLite's file locks (about 2.4 µs a unit, and the wait for the
 * connection's lock; docs/performance.md, issue 13 fifth round). Each unit still sees one committed snapshot. A write
 * by another process (the CLI) may be missed by a unit that starts within that turn, as if it had started a moment
 * earlier.
 */
const sharedReadUnitsOn = (sqlite: SqliteConnection, writesOf: () => number) => {
  const repos = repositoriesOn(sqlite);
  interface SharedRead {
    writes: number;
    startedAt: number;
    units: number;
    ending: boolean;
  }
  let current: SharedRead | null = null;
  /** Units that could not join the open transaction: woken when it ends, to start the next one together. */
  let waiting: (() => void)[] = [];

  const end = (read: SharedRead): void => {
    read.ending = false;
    if (read.units > 0 || current !== read) return;
    current = null;
    try {
      if (sqlite.database.open && sqlite.database.inTransaction) sqlite.statements.run('commit');
    } finally {
      sqlite.lock.release();
      const woken = waiting;
      waiting = [];
      for (const wake of woken) wake();
    }
  };

  const joinable = (read: SharedRead | null): read is SharedRead =>
    read !== null && read.writes === writesOf() && performance.now() - read.startedAt <= SHARED_READ_MS;

  /** The open transaction this unit may join, or a new one (the connection's lock held from BEGIN to its end). */
  const transaction = async (): Promise<SharedRead> => {
    for (;;) {
      if (joinable(current)) return current;
      if (current === null) {
        // Held by a transaction while one is open, otherwise only by closing the store.
        if (!sqlite.lock.tryAcquire()) await sqlite.lock.acquire();
        try {
          if (!sqlite.database.open) throw new Error('The database is closed.');
          sqlite.statements.run('begin');
        } catch (error) {
          sqlite.lock.release();
          throw error;
        }
        current = { writes: writesOf(), startedAt: performance.now(), units: 0, ending: false };
        return current;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };

  return async <T>(work: (repos: Repositories) => Promise<T>): Promise<T> => {
    const read = joinable(current) ? current : await transaction();
    read.units += 1;
    try {
      return await work(repos);
    } finally {
      read.units -= 1;
      // A statement error that ended the transaction: later units must not run outside one.
      if (!sqlite.database.inTransaction) read.writes = -1;
      if (read.units === 0 && !read.ending) {
        read.ending = true;
        setImmediate(end, read);
      }
    }
  };
};

/** At most this many units share one transaction, and a unit joins only while the batch is younger than BATCH_MS. */
const BATCH_UNITS = 32;
const BATCH_MS = 10;

interface QueuedUnit {
  work: (repos: Repositories) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Write units with group commit. The units queued while another runs share its transaction (BEGIN IMMEDIATE …
 * COMMIT), each inside a savepoint of its own: a unit that fails is rolled back to its savepoint and rejected at
 * once, the others' work stays. Each unit's result is handed out only after the COMMIT; if the COMMIT fails, every
 * unit of the batch fails with it (none of them was answered before). A commit writes the WAL, and one commit for
 * many small units (the submits of a deadline rush) saves most of that work (docs/performance.md).
 *
 * `alone()`, given to the fold worker, is false once earlier units of the transaction may have written what the
 * worker's own connection cannot see yet.
 */
const writeUnitsOn = (
  sqlite: SqliteConnection,
  foldRootBeside?: (alone: () => boolean) => SqlContext['foldRootBeside'],
  /** Called before the first batch: the store starts its checkpointer once something writes. */
  beforeFirstBatch: () => void = () => undefined,
) => {
  let position = 0;
  const repos = repositoriesOn(sqlite, foldRootBeside?.(() => position === 0));
  const queue: QueuedUnit[] = [];
  let draining = false;

  const run = (sqlText: string): void => sqlite.statements.run(sqlText);

  /** Runs the queued units in one transaction (up to BATCH_UNITS, for up to BATCH_MS), then settles them. */
  let firstBatch = true;
  const runBatch = async (): Promise<void> => {
    if (firstBatch) {
      firstBatch = false;
      beforeFirstBatch();
    }
    if (!sqlite.database.open) {
      for (const unit of queue.splice(0)) unit.reject(new Error('The database is closed.'));
      return;
    }
    try {
      run('begin immediate');
    } catch (error) {
      // Another process held the database past the busy timeout: the unit that would have run first fails.
      queue.shift()?.reject(error);
      return;
    }
    const done: { unit: QueuedUnit; result: unknown }[] = [];
    let failure: { error: unknown } | null = null;
    const startedAt = performance.now();
    try {
      for (position = 0; position < BATCH_UNITS; position++) {
        if (position > 0 && performance.now() - startedAt > BATCH_MS) break;
        // A unit runs within one turn of the event loop (better-sqlite3 answers at once), so the requests that
        // queue the next units are read in the turns after it: the batch waits one turn for them before its COMMIT.
        if (queue.length === 0) await new Promise(setImmediate);
        const unit = queue.shift();
        if (!unit) break;
        run('savepoint unit');
        try {
          const result = await unit.work(repos);
          run('release unit');
          done.push({ unit, result });
        } catch (error) {
          unit.reject(error);
          // A statement error may have ended the whole transaction (SQLite rolls back on some, e.g. a full disk):
          // the units done before it are gone with it.
          if (!sqlite.database.inTransaction) throw error;
          run('rollback to unit');
          run('release unit');
        }
      }
      run('commit');
      sqlite.writes += 1;
    } catch (error) {
      failure = { error };
      try {
        if (sqlite.database.inTransaction) run('rollback');
      } catch {
        // The failure above is what the units are told; a connection that cannot roll back fails the next BEGIN.
      }
    } finally {
      position = 0;
    }
    for (const { unit, result } of done) {
      if (failure) unit.reject(failure.error);
      else unit.resolve(result);
    }
  };

  /** One batch per turn of the lock, so that closing the store (which queues for the lock) is not starved. */
  const drain = async (): Promise<void> => {
    draining = true;
    try {
      while (queue.length > 0) {
        await sqlite.lock.acquire();
        try {
          await runBatch();
        } finally {
          sqlite.lock.release();
        }
      }
    } finally {
      draining = false;
    }
  };

  return <T>(work: (repos: Repositories) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!draining) void drain();
    });
};

/** Closes the connection once the unit in progress (which holds its lock) has ended; later units find it closed. */
const closeAfterUnits = async (sqlite: SqliteConnection): Promise<void> => {
  await sqlite.lock.acquire();
  if (sqlite.database.open) sqlite.database.close();
  sqlite.lock.release();
};

/**
 * The worker that folds a large close's root beside it. From the sources (tests, the CLI, `npm run dev`) it runs
 * through tsx; compiled (`npm start`), scripts/build-server.mjs writes it next to main.js.
 */
const fromSources = import.meta.url.endsWith('.ts');
const workerFile = fromSources
  ? new URL('./root-fold-worker.ts', import.meta.url)
  : new URL(import.meta.url.includes('/chunks/') ? '../root-fold-worker.js' : './root-fold-worker.js', import.meta.url);
/** From the sources, a two-line start that registers tsx in the worker (a worker's execArgv takes no --import). */
const startWorker = (workerData: unknown): Worker => {
  if (!fromSources) return new Worker(workerFile, { workerData });
  // tsx's ESM entry (the require condition would give its CommonJS one), found from its package.json's exports.
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs')).href;
  const start = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); });`;
  return new Worker(start, { eval: true, workerData });
};

/**
 * Games from this many entries have their root folded on a worker thread while the close writes the counters
 * (on this thread, SQLite's statements and the fold's reads and hashes would take turns): 0.6 s of a 1,000,000-entry
 * close. Below it the worker's start (about 0.1 s) costs more than it saves.
 */
export const FOLD_IN_WORKER_FROM = 100_000;

const foldInWorker = (path: string, from: number) => (alone: () => boolean): SqlContext['foldRootBeside'] => (gameKey, entries) => {
  // The worker reads what is committed: with other units' writes in this transaction it would miss them.
  if (entries < from || !alone()) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const worker = startWorker({ path, gameKey });
    worker.once('message', (folded: { root: string; leaves: number }) => resolve(folded));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The root's fold worker stopped with exit code ${code}.`));
    });
  });
};

/** A read-only view of the database at `path` (no migration, no writes): for the fold worker. */
export const openSqliteReader = (path: string): Pick<Store, 'read' | 'close'> => {
  const connection = openConnection(path);
  connection.database.pragma('query_only = ON');
  const reads = readUnitsOn(connection);
  return {
    read: reads,
    close: () => closeAfterUnits(connection),
  };
};

/** Opens (creating if needed) the database at `path` or `':memory:'` and migrates it. */
/**
 * `checkNesting`: refuse a unit of work started inside another (unit-of-work-guard.ts); on unless turned off.
 * `foldInWorkerFrom`: the game size from which the close folds its root on a worker (FOLD_IN_WORKER_FROM).
 */
export async function createSqliteStore(path: string, options: { checkNesting?: boolean; foldInWorkerFrom?: number } = {}): Promise<SqliteStore> {
  const writer = openConnection(path);
  const db = kyselyOver(writer, true);
  try {
    await migrate(db);
  } catch (error) {
    writer.database.close();
    throw error;
  }

  // An in-memory database belongs to its one connection: it reads through the writer.
  const inMemory = path === ':memory:' || path === '';
  const reader = inMemory ? writer : openConnection(path);
  if (reader !== writer) reader.database.pragma('query_only = ON');

  const guard = unitOfWorkGuard(options.checkNesting ?? true);
  const reads = reader === writer ? readUnitsOn(reader) : sharedReadUnitsOn(reader, () => writer.writes);
  // BEGIN IMMEDIATE also serialises this process's writes with other processes' (`lowest close`). The fold worker and
  // the checkpointer need a file (an in-memory database cannot be opened by another thread); the checkpointer starts
  // at the first write (a store that only reads, like most CLI commands, starts no thread).
  let checkpointer: Checkpointer | null = null;
  const writes = inMemory
    ? writeUnitsOn(writer)
    : writeUnitsOn(writer, foldInWorker(path, options.foldInWorkerFrom ?? FOLD_IN_WORKER_FROM), () => {
        writer.database.pragma('wal_autocheckpoint = 0');
        checkpointer = startCheckpointer(path, {
          onFailure: () => {
            if (writer.database.open) writer.database.pragma(`wal_autocheckpoint = ${SQLITE_AUTO_CHECKPOINT}`);
          },
        });
      });
  return {
    db,
    read: (work) => guard(() => reads(work)),
    write: (work) => guard(() => writes(work)),
    backup: async (file) => {
      await writer.database.backup(file);
    },
    close: async () => {
      // Waits for the units in progress (each holds its connection's lock until it ends); units
      // queued after this find the connection closed. The writer, closed last, checkpoints what is left.
      await checkpointer?.stop();
      for (const sqlite of new Set([reader, writer])) {
        await closeAfterUnits(sqlite);
      }
    },
  };
}

export { migrate };
