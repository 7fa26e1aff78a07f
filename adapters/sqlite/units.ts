// The units of work of one connection, the one path to its repositories: batched by turn of the event loop, one
// transaction a batch, each write in a savepoint of its own (the concurrency model is at the top of store.ts).
import type { CompiledQuery } from 'kysely';
import { StoreUnavailableError } from '../../core/errors.ts';
import type { Repositories } from '../../core/ports.ts';
import { sqliteDialect, type SqlContext } from '../sql/dialect.ts';
import { sqlRepositories } from '../sql/repositories.ts';
import { LockOrder, NestedUnitOfWorkError, UnitOutlivedTurnError } from '../unit-of-work-guard.ts';
import type { Connection } from './connection.ts';
import { kyselyOver } from './driver.ts';
import { outageOr } from './outage.ts';

/** What the shared repositories work over, on a connection: it holds nothing but the connection, used only under its lock. */
export const contextOn = (
  connection: Connection,
): SqlContext & Required<Pick<SqlContext, 'execute' | 'firstColumn'>> => ({
  db: kyselyOver(connection, false),
  dialect: sqliteDialect,
  execute: <Row>(query: CompiledQuery<Row>) => connection.executeQuery<Row>(query),
  firstColumn: async <Value>(query: { compile(): CompiledQuery<Record<string, Value>> }) => {
    const compiled = query.compile();
    return connection.statement(compiled.sql, true).all(...compiled.parameters) as Value[];
  },
});

/**
 * The repositories of one unit, usable while it runs and refused once it is over: a unit that outlived its turn is
 * failed, and what it would do afterwards must not run outside its transaction (or inside the next batch's).
 */
const unitRepositories = (base: SqlContext & Required<Pick<SqlContext, 'execute' | 'firstColumn'>>) => {
  let open = true;
  const refused = () => new UnitOutlivedTurnError();
  // A repository method reads `db` when it is called, and runs to its end within the turn (better-sqlite3 answers at
  // once): refusing it here refuses every statement of a unit that is over.
  const context: SqlContext = {
    dialect: base.dialect,
    get db() {
      if (!open) throw refused();
      return base.db;
    },
    execute: (query) => (open ? base.execute(query) : Promise.reject(refused())),
    firstColumn: (query) => (open ? base.firstColumn(query) : Promise.reject(refused())),
    lockOrder: new LockOrder(),
  };
  return { repos: sqlRepositories(context), end: () => void (open = false) };
};

interface QueuedUnit {
  work: (repos: Repositories) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many units share one transaction. */
const BATCH_UNITS = 32;

const totalChanges = (connection: Connection): number =>
  connection.statement('select total_changes()', true).get() as number;

export interface BatchState {
  /** Whether a batch of either connection is running its units: what tells a nested unit (see the top of store.ts). */
  running: boolean;
  /** The failure of the last write, while the database cannot take writes; null once one commits. */
  notWritable: StoreUnavailableError | null;
}

/**
 * The units of work of one connection, the only way its repositories are used (see the top of store.ts). A batch
 * waits one turn before it begins, so the requests read in that turn queue their units into it, then takes the
 * units queued so far and runs them one after another in one transaction, each write in a savepoint (a read
 * connection cannot change anything a failed unit would have to undo).
 */
export const unitsOn = (connection: Connection, writing: boolean, state: BatchState) => {
  const reject = (unit: QueuedUnit, error: unknown): void => {
    const failure = outageOr(error);
    if (writing && failure instanceof StoreUnavailableError) state.notWritable = failure;
    unit.reject(failure);
  };
  const context = contextOn(connection);
  const begin = writing ? 'begin immediate' : 'begin';
  const queue: QueuedUnit[] = [];

  const runBatch = async (): Promise<void> => {
    const batch = queue.splice(0, BATCH_UNITS);
    const done: { unit: QueuedUnit; result: unknown }[] = [];
    const failed: { unit: QueuedUnit; error: unknown }[] = [];
    let turnOver!: (error: Error) => void;
    const outlived = new Promise<never>((_, reject) => (turnOver = reject));
    const timer = setImmediate(() => turnOver(new UnitOutlivedTurnError()));
    state.running = true;
    // While writes fail, a batch that commits what it changed shows the database writable again.
    const changesBefore = writing && state.notWritable ? totalChanges(connection) : null;
    try {
      connection.run(begin);
      for (const unit of batch) {
        if (writing) connection.run('savepoint unit');
        const { repos, end } = unitRepositories(context);
        try {
          done.push({ unit, result: await Promise.race([unit.work(repos), outlived]).finally(end) });
          if (writing) connection.run('release unit');
        } catch (error) {
          failed.push({ unit, error });
          // Some errors (a full disk) end the whole transaction: the units done before this one are gone with it.
          if (!connection.raw.inTransaction) throw error;
          if (writing) {
            connection.run('rollback to unit');
            connection.run('release unit');
          }
        }
      }
      connection.run('commit');
      clearImmediate(timer);
      state.running = false;
      if (changesBefore !== null && totalChanges(connection) > changesBefore) state.notWritable = null;
      for (const { unit, error } of failed) reject(unit, error);
      for (const { unit, result } of done) unit.resolve(result);
    } catch (error) {
      clearImmediate(timer);
      state.running = false;
      if (connection.raw.inTransaction) connection.run('rollback');
      // BEGIN failed (another process held the database past the busy timeout), or a unit ended the transaction,
      // or the COMMIT failed: all fail.
      for (const { unit, error: own } of failed) reject(unit, own);
      for (const { unit } of done) reject(unit, error);
      for (const unit of batch.slice(done.length + failed.length)) reject(unit, error);
    }
  };

  let draining = false;
  const drain = async (): Promise<void> => {
    draining = true;
    try {
      while (queue.length > 0) {
        // Each batch begins in a turn of its own, after every callback of the turn before (an answered unit's
        // caller going on to its next unit) has run: while a batch runs, only its own units can call the store.
        await new Promise(setImmediate);
        await connection.locked(runBatch).catch((error: unknown) => {
          for (const unit of queue.splice(0)) reject(unit, error);
        });
      }
    } finally {
      draining = false;
    }
  };

  return <T>(work: (repos: Repositories) => Promise<T>): Promise<T> => {
    if (state.running) return Promise.reject(new NestedUnitOfWorkError());
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!draining) void drain();
    });
  };
};
