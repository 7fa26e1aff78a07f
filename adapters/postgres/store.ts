// The scale-out Store: PostgreSQL through the `postgres` package (postgres.js), for any number of server instances.
//
// Concurrency model
// - One pool of connections per instance. Every unit of work runs on a connection reserved for it (`Pinned`): a
//   transaction that sends BEGIN, runs the unit, then COMMITs, or ROLLBACKs when the unit throws, and releases the
//   connection. PostgreSQL answers the COMMIT of a transaction one of whose statements failed (even one whose error
//   the unit caught) with ROLLBACK, and the unit fails. Read units send their BEGIN ahead of their first statement
//   without waiting for it; write units wait for theirs (`inTransaction`).
// - Write units are READ COMMITTED: the constraints, conditional updates and row locks (FOR UPDATE / FOR SHARE) of the
//   shared repositories do the serialising, across instances too.
// - Read units are REPEATABLE READ READ ONLY, one snapshot (taken at the first statement) for the whole unit. The read
//   units that start within one turn of the event loop share one such transaction, begun after that turn, so its
//   snapshot follows every one of their starts; each unit is answered after its COMMIT.
// - A player's first pick (`submitStandardPick`, ../sql/standard-pick.ts) is one statement outside any transaction:
//   a single statement is atomic, takes the same row locks a write unit's statements take, and costs one round trip.
//   It goes through the pool's queue, which pipelines many requests' picks on each connection (`throughQueue`).
// - Every statement is prepared (postgres.js's `prepare` option): parsed once per connection, then one round trip.
// - The query builder `db` (migrations, rate limits, bulk tools) reserves a connection from the same pool for each
//   query or kysely transaction, through kysely's own PostgresDialect. The close reads a game's items through it,
//   beside its unit (dialect.ts, `beside`).
// - The database out of reach (down, restarting, refusing connections): a unit that has no connection within
//   CONNECTION_WAIT_MS fails with StoreUnavailableError and never runs afterwards (`reserveWithin`); a unit whose
//   connection breaks fails with it too (`outageOr`, the one place that tells an outage from a bug). A pick not
//   answered within CONNECTION_WAIT_MS fails the same way, and its statement stores nothing if it runs afterwards: it
//   inserts only before an instant it carries, PICK_STORED_WITHIN_MS after it was sent, by the database's clock. The
//   pool reconnects by itself, at most a second apart, so the first units after the database is back find it.
// - Connections stay open until the server or the network closes them. When one closes or breaks, the pool it came
//   from is replaced by a fresh one whose connections are made anew, and every connection the old one lent out breaks
//   with it (`Pool`): a broken connection is never written to again nor handed back, and what waits on it fails
//   (`Pinned`). postgres.js 3.4 throws out of the process when a statement goes to a reserved connection that closed,
//   never settles the statements it queued behind one awaiting its description, and, given back a dead connection,
//   counts it among its open ones (porsager/postgres#1154, #1208).
// What holds, by construction:
// - Read-your-writes: a unit is answered after its COMMIT, so a unit that starts afterwards, on any instance, takes
//   its snapshot (or, writing, each statement's) after that COMMIT: a shared read transaction begins after the last
//   of its units started.
// - No half-seen write: a transaction's rows become visible together at its COMMIT; a read unit keeps one snapshot.
// - A unit started from inside another unit is not detected here: it would run on a connection of its own, outside
//   the transaction it sits in. Telling it from a concurrent request takes async context tracking, which costs every
//   request a quarter of its CPU on Node 20; the SQLite and memory stores refuse it, and the tests run on them.
import {
  Kysely,
  PostgresDialect,
  type CompiledQuery,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type QueryResult,
} from 'kysely';
import postgres from 'postgres';
import { StoreUnavailableError } from '../../core/errors.ts';
import type { Repositories, Store } from '../../core/ports.ts';
import { postgresDialect } from '../sql/dialect.ts';
import { migrate } from '../sql/migrate.ts';
import { sqlRepositories } from '../sql/repositories.ts';
import { submitStandardPick } from '../sql/standard-pick.ts';
import { LockOrder } from '../unit-of-work-guard.ts';
import type { Database } from '../sql/schema.ts';

