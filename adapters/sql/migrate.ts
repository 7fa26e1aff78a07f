// Runs the pending migrations (at store creation and by `lowest migrate`) as one transaction: a run that fails
// changes nothing. PostgreSQL takes kysely's migration lock (an advisory lock) first, so an instance starting while
// another migrates waits for it and then finds nothing pending; SQLite's run holds the write lock (BEGIN IMMEDIATE)
// from its first read of the migrations table (../sqlite/driver.ts says why kysely's SQLite adapter needs telling).
import { Migrator, type Kysely, type Migration, type MigrationResult } from 'kysely';
import { migrations as allMigrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export async function migrate(
  db: Kysely<Database>,
  migrations: Record<string, Migration> = allMigrations,
): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results ?? [];
}
