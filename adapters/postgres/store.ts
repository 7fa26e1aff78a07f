// The scale-out Store: PostgreSQL through the `postgres` package. Writes are transactions; the
// constraints, conditional updates and row locks in the shared repositories do the serialising.
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type Transaction,
} from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import type { Repositories, Store } from '../../core/ports.ts';
import { postgresDialect, type SnapshotReader } from '../sql/dialect.ts';
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
export const snapshotReaderOf = (pool: () => postgres.Sql, trx: Transaction<Database>) => async (): Promise<SnapshotReader> => {
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
      return (await reserved.unsafe(compiled.sql, compiled.parameters as postgres.ParameterOrJSON<never>[])) as unknown as Row[];
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

/** One reserved connection as the only connection of a query builder: a read unit's statements, in order, on it. */
class ReservedConnectionDriver implements Driver {
  readonly #connection: DatabaseConnection;

  constructor(reserved: postgres.ReservedSql) {
    this.#connection = {
      executeQuery: async <Row>(query: CompiledQuery): Promise<QueryResult<Row>> => {
        const result = await reserved.unsafe(query.sql, query.parameters as postgres.ParameterOrJSON<never>[]);
        return { rows: Array.from(result) as Row[] };
      },
      streamQuery: () => {
        throw new Error('Read units do not stream.');
      },
    };
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('A read unit is a transaction already.');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

const READ_UNIT_BEGIN = 'start transaction isolation level repeatable read read only';

/**
 * A read unit on a reserved connection, in fewer writes to the socket than kysely's transaction: BEGIN is queued
 * before the unit's first statement and goes out in the same write (postgres.js sends what is queued in one turn
 * together), and the connection goes back to the pool behind its COMMIT without waiting for the answer (postgres.js
 * pipelines the next user's statements after it). A read-only transaction has nothing to lose at COMMIT: what it read
 * is one snapshot either way. If BEGIN failed, the statements ran outside a transaction: the unit fails, so no answer
 * is built from more than one snapshot. Write units keep kysely's transaction: a write must never run before its
 * BEGIN is known to have worked. (docs/performance.md, issue 13 fourth round: a tenth less CPU on entry/mine.)
 */
const pipelinedRead = async <T>(pool: postgres.Sql, work: (repos: Repositories) => Promise<T>): Promise<T> => {
  const reserved = await pool.reserve();
  const begun = reserved.unsafe(READ_UNIT_BEGIN).execute();
  // Its failure is read after the unit's work (below); until then it must not count as an unhandled rejection.
  begun.catch(() => undefined);
  try {
    const db = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new ReservedConnectionDriver(reserved),
        createIntrospector: (introspected) => new PostgresIntrospector(introspected),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const result = await work(sqlRepositories({ db, dialect: postgresDialect }));
    await begun;
    void reserved
      .unsafe('commit')
      .execute()
      .catch(() => undefined);
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
  const db = new Kysely<Database>({ dialect: new PostgresJSDialect({ postgres: client }) });
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
    // Reads see one snapshot of committed data (never half a write, as on SQLite and in memory) and cannot write.
    read: (work) => guard(() => pipelinedRead(client, work)),
    write: (work) =>
      guard(() =>
        db.transaction().execute((trx) => work(sqlRepositories({ db: trx, dialect: postgresDialect, openSnapshotReader: snapshotReaderOf(readerPool, trx) }))),
      ),
    close: async () => {
      await db.destroy();
      await readers?.end();
    },
  };
}

export { migrate };
