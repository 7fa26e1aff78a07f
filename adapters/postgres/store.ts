// The scale-out Store: PostgreSQL through the `postgres` package. Writes are transactions (READ COMMITTED); the
// constraints, conditional updates and row locks in the shared repositories do the serialising. Reads share
// read-only snapshot transactions (sharedReads).
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
} from 'kysely';
import postgres from 'postgres';
import { PostgresJsConnection, PostgresJsDriver, runPrepared } from './driver.ts';
import type { Repositories, Store } from '../../core/ports.ts';
import { errorCode, postgresDialect, type SnapshotReader } from '../sql/dialect.ts';
import { migrate } from '../sql/migrate.ts';
import { sqlRepositories } from '../sql/repositories.ts';
import type { Database } from '../sql/schema.ts';
import { unitOfWorkGuard } from '../unit-of-work-guard.ts';

export interface PostgresStore extends Store {
  /** The query builder, for `lowest migrate` and bulk tools (bench, seeds). */
  readonly db: Kysely<Database>;
}

/** What pg_export_snapshot() returns, e.g. `00000003-0000001B-1`: checked before it is spliced into SET TRANSACTION. */
const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/i;

/**
 * A second pooled connection reading in the snapshot of `trx` (exported now; valid while `trx` is open), for a long
 * read that should run beside the transaction's own statements: the close's fairness fold beside its counters.
 */
