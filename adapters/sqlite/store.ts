// The embedded default Store: one better-sqlite3 connection (WAL), writes in BEGIN IMMEDIATE.
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Repositories, Store } from '../../core/ports.ts';
import { sqliteDialect } from '../sql/dialect.ts';
import { migrate } from '../sql/migrate.ts';
import { sqlRepositories } from '../sql/repositories.ts';
import type { Database } from '../sql/schema.ts';

export interface SqliteStore extends Store {
  /** The query builder, for `lowest migrate` and bulk tools (bench, seeds). */
  readonly db: Kysely<Database>;
  /** Copies the live database to `file` with SQLite's online backup. */
  backup(file: string): Promise<void>;
}

/** Opens (creating if needed) the database at `path` or `':memory:'` and migrates it. */
export async function createSqliteStore(path: string): Promise<SqliteStore> {
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }

  // kysely's SQLite driver has one connection behind a mutex: holding it for the whole unit of
  // work serialises this process's units; BEGIN IMMEDIATE serialises writers of other processes.
  const unit = <T>(begin: string, work: (repos: Repositories) => Promise<T>): Promise<T> =>
    db.connection().execute(async (conn) => {
      await sql.raw(begin).execute(conn);
      try {
        const result = await work(sqlRepositories({ db: conn, dialect: sqliteDialect }));
        await sql`commit`.execute(conn);
        return result;
      } catch (error) {
        await sql`rollback`.execute(conn);
        throw error;
      }
    });

  return {
    db,
    read: (work) => unit('begin', work),
    write: (work) => unit('begin immediate', work),
    backup: async (file) => {
      await raw.backup(file);
    },
    close: () => db.destroy(),
  };
}

export { migrate };
