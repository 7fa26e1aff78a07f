// The read units' START TRANSACTION sent together with their first query. A read unit is a read-only repeatable-read
// transaction (never half a write, as on SQLite); awaited on its own, its START TRANSACTION is one more round trip
// per unit, and every signed-in request opens one for its session. postgres.js sends what a reserved connection has
// queued in one write, in order, so the first query runs inside the transaction all the same; the START's outcome is
// awaited before COMMIT, so a unit whose START failed fails too. Write units keep the awaited START: a write must
// never run outside its transaction.
import { CompiledQuery, type DatabaseConnection, type Driver, type TransactionSettings } from 'kysely';
import { PostgresJSDialect, PostgresJSDriver } from 'kysely-postgres-js';

type DialectConfig = ConstructorParameters<typeof PostgresJSDialect>[0];

class PipelinedReadsDriver extends PostgresJSDriver {
  readonly #starts = new WeakMap<DatabaseConnection, Promise<unknown>>();

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.accessMode !== 'read only') return super.beginTransaction(connection, settings);
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    const start = connection.executeQuery(CompiledQuery.raw(`start transaction${isolation} read only`));
    // Awaited at the end of the unit; until then a failure must not count as unhandled.
    start.catch(() => undefined);
    this.#starts.set(connection, start);
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#started(connection);
    await super.commitTransaction(connection);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#started(connection).catch(() => undefined);
    await super.rollbackTransaction(connection);
  }

  #started(connection: DatabaseConnection): Promise<unknown> {
    const start = this.#starts.get(connection);
    this.#starts.delete(connection);
    return start ?? Promise.resolve();
  }
}

export class PipelinedReadsDialect extends PostgresJSDialect {
  readonly #config: DialectConfig;

  constructor(config: DialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new PipelinedReadsDriver(this.#config);
  }
}