export const snapshotReaderOf = (pool: () => postgres.Sql, trx: Kysely<Database>) => async (): Promise<SnapshotReader> => {
  const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
  const id = rows[0]?.id ?? '';
  if (!SNAPSHOT_ID.test(id)) throw new Error(`Unexpected snapshot id ${JSON.stringify(id)}.`);
  const reserved = await pool().reserve();
  try {
    await reserved.unsafe('begin isolation level repeatable read read only');
    await reserved.unsafe(`set transaction snapshot '${id}'`);
  } catch (error) {
    await reserved.unsafe('rollback').catch(() => undefined);
    reserved.release();
    throw error;
  }
  return {
    rows: async <Row>(query: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<Row[]> => {
      const compiled = query.compile();
      return (await runPrepared<Row>(reserved, compiled)).rows;
    },
    release: async () => {
      try {
        await reserved.unsafe('commit');
      } finally {
        reserved.release();
      }
    },
  };
};

/** kysely's PostgreSQL dialect over a driver of ours (driver.ts). */
export const postgresJsDialect = (createDriver: () => Driver): Dialect => ({
  createAdapter: () => new PostgresAdapter(),
  createDriver,
  createIntrospector: (introspected) => new PostgresIntrospector(introspected),
  createQueryCompiler: () => new PostgresQueryCompiler(),
});

/** One reserved connection as the only connection of a query builder: a unit's statements, in order, on it. */
class ReservedConnectionDriver implements Driver {
  readonly #connection: DatabaseConnection;

  constructor(reserved: postgres.ReservedSql) {
    this.#connection = new PostgresJsConnection(reserved);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('A unit of work is a transaction already.');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/** Reads see one snapshot of committed data (never half a write, as on SQLite and in memory) and cannot write. */
const READ_UNIT_BEGIN = 'start transaction isolation level repeatable read read only';

/**
 * The shared repositories over one reserved connection; prepared queries go straight to it (see writeUnit). The query
 * builder is made only when a unit uses it: most units of the request path run prepared queries alone, and a builder
 * per unit is a few kilobytes of garbage that outlives the young generation while the unit waits for the database.
 * `readerPool`: for a write unit, where a close may read its leaves beside it in its snapshot.
 */
const repositoriesOn = (reserved: postgres.ReservedSql, readerPool?: () => postgres.Sql): Repositories => {
  let db: Kysely<Database> | null = null;
  const builder = (): Kysely<Database> => (db ??= new Kysely<Database>({ dialect: postgresJsDialect(() => new ReservedConnectionDriver(reserved)) }));
  return sqlRepositories({
    get db() {
      return builder();
    },
    dialect: postgresDialect,
    execute: <Row>(query: CompiledQuery<Row>) => runPrepared<Row>(reserved, query),
    ...(readerPool ? { openSnapshotReader: () => snapshotReaderOf(readerPool, builder())() } : {}),
  });
};

/** PostgreSQL's code for a statement sent after another one failed in the same transaction. */
const IN_FAILED_TRANSACTION = '25P02';

/**
 * A write unit on a reserved connection, in as few round trips as its statements allow (docs/performance.md, issue
 * 13 fourth and fifth rounds):
 * - BEGIN is queued before the unit's first statement and goes out in the same write to the socket (postgres.js sends
 *   what is queued in one turn together, and runs it in order). BEGIN fails only with its connection, and then so
 *   does every statement after it; the unit fails if it did.
 * - Prepared queries (the request path) go straight to the connection, past kysely's executor: a statement is queued
 *   the moment the repository is called, so statements a use case starts together (Promise.all) go out in one write,
 *   in the order they were called.
 * - It waits for its COMMIT, and fails if the transaction had been aborted (PostgreSQL then answers COMMIT with
 *   ROLLBACK, no error), whatever the work did with the statement that failed.
 */
const writeUnit = async <T>(
  pool: postgres.Sql,
  work: (repos: Repositories) => Promise<T>,
  readerPool: () => postgres.Sql,
): Promise<T> => {
  const reserved = await pool.reserve();
  const begun = reserved.unsafe('begin').execute();
  // Its failure is read after the unit's work (below); until then it must not count as an unhandled rejection.
  begun.catch(() => undefined);
  try {
    const result = await work(repositoriesOn(reserved, readerPool));
    await begun;
    const committed = await reserved.unsafe('commit');
    if (committed.command !== 'COMMIT') throw new Error(`The transaction was rolled back (${committed.command}).`);
    return result;
  } catch (error) {
    // BEGIN failed, or a statement did: end the transaction before the connection goes back.
    await begun.catch(() => undefined);
    await reserved.unsafe('rollback').catch(() => undefined);
    throw error;
  } finally {
    reserved.release();
  }
};

interface PendingRead {
  work: (repos: Repositories) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Read units share read transactions: the units that start in one turn of the event loop run together, in one
 * read-only repeatable-read transaction on one connection, begun when the turn ends (in its check phase). Its snapshot
 * is taken at its first statement, after every unit in it had started, so each unit sees every commit that was answered
 * before it started, as a unit of its own would; and each sees one snapshot. Under a rush the session lookups and reads
 * of many requests share one BEGIN, one COMMIT and one connection (docs/performance.md, issue 13 fifth round).
 * - Each unit is answered as soon as its own work is done; the transaction ends when the last one is.
 * - BEGIN goes out in the same write as the first statements; the COMMIT is not waited for (postgres.js pipelines the
 *   next user's statements after it): a read-only transaction has nothing to lose at COMMIT.
 * - A statement that fails aborts the transaction for the units after it: those (PostgreSQL refuses them with 25P02)
 *   run again in a transaction of their own. If BEGIN failed, every unit fails.
 */
const sharedReads = (pool: postgres.Sql) => {
  const run = async (units: PendingRead[]): Promise<void> => {
    let reserved: postgres.ReservedSql;
    try {
      reserved = await pool.reserve();
    } catch (error) {
      for (const unit of units) unit.reject(error);
      return;
    }
    const begun = reserved.unsafe(READ_UNIT_BEGIN).execute();
    // Settled before any statement after it is answered: read once each unit's work is done.
    const beginFailure = begun.then(
      () => null,
      (error: unknown) => ({ error }),
    );
    const repos = repositoriesOn(reserved);
    const settle = async (unit: PendingRead): Promise<void> => {
      let outcome: { value: unknown } | { error: unknown };
      try {
        outcome = { value: await unit.work(repos) };
      } catch (error) {
        outcome = { error };
      }
      const failedBegin = await beginFailure;
      if (failedBegin) unit.reject(failedBegin.error);
      else if ('value' in outcome) unit.resolve(outcome.value);
      else if (errorCode(outcome.error) === IN_FAILED_TRANSACTION && units.length > 1) void run([unit]);
      else unit.reject(outcome.error);
    };
    try {
      await Promise.all(units.map(settle));
      if (await beginFailure) await reserved.unsafe('rollback').catch(() => undefined);
      else
        void reserved
          .unsafe('commit')
          .execute()
          .catch(() => undefined);
    } finally {
      reserved.release();
    }
  };

  let forming: PendingRead[] | null = null;
  return <T>(work: (repos: Repositories) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!forming) {
        const units: PendingRead[] = (forming = []);
        setImmediate(() => {
          forming = null;
          void run(units);
        });
      }
      forming.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
};

/** Connects to `url` (postgres://…) and migrates the database. */
/** `checkNesting`: refuse a unit of work started inside another (unit-of-work-guard.ts); on unless turned off. */
export async function createPostgresStore(
  url: string,
  options: { maxConnections?: number; checkNesting?: boolean } = {},
): Promise<PostgresStore> {
  const client = postgres(url, { max: options.maxConnections ?? 10, onnotice: () => undefined });
  const db = new Kysely<Database>({ dialect: postgresJsDialect(() => new PostgresJsDriver(client)) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const guard = unitOfWorkGuard(options.checkNesting ?? true);
  const reads = sharedReads(client);
  // Snapshot readers get a pool of their own, opened on first use: taken from the main pool, two closes that each
  // hold a connection (or one close and a second close waiting for its game) could wait for each other's reader.
  // A reader waits for no lock, so readers always finish and hand their connection on.
  let readers: postgres.Sql | null = null;
  const readerPool = (): postgres.Sql => (readers ??= postgres(url, { max: 2, idle_timeout: 60, onnotice: () => undefined }));
  return {
    db,
    read: (work) => guard(() => reads(work)),
    write: (work) => guard(() => writeUnit(client, work, readerPool)),
    close: async () => {
      await db.destroy();
      await readers?.end();
    },
  };
}

export { migrate };
