// Opens the Store named by DATABASE_URL: sqlite:PATH, sqlite::memory: or postgres://…
// Adapters are imported on demand so a SQLite server never loads the PostgreSQL driver.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Store } from '../core/ports.ts';

export const openStore = async (databaseUrl: string): Promise<Store> => {
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    const { createPostgresStore } = await import('../adapters/postgres/store.ts');
    return createPostgresStore(databaseUrl);
  }
  const path = databaseUrl.slice('sqlite:'.length);
  const { createSqliteStore } = await import('../adapters/sqlite/store.ts');
  if (path === ':memory:') return createSqliteStore(':memory:');
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  return createSqliteStore(file);
};
