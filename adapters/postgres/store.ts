// The scale-out Store: PostgreSQL through the `postgres` package. Writes are transactions; the
// constraints, conditional updates and row locks in the shared repositories do the serialising.
import { Kysely, sql, type Transaction } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import type { Store } from '../../core/ports.ts';
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
    read: (work) =>
      guard(() =>
        db
          .transaction()
          .setIsolationLevel('repeatable read')
          .setAccessMode('read only')
          .execute((trx) => work(sqlRepositories({ db: trx, dialect: postgresDialect }))),
      ),
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
