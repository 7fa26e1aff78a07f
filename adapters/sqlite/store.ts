// The embedded default Store: better-sqlite3 in WAL. Writes go through one connection in
// BEGIN IMMEDIATE; reads of a file database through a second connection, so they never queue
// behind a write (WAL gives each read transaction the last committed state, never half a write).
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { Repositories, Store } from '../../core/ports.ts';
import { sqliteDialect } from '../sql/dialect.ts';
import { migrate } from '../sql/migrate.ts';
import { sqlRepositories } from '../sql/repositories.ts';
import type { Database } from '../sql/schema.ts';
import { SqliteConnectionDialect, SqliteConnectionDriver } from './connection-driver.ts';

export interface SqliteStore extends Store {
  /** The query builder, for `lowest migrate` and bulk tools (bench, seeds). */
  readonly db: Kysely<Database>;
  /** Copies the live database to `file` with SQLite's online backup. */
  backup(file: string): Promise<void>;
}

const BUSY_TIMEOUT_MS = 5000;

const openConnection = (path: string): SqliteConnectionDriver => {
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  raw.pragma('foreign_keys = ON');
  return new SqliteConnectionDriver(raw);
};

/** A connection with its lock held for the whole unit of work, inside `begin` … commit. */
const unitOn =
  (db: Kysely<Database>, driver: SqliteConnectionDriver, begin: string) =>
  <T>(work: (repos: Repositories) => Promise<T>): Promise<T> =>
    db.connection().execute(async (conn) => {
      driver.statements.run(begin);
      try {
        const result = await work(sqlRepositories({ db: conn, dialect: sqliteDialect }));
        driver.statements.run('commit');
        return result;
      } catch (error) {
        // A failed COMMIT (or a statement error) may have ended the transaction already.
        if (driver.database.inTransaction) driver.statements.run('rollback');
        throw error;
      }
    });

/** Opens (creating if needed) the database at `path` or `':memory:'` and migrates it. */
export async function createSqliteStore(path: string): Promise<SqliteStore> {
  const writer = openConnection(path);
  const db = new Kysely<Database>({ dialect: new SqliteConnectionDialect(writer) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }

  // An in-memory database belongs to its one connection: it reads through the writer.
  const inMemory = path === ':memory:' || path === '';
  const reader = inMemory ? writer : openConnection(path);
  if (!inMemory) reader.database.pragma('query_only = ON');
  const readDb = inMemory ? db : new Kysely<Database>({ dialect: new SqliteConnectionDialect(reader) });

  return {
    db,
    // Each unit holds its connection's lock: units on one connection run one after another.
    // BEGIN IMMEDIATE also serialises this process's writes with other processes' (`lowest close`).
    read: unitOn(readDb, reader, 'begin'),
    write: unitOn(db, writer, 'begin immediate'),
    backup: async (file) => {
      await writer.database.backup(file);
    },
    close: async () => {
      if (readDb !== db) await readDb.destroy();
      await db.destroy();
    },
  };
}

export { migrate };
