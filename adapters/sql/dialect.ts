// The seam between the shared repositories and one database: only what truly differs lives here.
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database, SqlBoolean } from './schema.ts';
import type { LockOrder } from '../unit-of-work-guard.ts';
import type { StoredSignature } from '../../core/model.ts';

export interface SqlDialect {
  readonly name: 'sqlite' | 'postgres';
  /** A boolean as the driver binds it (better-sqlite3 binds no booleans: 1/0). */
  bool(value: boolean): SqlBoolean;
  /** Whether a driver error is a unique-constraint violation (mapped to the port's DomainError). */
  isUniqueViolation(error: unknown): boolean;
  /** Whether `SELECT … FOR UPDATE` is needed (and understood) to lock rows inside a write. */
  readonly rowLocks: boolean;
}

/** What every shared repository works over: one connection or transaction plus its dialect. */
export interface SqlContext {
  db: Kysely<Database>;
  dialect: SqlDialect;
  /**
   * Each row's first column without building row objects, where the driver can (better-sqlite3's pluck): for
   * reads of a million values, such as the close's leaves, where the objects cost more than the read.
   */
  firstColumn?: <Value>(query: { compile(): CompiledQuery<Record<string, Value>> }) => Promise<Value[]>;
  /**
   * The store's query builder outside the unit's transaction, where reads can run beside it (PostgreSQL's pool). Only
   * for rows that nothing can change while the caller runs: the close's read of a game's items, which every write of
   * entries and mines waits for (they hold the game the close holds), so the database reads them while the unit's own
   * statements (the counters) run on its connection.
   */
  beside?: Kysely<Database>;
  /**
   * Runs a compiled query on the unit's connection straight through the driver, where the driver answers at once
   * (better-sqlite3): kysely's executor costs a handful of promises a statement. Prepared queries use it (prepared.ts).
   */
  execute?: <Row>(query: CompiledQuery<Row>) => Promise<QueryResult<Row>>;
  /** The locks of the unit of work running on this context, checked for their order (../unit-of-work-guard.ts). */
  lockOrder?: LockOrder;
}

/** A driver error's `code` (SQLite's `SQLITE_…`, PostgreSQL's SQLSTATE), if it has one. */
export const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  bool: (value) => (value ? 1 : 0),
  isUniqueViolation: (error) => {
    const code = errorCode(error);
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  },
  // A SQLite write holds the whole database (BEGIN IMMEDIATE): rows need no locks.
  rowLocks: false,
};

export const postgresDialect: SqlDialect = {
  name: 'postgres',
  bool: (value) => value,
  isUniqueViolation: (error) => errorCode(error) === '23505',
  rowLocks: true,
};

/** Reads a boolean column whatever the driver returned (0/1 or true/false). */
export const fromSqlBoolean = (value: SqlBoolean): boolean => value === true || value === 1;

/** Counts, sums and bigints come back as strings from PostgreSQL and as numbers from SQLite. */
export const toNumber = (value: unknown): number => {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  return 0;
};

export const toNullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : toNumber(value);

/** Affected-row counts of kysely results (bigint or undefined). */
export const affected = (
  result: { numInsertedOrUpdatedRows?: bigint } | { numUpdatedRows: bigint } | { numDeletedRows: bigint },
): number => {
  if ('numUpdatedRows' in result) return Number(result.numUpdatedRows);
  if ('numDeletedRows' in result) return Number(result.numDeletedRows);
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
};

/** An entry's or a mine's receipt signature from its row: none on rows made before receipts were signed. */
export const receiptSignature = (row: {
  receipt_key_id: string | null;
  receipt_sig: string | null;
}): { signature?: StoredSignature } =>
  row.receipt_key_id !== null && row.receipt_sig !== null
    ? { signature: { keyId: row.receipt_key_id, sig: row.receipt_sig } }
    : {};
