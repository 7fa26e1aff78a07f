// One round of bench:http's load through Debian's `wrk` (C, one thread: `apt-get install -y wrk`), with the
// requests of http-wrk.lua: the URL's plain GET, signed-in GETs, or each line's submission once.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'http-wrk.lua');

/** Stops the bench with the install command when wrk is not on the PATH: the bench installs nothing itself. */
export const requireWrk = (): void => {
  if (spawnSync('wrk', ['-v']).error === undefined) return;
  console.error('bench:http drives its load with wrk, which is not installed here: apt-get install -y wrk');
  process.exit(1);
};

export interface WrkOptions {
  port: number;
  path: string;
  connections: number;
  seconds: number;
  /** One request a line (see http-wrk.lua: a cookie, a submission, or a path to GET); none: the plain GET of `path`. */
  lines?: string[];
  origin?: string;
  /** Requests a second to pace the load at (http-wrk.lua); absent: as fast as the server answers. */
  rate?: number;
}

export interface WrkRound {
  /** Responses received. */
  requests: number;
  elapsedMs: number;
  /** [latency in µs, how many] pairs. */
  latencyUs: [number, number][];
  /** Socket errors and timeouts, and responses other than 2xx/3xx. */
  socketErrors: number;
  statusErrors: number;
  /** Requests the script built (a submission's line each). */
  sent: number;
  /** Statuses seen, for submissions only. */
  statuses: Record<string, number>;
  /** The numbers answered 201. */
  accepted: number[];
}

export const runWrk = async (options: WrkOptions): Promise<WrkRound> => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-wrk-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, BENCH_PATH: options.path, BENCH_ORIGIN: options.origin ?? '' };
    if (options.rate !== undefined) env['BENCH_RATE'] = String(options.rate);
    if (options.lines) {
      env['BENCH_LINES'] = join(dir, 'lines');
      writeFileSync(env['BENCH_LINES'], `${options.lines.join('\n')}\n`);
    }
    const args = [
      '-t1',
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      SCRIPT,
      `http://127.0.0.1:${options.port}${options.path}`,
    ];
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile('wrk', args, { env, maxBuffer: 64 * 2 ** 20 }, (error, out, err) =>
        error ? reject(new Error(`wrk failed: ${error.message}\n${err}`)) : resolve(out),
      ),
    );
    const line = stdout.split('\n').find((l) => l.startsWith('wrk-result '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const result = JSON.parse(line.slice('wrk-result '.length)) as Omit<WrkRound, 'elapsedMs'> & { durationUs: number };
    return { ...result, elapsedMs: result.durationUs / 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
