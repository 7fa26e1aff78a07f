// A server of a journey's own, for journeys that stop it: the shared one (global-setup.ts) must keep running for the
// files after. Same entry and settings as the shared one, on its own port and throw-away SQLite database; it can
// be stopped and started again on the same port and database, so a session survives the outage.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/free-port.ts';

const root = join(import.meta.dirname, '..', '..', '..');

export interface PrivateServer {
  baseUrl: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its database. */
  dispose(): Promise<void>;
}

export async function startPrivateServer(): Promise<PrivateServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lowest-e2e-private-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        AUTH_MODE: 'dev',
        SHUTDOWN_GRACE_SECONDS: '2',
        DATABASE_URL: `sqlite:${join(dataDir, 'private.db')}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (started.exitCode !== null)
        throw new Error(`The private server exited early (code ${started.exitCode}):\n${output}`);
      const ready = await fetch(`${baseUrl}/api/game/today`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`The private server did not answer within 60 s:\n${output}`);
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    baseUrl,
    stop,
    start,
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
