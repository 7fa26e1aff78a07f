// kysely over postgres.js with every statement prepared. postgres.js sends an unprepared statement that has
// parameters as two round trips (it asks the server for the parameter types first, then executes), and
// `sql.unsafe` (how a query builder hands over its SQL) is unprepared unless told: a submission made twice the
// round trips it needed (docs/performance.md, issue 13 fifth round). A prepared statement is parsed once per
// connection and then costs one round trip. postgres.js keeps the statements of a connection until the
// connection is recycled (`max_lifetime`), so SQL text that varies (an `in (…)` list) costs a little memory on
// both sides for that long.
import { PostgresDriver, type CompiledQuery, type DatabaseConnection, type QueryResult } from 'kysely';
import type postgres from 'postgres';

type Parameters = postgres.ParameterOrJSON<never>[];

const MUTATIONS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** One statement, prepared, on a reserved connection. */
export const runPrepared = async <Row>(
  sql: postgres.ReservedSql,
  query: Pick<CompiledQuery, 'sql' | 'parameters'>,
): Promise<QueryResult<Row>> => {
  const result = await sql.unsafe(query.sql, query.parameters as Parameters, { prepare: true });
  return {
    rows: Array.from(result) as Row[],
    ...(MUTATIONS.has(result.command) ? { numAffectedRows: BigInt(result.count) } : {}),
  };
};

/** A reserved connection as kysely's connection. */
export class PostgresJsConnection implements DatabaseConnection {
  constructor(readonly reserved: postgres.ReservedSql) {}

  executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
    return runPrepared<Row>(this.reserved, query);
  }

  async *streamQuery<Row>(query: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<Row>> {
    const cursor = this.reserved.unsafe(query.sql, query.parameters as Parameters, { prepare: true }).cursor(chunkSize);
    for await (const rows of cursor) yield { rows: rows as unknown as Row[] };
  }
}

/**
 * kysely's PostgreSQL driver (its BEGIN, COMMIT, isolation levels and savepoints) over a postgres.js pool: a
 * connection is reserved for each query or transaction and released after it. Not the pool's own queries, although
 * they would save the reservation: a read unit hands its connection back before its COMMIT has gone out (store.ts),
 * and postgres.js would put a pool query on that connection ahead of the COMMIT, inside the read-only transaction,
 * where a reservation waits its turn behind it (tried: the rate limits' upsert failed under the scale-out test).
 */
export class PostgresJsDriver extends PostgresDriver {
  constructor(private readonly pool: postgres.Sql) {
    super({ pool: () => Promise.reject(new Error('PostgresJsDriver has no pg pool.')) });
  }

  override async init(): Promise<void> {}

  override async acquireConnection(): Promise<DatabaseConnection> {
    return new PostgresJsConnection(await this.pool.reserve());
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PostgresJsConnection).reserved.release();
  }

  override async destroy(): Promise<void> {
    await this.pool.end();
  }
}
