// The scale-out Store: PostgreSQL through the `postgres` package. Writes are transactions; the
// constraints, conditional updates and row locks in the shared repositories do the serialising.
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type CompiledQuery,
} from 'kysely';
import postgres from 'postgres';
import { PostgresJsConnection, PostgresJsDriver, runPrepared } from './driver.ts';
import type { Repositories, Store } from '../../core/ports.ts';
import { postgresDialect, type SnapshotReader, type SqlContext } from '../sql/dialect.ts';
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
/** Writes run in READ COMMITTED: the constraints, conditional updates and row locks of the repositories serialise them. */
const WRITE_UNIT_BEGIN = 'begin';

/**
 * A unit of work on a reserved connection, in as few round trips as its statements allow (docs/performance.md, issue
 * 13 fourth and fifth rounds):
 * - BEGIN is queued before the unit's first statement and goes out in the same write to the socket (postgres.js sends
 *   what is queued in one turn together, and runs it in order). BEGIN fails only with its connection, and then so
 *   does every statement after it; the unit fails if it did, so no answer is built from statements outside it.
 * - Prepared queries (the request path) go straight to the connection, past kysely's executor: a statement is queued
 *   the moment the repository is called, so statements a use case starts together (Promise.all) go out in one write,
 *   in the order they were called.
 * - A read unit hands its connection back behind a COMMIT it does not wait for (postgres.js pipelines the next
 *   user's statements after it): a read-only transaction has nothing to lose at COMMIT. A write unit waits for its
 *   COMMIT, and fails if the transaction had been aborted (PostgreSQL then answers COMMIT with ROLLBACK, no error).
 */
const unitOn = async <T>(
  pool: postgres.Sql,
  kind: 'read' | 'write',
  work: (repos: Repositories) => Promise<T>,
  extra: (db: Kysely<Database>) => Partial<SqlContext> = () => ({}),
): Promise<T> => {
  const reserved = await pool.reserve();
  const begun = reserved.unsafe(kind === 'read' ? READ_UNIT_BEGIN : WRITE_UNIT_BEGIN).execute();
  // Its failure is read after the unit's work (below); until then it must not count as an unhandled rejection.
  begun.catch(() => undefined);
  try {
    const db = new Kysely<Database>({ dialect: postgresJsDialect(() => new ReservedConnectionDriver(reserved)) });
    const result = await work(
      sqlRepositories({ db, dialect: postgresDialect, execute: <Row>(query: CompiledQuery<Row>) => runPrepared<Row>(reserved, query), ...extra(db) }),
    );
    await begun;
    if (kind === 'read') {
      void reserved
        .unsafe('commit')
        .execute()
        .catch(() => undefined);
    } else {
      const committed = await reserved.unsafe('commit');
      if (committed.command !== 'COMMIT') throw new Error(`The transaction was rolled back (${committed.command}).`);
    }
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
  // Snapshot readers get a pool of their own, opened on first use: taken from the main pool, two closes that each
  // hold a connection (or one close and a second close waiting for its game) could wait for each other's reader.
  // A reader waits for no lock, so readers always finish and hand their connection on.
  let readers: postgres.Sql | null = null;
  const readerPool = (): postgres.Sql => (readers ??= postgres(url, { max: 2, idle_timeout: 60, onnotice: () => undefined }));
  return {
    db,
    read: (work) => guard(() => unitOn(client, 'read', work)),
    write: (work) => guard(() => unitOn(client, 'write', work, (unit) => ({ openSnapshotReader: snapshotReaderOf(readerPool, unit) }))),
    close: async () => {
      await db.destroy();
      await readers?.end();
    },
  };
}

export { migrate };
