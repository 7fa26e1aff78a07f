// Queries of the request path built and compiled once per dialect, then run with each call's values. kysely
// otherwise builds an operation tree and compiles it to SQL text on every call: 5–8 µs a statement, a tenth of a
// submission's CPU. The SQL text of a query depends on the dialect only, never on the connection or transaction
// it runs on.
import type { Compilable, CompiledQuery, Kysely, QueryResult, SelectQueryBuilder } from 'kysely';
import type { RowLock } from '../../core/game/ports.ts';
import type { SqlContext, SqlDialect } from './dialect.ts';
import type { Database } from './schema.ts';

/** What the i-th argument is while the query is compiled: a string no real value looks like. */
const STAND_IN = '\u0000prepared argument ';
const standIn = (index: number): string => `${STAND_IN}${index}`;
const argumentOf = (value: unknown): number | null =>
  typeof value === 'string' && value.startsWith(STAND_IN) ? Number(value.slice(STAND_IN.length)) : null;

/** Each parameter of the compiled query: the index of the argument it takes, or a value the query holds itself. */
type Slot = { argument: number } | { constant: unknown };

interface Template<Row> {
  compiled: CompiledQuery<Row>;
  slots: Slot[];
}

export interface PreparedQuery<Args extends unknown[], Row> {
  /** Runs the query with these values on the context's connection or transaction. */
  run(ctx: SqlContext, ...args: Args): Promise<QueryResult<Row>>;
}

/**
 * `build` receives stand-ins for its arguments: it must use each one as a value of the query (never branch on it,
 * transform it or leave it out); a query whose shape depends on a value (an `in (…)` list) is not for this.
 * Values the query holds itself (a `limit 1`) stay as they were compiled.
 */
export const prepare = <Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): PreparedQuery<Args, Row> => {
  const templates = new Map<SqlDialect, Template<Row>>();

  const templateFor = (ctx: SqlContext): Template<Row> => {
    const known = templates.get(ctx.dialect);
    if (known) return known;
    const standIns = Array.from({ length: arity }, (_, index) => standIn(index)) as Args;
    const compiled = build(ctx.db, ...standIns).compile();
    const slots = compiled.parameters.map((value): Slot => {
      const argument = argumentOf(value);
      return argument === null ? { constant: value } : { argument };
    });
    for (let index = 0; index < arity; index += 1) {
      if (!slots.some((slot) => 'argument' in slot && slot.argument === index)) {
        throw new Error(
          `A prepared query must use each of its arguments as a value: argument ${index} is missing from ${compiled.sql}`,
        );
      }
    }
    const template = { compiled, slots };
    templates.set(ctx.dialect, template);
    return template;
  };

  return {
    run: (ctx, ...args) => {
      const { compiled, slots } = templateFor(ctx);
      const parameters = slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.constant));
      const query = { ...compiled, parameters };
      return ctx.execute ? ctx.execute(query) : ctx.db.executeQuery<Row>(query);
    },
  };
};

export interface PreparedLockingQuery<Args extends unknown[], Row> {
  /** Runs the query, with `lock` where the dialect has row locks (SQLite's write already holds the whole database). */
  run(ctx: SqlContext, lock: RowLock | undefined, ...args: Args): Promise<QueryResult<Row>>;
}

/** A prepared select in three forms: as built, FOR SHARE and FOR UPDATE. */
export const prepareLocking = <Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<Database>, ...args: Args) => SelectQueryBuilder<Database, keyof Database, Row>,
): PreparedLockingQuery<Args, Row> => {
  const forms = {
    none: prepare(arity, build),
    share: prepare(arity, (db, ...args: Args) => build(db, ...args).forShare()),
    update: prepare(arity, (db, ...args: Args) => build(db, ...args).forUpdate()),
  };
  return { run: (ctx, lock, ...args) => forms[lock && ctx.dialect.rowLocks ? lock : 'none'].run(ctx, ...args) };
};
