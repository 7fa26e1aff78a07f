// vitest globalSetup: one PostgreSQL for the whole run, its admin URL handed to tests via provide().
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance-database URL of the test PostgreSQL; test files create their own database on it. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env['TEST_DATABASE_URL'];
  if (given) {
    project.provide('postgresAdminUrl', given);
    return undefined;
  }
  const running = await startEmbeddedPostgres();
  project.provide('postgresAdminUrl', running.adminUrl);
  return () => running.stop();
}
