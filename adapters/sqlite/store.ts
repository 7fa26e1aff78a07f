// The embedded default Store: better-sqlite3 in WAL, for one server process (the CLI may open the file beside it).
//
// Concurrency model
// - A file database has two connections: the writer and the reader. An in-memory database has one, which does both.
//   A thread of the store's copies a file database's WAL back into it on a third connection (checkpointer.ts), with
//   PASSIVE checkpoints that neither wait for nor block the other two; the writer's COMMIT checkpoints only when the
//   thread has fallen 10,000 pages behind.
// - A connection runs one transaction at a time, under its lock (arrival order); every statement on it, including
//   the query builder `db` (migrations, bulk tools), runs under that lock.
// - Every unit of work goes through `unitsOn`, the one path to a connection's repositories: the units queued within
//   a turn of the event loop share one transaction (a batch), each write in a savepoint of its own, so a unit that
//   fails undoes only its own work. Each unit is answered after its batch's COMMIT; all fail if the COMMIT does.
// - Writes: batches of BEGIN IMMEDIATE … COMMIT on the writer (group commit), which also serialises them with other
//   processes' writes (busy_timeout). Reads: batches of BEGIN … COMMIT on the reader, which cannot write (query_only).
//   A player's first pick (`submitStandardPick`, ../sql/standard-pick.ts) is a write unit like any other.
// - A write that fails for want of space or permission (SQLITE_FULL, SQLITE_IOERR_*, SQLITE_READONLY_*) fails its
//   units with StoreUnavailableError (`outageOr`) and marks the database not writable, until a write commits again;
//   `writable()` tries a small write of its own meanwhile, so readiness recovers on an idle server too.
// What holds, by construction:
// - Read-your-writes: a write is answered after its COMMIT, and a read batch begins after each of its units was
//   queued, so WAL shows it every commit answered before any of its units started.
// - No half-seen write: a write's rows become visible together at its COMMIT, and a read batch keeps the one
//   snapshot its first statement took until its own COMMIT.
// - A unit waits for nothing but its repositories, which answer at once (better-sqlite3 is synchronous): a batch
//   begins in a turn of the event loop of its own and runs to its COMMIT within it; a unit that waits for anything
//   else fails (UnitOutlivedTurnError), and its repositories refuse what it asks for afterwards, so nothing of it runs
//   outside its transaction. Each unit's locks are checked for their order (LockOrder). So a unit started while a batch runs can only come from inside one of its units; it is refused
//   (NestedUnitOfWorkError): on one connection it would wait for itself, on the other run outside the transaction.
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Migration,
  type QueryResult,
} from 'kysely';
import { StoreUnavailableError } from '../../core/errors.ts';
import type { Repositories, Store } from '../../core/ports.ts';
import { sqliteDialect, type SqlContext } from '../sql/dialect.ts';
import { migrate } from '../sql/migrate.ts';
import { sqlRepositories } from '../sql/repositories.ts';
import { submitStandardPick } from '../sql/standard-pick.ts';
import type { Database } from '../sql/schema.ts';
import { BACKSTOP_PAGES, type CheckpointError, startCheckpointer } from './checkpointer.ts';
import { LockOrder, NestedUnitOfWorkError, UnitOutlivedTurnError } from '../unit-of-work-guard.ts';

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

/** What the probe of a database that refused a write writes (`writable()`). */
const PROBE_BYTES = 64 * 1024;

/** SQLite's result codes of a database that cannot take writes: the disk is full, failing, or read-only. */
const NOT_WRITABLE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN)/;

/** The one place that tells a database that cannot take writes (an outage) from any other failure. */
export const outageOr = (error: unknown): unknown => {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && NOT_WRITABLE.test(code)
    ? new StoreUnavailableError(`The database cannot be written (${code}).`, { cause: error })
    : error;
};

type Statement = BetterSqlite3.Statement<unknown[], unknown>;

/** A lock granted in arrival order. */
class FifoLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** Distinct SQL texts are few (one per query shape); `in (…)` lists of varying length add some. */
const STATEMENT_LIMIT = 500;

/** One better-sqlite3 connection, its prepared statements by SQL text (better-sqlite3 prepares anew on every call), and its lock. */
class Connection implements DatabaseConnection {
  readonly lock = new FifoLock();
  readonly #statements = new Map<string, Statement>();

  constructor(readonly raw: BetterSqlite3.Database) {}

