// Compiles the server and the CLI to JavaScript in dist/server (DESIGN.md §14: `npm start` and the `lowest` bin run
// no TypeScript loader). esbuild (a dev dependency, like vite) bundles our own modules into ES modules, one chunk per
// dynamic import so a SQLite server never loads the PostgreSQL driver; packages stay external and load from
// node_modules. esbuild is loaded only to build: `npm start` imports this file on a production install too.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const serverOut = join(root, 'dist', 'server');
export const serverEntry = join(serverOut, 'main.js');
/** The compiled CLI (cli/main.ts), beside the server so both share its chunks and the fold worker. */
export const cliEntry = join(serverOut, 'cli.js');
/** Everything the server bundle is made of. */
export const serverSources = ['server', 'core', 'adapters', 'cli', 'package.json', 'package-lock.json'].map((p) =>
  join(root, p),
);

/** The newest modification time of the files under `path` (a file or a folder). */
export const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
};

export const serverIsStale = () =>
  [serverEntry, cliEntry].some((entry) => !existsSync(entry)) ||
  statSync(serverEntry).mtimeMs < Math.max(...serverSources.map(newest));

/** Builds into `outdir` (dist/server; a test builds elsewhere). */
export const buildServer = async (outdir = serverOut) => {
  const { build } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    // The close's tree fold runs on a worker thread from its own file (adapters/crypto/tree-fold-thread.ts).
    entryPoints: {
      main: join(root, 'server', 'main.ts'),
      cli: join(root, 'cli', 'main.ts'),
      'tree-fold-worker': join(root, 'adapters', 'crypto', 'tree-fold-worker.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
