// One SQLite connection: opening the database (its pragmas), its prepared statements and its lock, with better-sqlite3
// seen only through the subset of it that we use.
import BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';
import { FifoLock } from './lock.ts';

/** The subset of better-sqlite3's `Statement` that we use. */
export interface SqliteStatement {
  /** Whether the statement returns rows (`all`, `get`) rather than changes (`run`). */
  readonly reader: boolean;
  all(...parameters: unknown[]): unknown[];
  get(...parameters: unknown[]): unknown;
  run(...parameters: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
  /** Each row as its first column instead of a row object. */
  pluck(toggle?: boolean): this;
}

/** The subset of better-sqlite3's `Database` that we use (kysely's `SqliteDatabase`, with what the store adds to it). */
export interface SqliteDatabase {
  readonly open: boolean;
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
  pragma(source: string): unknown;
  exec(source: string): unknown;
  /** Copies the live database to `file` with SQLite's online backup. */
  backup(file: string): Promise<unknown>;
  close(): unknown;
}

/** Distinct SQL texts are few (one per query shape); `in (…)` lists of varying length add some. */
const STATEMENT_LIMIT = 500;

/** One better-sqlite3 connection, its prepared statements by SQL text (better-sqlite3 prepares anew on every call), and its lock. */
export class Connection implements DatabaseConnection {
  readonly lock = new FifoLock();
  readonly #statements = new Map<string, SqliteStatement>();

  constructor(readonly raw: SqliteDatabase) {}

  /** `pluck`: each row's first column instead of a row object (a million leaves cost less as strings). */
  statement(sql: string, pluck = false): SqliteStatement {
    const key = pluck ? `pluck:${sql}` : sql;
    let statement = this.#statements.get(key);
    if (!statement) {
      if (this.#statements.size >= STATEMENT_LIMIT) this.#statements.clear();
      statement = this.raw.prepare(sql);
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

/** Opens (creating if needed) the database at `path` in WAL; `onStatement` hears each statement's SQL as it runs. */
export const openConnection = (path: string, onStatement?: (sql: string) => void): Connection => {
  const raw: SqliteDatabase = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('foreign_keys = ON');
  if (onStatement) observeStatements(raw, onStatement);
  return new Connection(raw);
};

/** Calls `onStatement` as each statement of `raw` runs; only when asked, so the request path stays as it is. */
const observeStatements = (raw: SqliteDatabase, onStatement: (sql: string) => void): void => {
  const prepare = raw.prepare.bind(raw);
  raw.prepare = (sql: string) => {
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
  };
};
