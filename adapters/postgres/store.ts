// The scale-out Store: PostgreSQL through the `postgres` package. Writes are transactions; the
// constraints, conditional updates and row locks in the shared repositories do the serialising.
import { Kysely } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import type { Store } from '../../core/ports.ts';
import { postgresDialect } from '../sql/dialect.ts';
import { migrate } from '../sql/migrate.ts';
import { sqlRepositories } from '../sql/repositories.ts';
import type { Database } from '../sql/schema.ts';
import { unitOfWorkGuard } from '../unit-of-work-guard.ts';

export interface PostgresStore extends Store {
  /** The query builder, for `lowest migrate` and bulk tools (bench, seeds). */
  readonly db: Kysely<Database>;
}

/** Connects to `url` (postgres://…) and migrates the database. */
/** `checkNesting`: refuse a unit of work started inside another (unit-of-work-guard.ts); on unless turned off. */
export async function createPostgresStore(
  url: string,
  options: { maxConnections?: number; checkNesting?: boolean } = {},
): Promise<PostgresStore> {
  const client = postgres(url, { max: options.maxConnections ?? 10, onnotice: () => undefined });
  const db = new Kysely<Database>({ dialect: new PostgresJSDialect({ postgres: client }) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const guard = unitOfWorkGuard(options.checkNesting ?? true);
  return {
    db,
    // Reads see one snapshot of committed data (never half a write, as on SQLite and in memory) and cannot write.
    read: (work) =>
      guard(() =>
        db
          .transaction()
          .setIsolationLevel('repeatable read')
          .setAccessMode('read only')
          .execute((trx) => work(sqlRepositories({ db: trx, dialect: postgresDialect }))),
      ),
    write: (work) => guard(() => db.transaction().execute((trx) => work(sqlRepositories({ db: trx, dialect: postgresDialect })))),
    close: () => db.destroy(),
  };
}

export { migrate };
