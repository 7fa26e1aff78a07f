// Runs the real CLI as a child process (`node --import tsx cli/main.ts …`) against a temporary SQLite file.
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runCli } from '../../cli/run.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A temporary folder with a database path in it; `remove()` deletes it. */
export const tempDatabase = (): { dir: string; path: string; url: string; remove(): void } => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-cli-'));
  const path = join(dir, 'x.db');
  return { dir, path, url: `sqlite:${path}`, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

export const runLowest = (
  args: string[],
  env: Record<string, string | undefined>,
  entry: string[] = ['--import', 'tsx', 'cli/main.ts'],
): Promise<CliRun> =>
  new Promise((done) => {
    execFile(
      process.execPath,
      [...entry, ...args],
      { cwd: repoRoot, env: { ...process.env, NODE_ENV: 'test', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });

/** Opens the test's SQLite file directly (beside the CLI or a server using it), for reading or changing rows. */
export const withSqlite = <T>(path: string, work: (conn: Database.Database) => T): T => {
  const conn = new Database(path, { fileMustExist: true });
  try {
    return work(conn);
  } finally {
    conn.close();
  }
};

export const parseJson = (text: string): unknown => JSON.parse(text);

/** Narrows parsed JSON to a record so tests can read fields without `any`. */
export const record = (value: unknown): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`not an object: ${String(value)}`);
  return value as Record<string, unknown>;
};

/** The same command line run in this process through runCli (what main.ts runs): for long matrices of cases. */
export const runInProcess = async (args: string[], env: Record<string, string>): Promise<CliRun> => {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: { isTTY: false, write: (t: string) => ((stdout += t), true) },
    stderr: { write: (t: string) => ((stderr += t), true) },
    env,
  });
  return { code, stdout, stderr };
};
