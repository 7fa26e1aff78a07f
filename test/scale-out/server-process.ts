// A real server in a child process (node + tsx on server/main.ts, or a compiled main.js), its JSON log lines collected,
// for the tests that need sockets, signals and several instances.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type LogLine = Record<string, unknown> & { msg?: string };

export interface ServerProcess {
  readonly child: ChildProcess;
  /** The port it listens on (from its "listening" log line). */
  readonly port: number;
  readonly url: string;
  /** Every JSON log line so far. */
  logs(): LogLine[];
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** Resolves when a log line matches (or rejects after `timeoutMs`). */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
}

/** Runs the sources through tsx; a test of the compiled server passes its main.js instead. */
const FROM_SOURCES = ['--import', 'tsx', 'server/main.ts'];

/** Starts the server with `env` (PORT=0 unless given) in `cwd` (the project) and resolves once it listens. */
export const startServer = async (
  env: Record<string, string>,
  timeoutMs = 30_000,
  args: readonly string[] = FROM_SOURCES,
  cwd = root,
): Promise<ServerProcess> => {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const other: string[] = [];
  const waiters = new Set<() => void>();
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    for (const text of complete) {
      try {
        lines.push(JSON.parse(text) as LogLine);
      } catch {
        other.push(text);
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => other.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitForLog = (match: (line: LogLine) => boolean, waitMs = timeoutMs): Promise<LogLine> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = lines.find(match);
        if (found) {
          done();
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(
            `no matching log line within ${waitMs} ms; output:\n${other.join('')}\n${JSON.stringify(lines.slice(-10))}`,
          ),
        );
      }, waitMs);
      const gone = () => {
        done();
        reject(new Error(`the server exited; output:\n${other.join('')}\n${JSON.stringify(lines.slice(-10))}`));
      };
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
        child.off('exit', gone);
      };
      waiters.add(check);
      child.once('exit', gone);
      check();
    });

  const listening = await waitForLog((l) => l.msg === 'listening');
  const port = Number(listening.port);
  return { child, port, url: `http://127.0.0.1:${port}`, logs: () => [...lines], exited, waitForLog };
};

/** Polls `probe` until it returns true (or throws after `timeoutMs`). */
export const until = async (probe: () => Promise<boolean>, timeoutMs = 30_000, everyMs = 50): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
};
