// PostgreSQL at `url`, its pool opened and the schema migrated as the module loads.
import { ContainerModule } from 'inversify';
import { createPostgresStore } from '../../adapters/postgres/store.ts';
import { SqlStorePort, StorePort } from './tokens.ts';

export const postgresModule = (url: string, options: { maxConnections: number }): ContainerModule =>
  new ContainerModule(async ({ bind }) => {
    bind(SqlStorePort).toConstantValue(await createPostgresStore(url, options));
    bind(StorePort).toService(SqlStorePort);
  });
