// SQLite at `path` (a file, created with its folder if missing, or ':memory:'), opened and migrated as the module loads.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ContainerModule } from 'inversify';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import { SqlStorePort, StorePort } from './tokens.ts';

export const sqliteModule = (path: string): ContainerModule =>
  new ContainerModule(async ({ bind }) => {
    let file = path;
    if (path !== ':memory:') {
      file = resolve(path);
      mkdirSync(dirname(file), { recursive: true });
    }
    bind(SqlStorePort).toConstantValue(await createSqliteStore(file));
    bind(StorePort).toService(SqlStorePort);
  });
