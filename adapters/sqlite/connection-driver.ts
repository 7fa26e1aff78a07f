// A kysely driver over one better-sqlite3 connection that prepares each SQL text once (kysely's own
// driver prepares every statement anew) and hands the connection out in arrival order (its mutex
// wakes every waiter on each release, so under load some wait seconds while others jump ahead).
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

type Statement = BetterSqlite3.Statement<unknown[], unknown>;

/** Distinct SQL texts are few (one per query shape); `in (…)` lists of varying length add some. */
const STATEMENT_LIMIT = 500;

/** Prepared statements by SQL text, for one connection. */
export class StatementCache {
  readonly #statements = new Map<string, Statement>();

  constructor(private readonly db: BetterSqlite3.Database) {}

  get(sql: string): Statement {
    return this.#cached(sql, sql, false);
  }

  /** The same, returning each row's first column instead of a row object (better-sqlite3's pluck). */
  plucked(sql: string): Statement {
    return this.#cached(`pluck:${sql}`, sql, true);
  }

  #cached(key: string, sql: string, pluck: boolean): Statement {
    let statement = this.#statements.get(key);
    if (!statement) {
      if (this.#statements.size >= STATEMENT_LIMIT) this.#statements.clear();
      statement = this.db.prepare<unknown[], unknown>(sql);
      if (pluck) statement.pluck();
      this.#statements.set(key, statement);
    }
    return statement;
  }

  /** Runs a statement that returns nothing (BEGIN, COMMIT, ROLLBACK). */
  run(sql: string): void {
    this.get(sql).run();
  }
}

/** A lock granted in arrival order. */
export class FifoLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  /** Takes the lock if it is free; false if it is held. */
  tryAcquire(): boolean {
    if (this.#held) return false;
    this.#held = true;
    return true;
  }

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

class CachedStatementConnection implements DatabaseConnection {
  constructor(private readonly statements: StatementCache) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statements.get(query.sql);
    if (statement.reader) return Promise.resolve({ rows: statement.all(...query.parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(...query.parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  // eslint-disable-next-line require-yield -- the port demands a generator; nothing here streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not used with SQLite.');
  }
}

/** One better-sqlite3 connection with its statement cache and its lock. */
export class SqliteConnection {
  readonly statements: StatementCache;
  readonly lock = new FifoLock();
  readonly connection: DatabaseConnection;
  /**
   * Counts the times this connection may have committed a write (a unit's COMMIT, a query builder's statement), bumped
   * before the writer's callers are answered: a read that starts after a write was answered sees a higher count.
   */
  writes = 0;

  constructor(readonly database: BetterSqlite3.Database) {
    this.statements = new StatementCache(database);
    this.connection = new CachedStatementConnection(this.statements);
  }
}

/**
 * The connection as a kysely Driver. `locking`: every query (or kysely transaction) takes the lock,
 * for tools that use the query builder directly. Not locking: for a unit of work that holds the
 * lock already, so that one kysely instance serves every unit instead of one built per unit.
 */
export class SqliteConnectionDriver implements Driver {
  constructor(
    private readonly sqlite: SqliteConnection,
    private readonly locking: boolean,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.locking) await this.sqlite.lock.acquire();
    return this.sqlite.connection;
  }

  async beginTransaction(): Promise<void> {
    this.sqlite.statements.run('begin');
  }

  async commitTransaction(): Promise<void> {
    this.sqlite.statements.run('commit');
  }

  async rollbackTransaction(): Promise<void> {
    this.sqlite.statements.run('rollback');
  }

  async releaseConnection(): Promise<void> {
    if (!this.locking) return;
    this.sqlite.writes += 1;
    this.sqlite.lock.release();
  }

  /** The connection is closed by its owner (the store), once for both drivers. */
  async destroy(): Promise<void> {}
}

/** kysely's SQLite dialect with the driver above. */
export class SqliteConnectionDialect implements Dialect {
  constructor(private readonly driver: SqliteConnectionDriver) {}

  createDriver(): Driver {
    return this.driver;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
