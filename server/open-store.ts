// Opens the Store named by DATABASE_URL: sqlite:PATH, sqlite::memory: or postgres://…
// Adapters are imported on demand so a SQLite server never loads the PostgreSQL driver.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Store } from '../core/ports.ts';
import type { Database } from '../adapters/sql/schema.ts';

/** A SQL store with its query builder, for the tables outside the repositories (rate limits). */
export interface OpenedStore extends Store {
  readonly db: Kysely<Database>;
}

export const isPostgresUrl = (databaseUrl: string): boolean =>
  databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://');

export const openStore = async (databaseUrl: string, options: { pgPoolSize?: number } = {}): Promise<OpenedStore> => {
  if (isPostgresUrl(databaseUrl)) {
    const { createPostgresStore } = await import('../adapters/postgres/store.ts');
    return createPostgresStore(databaseUrl, { maxConnections: options.pgPoolSize ?? 10 });
  }
  const path = databaseUrl.slice('sqlite:'.length);
  const { createSqliteStore } = await import('../adapters/sqlite/store.ts');
  if (path === ':memory:') return createSqliteStore(':memory:');
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  return createSqliteStore(file);
};