  /** `pluck`: each row's first column instead of a row object (a million leaves cost less as strings). */
  statement(sql: string, pluck = false): Statement {
    const key = pluck ? `pluck:${sql}` : sql;
    let statement = this.#statements.get(key);
    if (!statement) {
      if (this.#statements.size >= STATEMENT_LIMIT) this.#statements.clear();
      statement = this.raw.prepare<unknown[], unknown>(sql);
      if (pluck) statement.pluck();
      this.#statements.set(key, statement);
    }
    return statement;
  }

  run(sql: string): void {
    this.statement(sql).run();
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statement(query.sql);
    if (statement.reader) return Promise.resolve({ rows: statement.all(...query.parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(...query.parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  // eslint-disable-next-line require-yield -- the port demands a generator; nothing here streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not used with SQLite.');
  }

  /** Runs `unit` under the lock; a closed connection refuses it. */
  async locked<T>(unit: () => Promise<T>): Promise<T> {
    await this.lock.acquire();
    try {
      if (!this.raw.open) throw new Error('The database is closed.');
      return await unit();
    } finally {
      this.lock.release();
    }
  }
}

/**
 * The connection as a kysely Driver. `locking`: each query or transaction takes the connection's lock (the query
 * builder `db`). Not locking: the builder of a unit of work, which holds the lock already.
 */
class ConnectionDriver implements Driver {
  constructor(
    private readonly connection: Connection,
    private readonly locking: boolean,
  ) {}

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.locking) await this.connection.lock.acquire();
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    this.connection.run('begin immediate');
  }
  async commitTransaction(): Promise<void> {
    this.connection.run('commit');
  }
  async rollbackTransaction(): Promise<void> {
    this.connection.run('rollback');
  }
  async releaseConnection(): Promise<void> {
    if (this.locking) this.connection.lock.release();
  }
  /** The store closes the connection. */
  async destroy(): Promise<void> {}
}

/**
 * SQLite's DDL is transactional (CREATE, ALTER and DROP roll back with the rest), better-sqlite3's too; kysely's
 * SqliteAdapter says otherwise for drivers that cannot, and its Migrator then runs each migration bare. Saying yes makes
 * a migration run one BEGIN IMMEDIATE … COMMIT: a migration that fails half-way rolls the whole run back, and a second
 * process migrating the same file waits for the first (busy_timeout) and then finds nothing pending.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

const kyselyOver = (connection: Connection, locking: boolean): Kysely<Database> =>
  new Kysely<Database>({
    dialect: {
      createAdapter: () => new TransactionalDdlSqliteAdapter(),
      createDriver: () => new ConnectionDriver(connection, locking),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });

const open = (path: string, onStatement?: (sql: string) => void): Connection => {
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('foreign_keys = ON');
  if (onStatement) observeStatements(raw, onStatement);
  return new Connection(raw);
};

/** Calls `onStatement` as each statement of `raw` runs; only when asked, so the request path stays as it is. */
const observeStatements = (raw: BetterSqlite3.Database, onStatement: (sql: string) => void): void => {
  const prepare = raw.prepare.bind(raw);
  raw.prepare = ((sql: string) => {
    const statement = prepare(sql);
    for (const method of ['run', 'all', 'get', 'iterate'] as const) {
      const run = statement[method].bind(statement) as (...parameters: unknown[]) => unknown;
      Object.assign(statement, {
        [method]: (...parameters: unknown[]) => {
          onStatement(sql);
          return run(...parameters);
        },
      });
    }
    return statement;
  }) as typeof raw.prepare;
};

/** What the shared repositories work over, on a connection: it holds nothing but the connection, used only under its lock. */
const contextOn = (connection: Connection): SqlContext & Required<Pick<SqlContext, 'execute' | 'firstColumn'>> => ({
  db: kyselyOver(connection, false),
  dialect: sqliteDialect,
  execute: <Row>(query: CompiledQuery<Row>) => connection.executeQuery<Row>(query),
  firstColumn: async <Value>(query: { compile(): CompiledQuery<Record<string, Value>> }) => {
    const compiled = query.compile();
    return connection.statement(compiled.sql, true).all(...compiled.parameters) as Value[];
  },
});

/**
 * The repositories of one unit, usable while it runs and refused once it is over: a unit that outlived its turn is
 * failed, and what it would do afterwards must not run outside its transaction (or inside the next batch's).
 */
const unitRepositories = (base: SqlContext & Required<Pick<SqlContext, 'execute' | 'firstColumn'>>) => {
  let open = true;
  const refused = () => new UnitOutlivedTurnError();
  // A repository method reads `db` when it is called, and runs to its end within the turn (better-sqlite3 answers at
  // once): refusing it here refuses every statement of a unit that is over.
  const context: SqlContext = {
    dialect: base.dialect,
    get db() {
      if (!open) throw refused();
      return base.db;
    },
    execute: (query) => (open ? base.execute(query) : Promise.reject(refused())),
    firstColumn: (query) => (open ? base.firstColumn(query) : Promise.reject(refused())),
    lockOrder: new LockOrder(),
  };
  return { repos: sqlRepositories(context), end: () => void (open = false) };
};

interface QueuedUnit {
  work: (repos: Repositories) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many units share one transaction. */
const BATCH_UNITS = 32;

const totalChanges = (connection: Connection): number =>
  connection.statement('select total_changes()', true).get() as number;

interface BatchState {
  /** Whether a batch of either connection is running its units: what tells a nested unit (see the top of the file). */
  running: boolean;
  /** The failure of the last write, while the database cannot take writes; null once one commits. */
  notWritable: StoreUnavailableError | null;
}

/**
 * The units of work of one connection, the only way its repositories are used (see the top of the file). A batch
 * waits one turn before it begins, so the requests read in that turn queue their units into it, then takes the
 * units queued so far and runs them one after another in one transaction, each write in a savepoint (a read
 * connection cannot change anything a failed unit would have to undo).
 */
const unitsOn = (connection: Connection, writing: boolean, state: BatchState) => {
  const reject = (unit: QueuedUnit, error: unknown): void => {
    const failure = outageOr(error);
    if (writing && failure instanceof StoreUnavailableError) state.notWritable = failure;
    unit.reject(failure);
  };
  const context = contextOn(connection);
  const begin = writing ? 'begin immediate' : 'begin';
  const queue: QueuedUnit[] = [];

  const runBatch = async (): Promise<void> => {
    const batch = queue.splice(0, BATCH_UNITS);
    const done: { unit: QueuedUnit; result: unknown }[] = [];
    const failed: { unit: QueuedUnit; error: unknown }[] = [];
    let turnOver!: (error: Error) => void;
    const outlived = new Promise<never>((_, reject) => (turnOver = reject));
    const timer = setImmediate(() => turnOver(new UnitOutlivedTurnError()));
    state.running = true;
    // While writes fail, a batch that commits what it changed shows the database writable again.
    const changesBefore = writing && state.notWritable ? totalChanges(connection) : null;
    try {
      connection.run(begin);
      for (const unit of batch) {
        if (writing) connection.run('savepoint unit');
        const { repos, end } = unitRepositories(context);
        try {
          done.push({ unit, result: await Promise.race([unit.work(repos), outlived]).finally(end) });
          if (writing) connection.run('release unit');
        } catch (error) {
          failed.push({ unit, error });
          // Some errors (a full disk) end the whole transaction: the units done before this one are gone with it.
          if (!connection.raw.inTransaction) throw error;
          if (writing) {
            connection.run('rollback to unit');
            connection.run('release unit');
          }
        }
      }
      connection.run('commit');
      clearImmediate(timer);
      state.running = false;
      if (changesBefore !== null && totalChanges(connection) > changesBefore) state.notWritable = null;
      for (const { unit, error } of failed) reject(unit, error);
      for (const { unit, result } of done) unit.resolve(result);
    } catch (error) {
      clearImmediate(timer);
      state.running = false;
      if (connection.raw.inTransaction) connection.run('rollback');
      // BEGIN failed (another process held the database past the busy timeout), or a unit ended the transaction,
      // or the COMMIT failed: all fail.
      for (const { unit, error: own } of failed) reject(unit, own);
      for (const { unit } of done) reject(unit, error);
      for (const unit of batch.slice(done.length + failed.length)) reject(unit, error);
    }
  };

  let draining = false;
  const drain = async (): Promise<void> => {
    draining = true;
    try {
      while (queue.length > 0) {
        // Each batch begins in a turn of its own, after every callback of the turn before (an answered unit's
        // caller going on to its next unit) has run: while a batch runs, only its own units can call the store.
        await new Promise(setImmediate);
        await connection.locked(runBatch).catch((error: unknown) => {
          for (const unit of queue.splice(0)) reject(unit, error);
        });
      }
    } finally {
      draining = false;
    }
  };

  return <T>(work: (repos: Repositories) => Promise<T>): Promise<T> => {
    if (state.running) return Promise.reject(new NestedUnitOfWorkError());
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!draining) void drain();
    });
  };
};

export interface SqliteStoreOptions {
  /** Called with each statement's SQL as it runs, on either connection (tests count a request's statements). */
  onStatement?: (sql: string) => void;
  /** The migrations run at open (../sql/migrations by default; tests run a subset or add a failing one). */
  migrations?: Record<string, Migration>;
}

/** Opens (creating if needed) the database at `path` or `':memory:'` and migrates it. */
export async function createSqliteStore(path: string, options: SqliteStoreOptions = {}): Promise<SqliteStore> {
  const writer = open(path, options.onStatement);
  const db = kyselyOver(writer, true);
  try {
    await migrate(db, options.migrations);
  } catch (error) {
    writer.raw.close();
    throw error;
  }
  const inMemory = path === ':memory:' || path === '';
  const reader = inMemory ? writer : open(path, options.onStatement);
  if (reader !== writer) reader.raw.pragma('query_only = ON');
  const checkpointer = inMemory
    ? null
    : startCheckpointer(path, (error) => {
        for (const listener of checkpointFailureListeners) listener(error);
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
      // 64 KiB in a table of its own, committed and dropped: a database at its size limit or on a full disk refuses
      // them, and one that takes them has room for more than a pick or two.
      await writer
        .locked(async () => {
          writer.run('begin immediate');
          try {
            writer.raw.exec(
              `create table lowest_write_probe (x); insert into lowest_write_probe values (zeroblob(${PROBE_BYTES}));
              drop table lowest_write_probe;`,
            );
            writer.run('commit');
          } finally {
            if (writer.raw.inTransaction) writer.run('rollback');
          }
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
