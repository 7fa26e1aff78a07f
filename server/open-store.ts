// The container module of the Store named by DATABASE_URL: sqlite:PATH, sqlite::memory: or postgres://…
// Modules are imported on demand so a SQLite server never loads the PostgreSQL driver.
import type { ContainerModule } from 'inversify';
import type { Kysely } from 'kysely';
import type { Store } from '../core/ports.ts';
import type { Database } from '../adapters/sql/schema.ts';

/** A SQL store with its query builder, for the tables outside the repositories (rate limits). */
export interface OpenedStore extends Store {
  readonly db: Kysely<Database>;
  /** SQLite: whether writes succeed (a full or read-only database cannot take them), for /readyz. */
  writable?(): Promise<boolean>;
  /** SQLite: hears of each failure of the WAL checkpoint thread, for the logs and /metrics. */
  onCheckpointFailure?(listener: (error: Error) => void): void;
}

export const isPostgresUrl = (databaseUrl: string): boolean =>
  databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://');

/** Loading the module (`container.loadAsync`) opens the store and migrates it. */
export const storeModuleFor = async (
  databaseUrl: string,
  options: { pgPoolSize?: number } = {},
): Promise<ContainerModule> => {
  if (isPostgresUrl(databaseUrl)) {
    const { postgresModule } = await import('./container/postgres-module.ts');
    return postgresModule(databaseUrl, { maxConnections: options.pgPoolSize ?? 10 });
  }
  const { sqliteModule } = await import('./container/sqlite-module.ts');
  return sqliteModule(databaseUrl.slice('sqlite:'.length));
};
