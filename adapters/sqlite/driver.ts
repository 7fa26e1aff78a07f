// The kysely dialect over one Connection: its driver, and an adapter that says SQLite's DDL is transactional.
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import type { Database } from '../sql/schema.ts';
import type { Connection } from './connection.ts';

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

/** A query builder over `connection`; `locking` as for ConnectionDriver. */
export const kyselyOver = (connection: Connection, locking: boolean): Kysely<Database> =>
  new Kysely<Database>({
    dialect: {
      createAdapter: () => new TransactionalDdlSqliteAdapter(),
      createDriver: () => new ConnectionDriver(connection, locking),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
