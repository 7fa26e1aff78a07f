// The scale-out Store: PostgreSQL through the `postgres` package (postgres.js), for any number of server instances.
//
// Concurrency model
// - One pool of connections per instance. Every unit of work runs in a transaction on a connection of its own: it
//   sends BEGIN, runs the unit, then COMMITs, or ROLLBACKs when the unit throws or any of its statements failed (even
//   one whose error the unit caught), and releases the connection. Write units through postgres.js's `sql.begin`;
//   read units send their BEGIN ahead of their first statement without waiting for it (`inReadTransaction`).
// - Write units are READ COMMITTED: the constraints, conditional updates and row locks (FOR UPDATE / FOR SHARE) of the
//   shared repositories do the serialising, across instances too.
// - Read units are REPEATABLE READ READ ONLY, one snapshot (taken at the first statement) for the whole unit. The read
//   units that start within one turn of the event loop share one such transaction, begun after that turn, so its
//   snapshot follows every one of their starts; each unit is answered after its COMMIT.
// - A player's first pick (`submitStandardPick`, ../sql/standard-pick.ts) is one statement outside any transaction:
//   a single statement is atomic, takes the same row locks a write unit's statements take, and costs one round trip.
// - Every statement is prepared (postgres.js's `prepare` option): parsed once per connection, then one round trip.
// - The query builder `db` (migrations, rate limits, bulk tools) reserves a connection from the same pool for each
//   query or kysely transaction, through kysely's own PostgresDialect. The close reads a game's items through it,
//   beside its unit (dialect.ts, `beside`).
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

type Statements = postgres.Sql | postgres.ReservedSql | postgres.TransactionSql;

type Command = PostgresQueryResult<unknown>['command'];

/** The subset of `pg`'s client that kysely's PostgresDialect uses (no cursors), over a postgres.js connection or transaction. */
const clientOf = (sql: Statements, release: () => void = () => undefined): PostgresPoolClient => ({
  query: (async (text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<unknown>> => {
    const result = await sql.unsafe(text, parameters as postgres.ParameterOrJSON<never>[], { prepare: true });
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
const repositoriesIn = (
  transaction: postgres.TransactionSql | postgres.ReservedSql,
  pool: Kysely<Database>,
): Repositories => {
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
const sharedReads = (sql: postgres.Sql, pool: Kysely<Database>) => {
  const run = async (units: QueuedRead[]): Promise<void> => {
    const outcomes: ({ value: unknown } | { error: unknown })[] = [];
    const failure = await inReadTransaction(sql, (transaction) => {
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
    if (failure && units.length > 1) for (const unit of units) void run([unit]);
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

/**
 * A read-only transaction on a connection of its own whose BEGIN goes out ahead of the unit's first statement, on the
 * same connection and without waiting for its answer (postgres.js sends a connection's queries in order): a round trip
 * less than `sql.begin`. Should the BEGIN fail, the unit's reads ran outside a transaction and its answers are
 * discarded: the unit fails with the BEGIN's error.
 */
const inReadTransaction = async <T>(
  sql: postgres.Sql,
  work: (connection: postgres.ReservedSql) => Promise<T>,
): Promise<T> => {
  const reserved = await sql.reserve();
  try {
    const begun = reserved.unsafe(`begin ${READ}`).execute();
    let result: T;
    try {
      result = await work(reserved);
      await begun;
    } catch (error) {
      await begun.catch(() => undefined);
      await reserved.unsafe('rollback').catch(() => undefined);
      throw error;
    }
    // PostgreSQL answers COMMIT with ROLLBACK, not an error, when a statement of the transaction failed.
    const committed = await reserved.unsafe('commit');
    if (committed.command === 'ROLLBACK') throw new Error('The transaction was rolled back.');
    return result;
  } finally {
    reserved.release();
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
  const sql = postgres(url, {
    max: options.maxConnections ?? 10,
    onnotice: () => undefined,
    ...(onStatement ? { debug: (_connection: number, query: string) => onStatement(query) } : {}),
  });
  const db = kyselyOver({
    connect: async () => {
      const reserved = await sql.reserve();
      return clientOf(reserved, () => reserved.release());
    },
    end: () => sql.end(),
  });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    read: sharedReads(sql, db),
    // One statement outside any transaction (standard-pick.ts): a single statement is atomic, and one round trip.
    submitStandardPick: (pick) =>
      submitStandardPick(
        {
          db,
          dialect: postgresDialect,
          execute: async <Row>(query: CompiledQuery<Row>) => {
            const rows = await sql.unsafe(query.sql, query.parameters as postgres.ParameterOrJSON<never>[], {
              prepare: true,
            });
            return { rows: Array.from(rows) as Row[] };
          },
        },
        pick,
      ),
    write: <T>(work: (repos: Repositories) => Promise<T>) =>
      sql.begin('isolation level read committed', (transaction) => work(repositoriesIn(transaction, db))) as Promise<T>,
    close: () => db.destroy(),
  };
}

export { migrate };
