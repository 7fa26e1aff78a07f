// Compiles the server to JavaScript in dist/server (DESIGN.md §14: `npm start` runs no TypeScript
// loader). esbuild (already installed with vite and tsx) bundles our own modules into ES modules,
// one chunk per dynamic import so a SQLite server never loads the PostgreSQL driver; packages stay
// external and load from node_modules.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const serverOut = join(root, 'dist', 'server');
export const serverEntry = join(serverOut, 'main.js');
/** Everything the server bundle is made of. */
export const serverSources = ['server', 'core', 'adapters', 'package.json', 'package-lock.json'].map((p) => join(root, p));

/** The newest modification time of the files under `path` (a file or a folder). */
export const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
};

export const serverIsStale = () => !existsSync(serverEntry) || statSync(serverEntry).mtimeMs < Math.max(...serverSources.map(newest));

/** Builds into `outdir` (dist/server; a test builds elsewhere). */
export const buildServer = async (outdir = serverOut) => {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    // The close's tree fold runs on a worker thread from its own file (adapters/crypto/tree-fold-thread.ts).
    entryPoints: { main: join(root, 'server', 'main.ts'), 'tree-fold-worker': join(root, 'adapters', 'crypto', 'tree-fold-worker.ts') },
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
