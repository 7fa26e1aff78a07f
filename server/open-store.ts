// The container module of the Store named by DATABASE_URL: sqlite:PATH, sqlite::memory: or postgres://…
// Modules are imported on demand so a SQLite server never loads the PostgreSQL driver.
import type { ContainerModule } from 'inversify';

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