export interface PostgresStore extends Store {
  /** The query builder, for `lowest migrate`, the shared rate limits and bulk tools (bench, seeds). */
  readonly db: Kysely<Database>;
}

/**
 * How long a unit waits for a connection before it fails as unavailable: a request's units answer within about 5 s
 * (DESIGN.md §20) even when its first ones took a moment before the database went away.
 */
export const CONNECTION_WAIT_MS = 3_000;

/**
 * How long after it was sent a pick may still be stored, by the database's clock: a second before its request gives
 * up (CONNECTION_WAIT_MS), for the statement to end and its answer to come back, and for the clocks of the servers
 * and the database to differ (NTP keeps them within milliseconds; the game's close already relies on them).
 */
export const PICK_STORED_WITHIN_MS = CONNECTION_WAIT_MS - 1_000;

/** postgres.js's codes for a connection that broke or could not be made, and the sockets' own. */
const CONNECTION_FAILURES = new Set([
  'CONNECTION_ENDED',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is not there to answer: class 08 (connection exception), shut down by the administrator
 * or a crash (57P01, 57P02), starting up or shutting down (57P03), out of connection slots (53300).
 */
const isUnavailableState = (code: string): boolean =>
  code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';

/** The one place that tells the database out of reach (an outage) from any other failure (a bug, a conflict). */
export const outageOr = (error: unknown): unknown => {
  if (error instanceof StoreUnavailableError || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return error;
  return CONNECTION_FAILURES.has(code) || isUnavailableState(code)
    ? new StoreUnavailableError(`The database is unavailable (${code}).`, { cause: error })
    : error;
};

type Command = PostgresQueryResult<unknown>['command'];

/**
 * A connection reserved from the pool for one unit. Once it broke (a statement on it failed for want of the
 * connection, or the pool saw one of its connections close), it sends nothing more: every statement still waiting on
 * it fails, every further one is refused, and it is not handed back (see the top of the file).
 */
class Pinned {
  #broken: StoreUnavailableError | null = null;
  /** The first statement that failed: a transaction it was part of can only roll back. */
  #failed: unknown = null;
  /**
   * Rejects once the connection broke. postgres.js 3.4 queues a reserved connection's statements behind one that waits
   * for its description (a statement's first use on a connection) and never settles them when the connection closes.
   */
  readonly #whenBroken: Promise<never>;
  #breakWith: (failure: StoreUnavailableError) => void = () => undefined;

  constructor(
    private readonly reserved: postgres.ReservedSql,
    private readonly onBroken: () => void,
    private readonly onReleased: () => void,
  ) {
    this.#whenBroken = new Promise<never>((_, reject) => (this.#breakWith = reject));
    this.#whenBroken.catch(() => undefined);
  }

  async query(text: string, parameters: readonly unknown[] = []): Promise<postgres.RowList<postgres.Row[]>> {
    if (this.#broken) throw this.#broken;
    try {
      return await Promise.race([
        this.reserved.unsafe(text, parameters as postgres.ParameterOrJSON<never>[], { prepare: true }),
        this.#whenBroken,
      ]);
    } catch (error) {
      const failure = outageOr(error);
      if (failure instanceof StoreUnavailableError && !this.#broken) {
        this.break(failure);
        this.onBroken();
      }
      this.#failed ??= failure;
      throw failure;
    }
  }

  /** The connection is gone: nothing more is sent on it, and what waits on it fails with `failure`. */
  break(failure: StoreUnavailableError): void {
    if (this.#broken) return;
    this.#broken = failure;
    this.#breakWith(failure);
  }

  /** The first failure of a statement on this connection, or null. */
  get failure(): unknown {
    return this.#failed;
  }

  /** Whether the connection broke: nothing more can be said on it, not even ROLLBACK. */
  get broken(): boolean {
    return this.#broken !== null;
  }

  release(): void {
    this.onReleased();
    if (!this.#broken) this.reserved.release();
  }
}

/**
 * The pool of connections, replaced whole when one of its connections closed or broke: the new one connects afresh,
 * every connection the old one lent out breaks at once (their units fail as unavailable, and nothing is written to a
 * closed connection), and the old one's connections are cut, which fails every statement still waiting on them.
 * Connections are kept open (no idle or lifetime limit), so a close is always the server or the network going away.
 */
class Pool {
  #sql: postgres.Sql;
  #lent = new Set<Pinned>();
  #ended = false;

  constructor(private readonly open: (onClose: () => void) => postgres.Sql) {
    this.#sql = this.#opened();
  }

  #opened(): postgres.Sql {
    const sql: postgres.Sql = this.open(() => this.broke(sql));
    return sql;
  }

  get sql(): postgres.Sql {
    return this.#sql;
  }

  /** A connection reserved from `sql`, lent to a unit until it releases it. */
  lend(sql: postgres.Sql, reserved: postgres.ReservedSql): Pinned {
    const lent = this.#lent;
    const pinned: Pinned = new Pinned(
      reserved,
      () => this.broke(sql),
      () => lent.delete(pinned),
    );
    if (sql === this.#sql) lent.add(pinned);
    else pinned.break(new StoreUnavailableError('The database connection closed.'));
    return pinned;
  }

  /** A connection of `sql` closed or broke: when it is still the pool in use, a fresh one takes its place. */
  broke(sql: postgres.Sql): void {
    if (sql !== this.#sql || this.#ended) return;
    const lent = this.#lent;
    this.#lent = new Set();
    this.#sql = this.#opened();
    const failure = new StoreUnavailableError('The database connection closed.');
    for (const pinned of lent) pinned.break(failure);
    void sql.end({ timeout: 0 }).catch(() => undefined);
  }

  end(): Promise<void> {
    this.#ended = true;
    return this.#sql.end();
  }
}

/**
 * A connection of the pool reserved within CONNECTION_WAIT_MS, else the unit fails as unavailable. One that comes
 * later goes straight back to the pool: the unit never runs after its caller was told it failed (a pick answered 503
 * is not stored behind the player's back). postgres.js offers no way to take a request back out of its queue.
 */
const reserveWithin = (pool: Pool): Promise<Pinned> =>
  new Promise((resolve, reject) => {
    const { sql } = pool;
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new StoreUnavailableError(`No database connection within ${CONNECTION_WAIT_MS} ms.`));
    }, CONNECTION_WAIT_MS);
    sql.reserve().then(
      (reserved) => {
        if (late) return reserved.release();
        clearTimeout(timer);
        resolve(pool.lend(sql, reserved));
      },
      (error: unknown) => {
        clearTimeout(timer);
        const failure = outageOr(error);
        if (failure instanceof StoreUnavailableError) pool.broke(sql);
        reject(failure);
      },
    );
  });

/**
 * A statement sent through the pool's queue: postgres.js pipelines it behind others on any of its connections. Fails
 * as unavailable when not answered within CONNECTION_WAIT_MS; what it does later is its own concern (the pick's
 * statement stores nothing after its instant). A connection failure replaces the pool, as a reserved one's does.
 */
const throughQueue = (pool: Pool, text: string, parameters: readonly unknown[]): Promise<postgres.Row[]> =>
  new Promise((resolve, reject) => {
    const { sql } = pool;
    const timer = setTimeout(
      () => reject(new StoreUnavailableError(`No answer from the database within ${CONNECTION_WAIT_MS} ms.`)),
      CONNECTION_WAIT_MS,
    );
    sql.unsafe(text, parameters as postgres.ParameterOrJSON<never>[], { prepare: true }).then(
      (rows) => {
        clearTimeout(timer);
        resolve(Array.from(rows));
      },
      (error: unknown) => {
        clearTimeout(timer);
        const failure = outageOr(error);
        if (failure instanceof StoreUnavailableError) pool.broke(sql);
        reject(failure);
      },
    );
  });

/** The subset of `pg`'s client that kysely's PostgresDialect uses (no cursors), over a reserved connection. */
const clientOf = (connection: Pinned, release: () => void = () => undefined): PostgresPoolClient => ({
  query: (async (text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<unknown>> => {
    const result = await connection.query(text, parameters);
    // PostgreSQL answers COMMIT with ROLLBACK, not an error, when a statement of the transaction failed.
    if (text === 'commit' && result.command === 'ROLLBACK') throw new Error('The transaction was rolled back.');
    return { command: result.command as Command, rowCount: result.count, rows: Array.from(result) };
  }) as PostgresPoolClient['query'],
  release,
});

const kyselyOver = (pool: PostgresPool): Kysely<Database> =>
  new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });

const MUTATIONS = new Set<string>(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * The shared repositories in one transaction. Prepared queries (prepared.ts) go straight to it; the query builder is
 * made only when a unit uses it (most units of the request path run prepared queries alone).
 */
const repositoriesIn = (transaction: Pinned, pool: Kysely<Database>): Repositories => {
  const client = clientOf(transaction);
  let db: Kysely<Database> | null = null;
  return sqlRepositories({
    lockOrder: new LockOrder(),
    get db() {
      return (db ??= kyselyOver({ connect: async () => client, end: async () => undefined }));
    },
    beside: pool,
    dialect: postgresDialect,
    execute: async <Row>(query: CompiledQuery<Row>): Promise<QueryResult<Row>> => {
      const { command, rowCount, rows } = await client.query<Row>(query.sql, query.parameters);
      return { rows, ...(MUTATIONS.has(command) ? { numAffectedRows: BigInt(rowCount) } : {}) };
    },
  });
};

interface QueuedRead {
  work: (repos: Repositories) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Read units that start within one turn of the event loop share one transaction, begun after that turn (see the top of
 * the file). If it fails (a statement failed, and PostgreSQL refuses the rest of the transaction), each of its units
 * runs again in a transaction of its own: a read can be repeated, and a later snapshot still follows its start.
 */
const sharedReads = (connections: Pool, pool: Kysely<Database>) => {
  const run = async (units: QueuedRead[]): Promise<void> => {
    const outcomes: ({ value: unknown } | { error: unknown })[] = [];
    const failure = await inTransaction(connections, 'read', (transaction) => {
      const repos = repositoriesIn(transaction, pool);
      return Promise.all(
        units.map((unit, i) =>
          unit.work(repos).then(
            (value) => void (outcomes[i] = { value }),
            (error: unknown) => void (outcomes[i] = { error }),
          ),
        ),
      );
    }).then(
      () => null,
      (error: unknown) => ({ error }),
    );
    // An outage fails them all: run again, each would wait for a connection as long once more.
    if (failure && units.length > 1 && !(failure.error instanceof StoreUnavailableError))
      for (const unit of units) void run([unit]);
    else
      units.forEach((unit, i) => {
        const outcome = outcomes[i] ?? failure ?? { error: new Error('The read unit did not run.') };
        if ('value' in outcome) unit.resolve(outcome.value);
        else unit.reject(outcome.error);
      });
  };

  let forming: QueuedRead[] | null = null;
  return <T>(work: (repos: Repositories) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!forming) {
        const units: QueuedRead[] = (forming = []);
        setImmediate(() => {
          forming = null;
          void run(units);
        });
      }
      forming.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
};

const READ = 'isolation level repeatable read read only';

/** Ends a unit's transaction on `connection`: COMMIT, which fails when PostgreSQL answers it with ROLLBACK. */
const commit = async (connection: Pinned): Promise<void> => {
  // PostgreSQL answers COMMIT with ROLLBACK, not an error, when a statement of the transaction failed (even one whose
  // error the unit caught): the unit fails with that statement's error.
  const committed = await connection.query('commit');
  if (committed.command === 'ROLLBACK') throw connection.failure ?? new Error('The transaction was rolled back.');
};

/** Undoes a unit's transaction after its failure, unless its connection broke (nothing can be said on it then). */
const rollback = async (connection: Pinned): Promise<void> => {
  if (!connection.broken) await connection.query('rollback').catch(() => undefined);
};

/**
 * A transaction on a connection of its own. A read unit's BEGIN goes out ahead of its first statement, on the same
 * connection and without waiting for its answer (postgres.js sends a connection's queries in order): a round trip less
 * than waiting for it. Should the BEGIN fail, the unit's reads ran outside a transaction and its answers are
 * discarded: the unit fails with the BEGIN's error. A write unit waits for its BEGIN (READ COMMITTED) before it runs.
 */
const inTransaction = async <T>(
  pool: Pool,
  kind: 'read' | 'write',
  work: (connection: Pinned) => Promise<T>,
): Promise<T> => {
  const connection = await reserveWithin(pool);
  try {
    const begun = connection.query(kind === 'read' ? `begin ${READ}` : 'begin isolation level read committed');
    // Its failure is the unit's, awaited before (write) or after (read) the unit.
    begun.catch(() => undefined);
    let result: T;
    try {
      if (kind === 'write') await begun;
      result = await work(connection);
      await begun;
    } catch (error) {
      await begun.catch(() => undefined);
      await rollback(connection);
      throw error;
    }
    await commit(connection);
    return result;
  } finally {
    connection.release();
  }
};

/** Connects to `url` (postgres://…) and migrates the database. */
export async function createPostgresStore(
  url: string,
  options: {
    maxConnections?: number;
    /** Called with each statement's SQL as it is sent (tests count a request's statements). */
    onStatement?: (sql: string) => void;
  } = {},
): Promise<PostgresStore> {
  const { onStatement } = options;
  const connections = new Pool((onClose) =>
    postgres(url, {
      max: options.maxConnections ?? 10,
      // Seconds. A connection not made within the units' wait is not worth waiting for.
      connect_timeout: CONNECTION_WAIT_MS / 1000,
      // Connections stay open: a connection that closes means the database or the network went away (`Pool`).
      max_lifetime: null,
      onclose: onClose,
      // Seconds before a connection tries again after a failed one: postgres.js's default grows to 20 s, which would
      // keep a pool away from a database that is back; at most a second here, while nothing waits on a connection.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      onnotice: () => undefined,
      ...(onStatement ? { debug: (_connection: number, query: string) => onStatement(query) } : {}),
    }),
  );
  const db = kyselyOver({
    connect: async () => {
      const reserved = await reserveWithin(connections);
      return clientOf(reserved, () => reserved.release());
    },
    end: () => connections.end(),
  });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    read: sharedReads(connections, db),
    // One statement outside any transaction (standard-pick.ts): a single statement is atomic, and one round trip,
    // pipelined with other picks through the pool's queue. It stores nothing once its request may have given up.
    submitStandardPick: async (pick) => {
      const storeBy = new Date(Date.now() + PICK_STORED_WITHIN_MS);
      const stored = await submitStandardPick(
        {
          db,
          dialect: postgresDialect,
          execute: async <Row>(query: CompiledQuery<Row>) => ({
            rows: (await throughQueue(connections, query.sql, query.parameters)) as Row[],
          }),
        },
        pick,
        storeBy,
      );
      // Too late to store: the database is that slow, and the rule's own units would wait as long again.
      if (!stored && Date.now() >= storeBy.getTime())
        throw new StoreUnavailableError(`The database did not store the pick within ${PICK_STORED_WITHIN_MS} ms.`);
      return stored;
    },
    write: (work) => inTransaction(connections, 'write', (connection) => work(repositoriesIn(connection, db))),
    close: () => db.destroy(),
  };
}

export { migrate };
