#!/usr/bin/env node
// The `lowest` bin. Runs the compiled CLI (dist/server/cli.js, built by `npm run build`) in this process when it is
// there and not older than the sources; otherwise the sources through tsx (a dev dependency), forwarding the
// arguments, signals and exit code. A production install (`npm ci --omit=dev` on a built tree) has no tsx: it runs
// the compiled CLI, or says how to build it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = `${root}dist/server/cli.js`;

/** The newest modification time of the TypeScript sources under `path` (0 without any: an image holds none). */
const newest = (path) => {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return path.endsWith('.ts') ? statSync(path).mtimeMs : 0;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(`${path}/${name}`)), 0);
};

const compiledIsCurrent = () =>
  existsSync(compiled) &&
  statSync(compiled).mtimeMs >=
    Math.max(...['cli', 'core', 'server', 'adapters'].map((folder) => newest(`${root}${folder}`)));

/** tsx's loader, resolved from this file (not the caller's working directory), or null when it is not installed. */
const tsxLoader = () => {
  try {
    return import.meta.resolve('tsx');
  } catch {
    return null;
  }
};

const runSources = (loader) => {
  const child = spawn(
    process.execPath,
    ['--import', loader, fileURLToPath(new URL('./main.ts', import.meta.url)), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
};

const loader = compiledIsCurrent() ? null : tsxLoader();
if (loader !== null) {
  runSources(loader);
} else if (existsSync(compiled)) {
  if (!compiledIsCurrent())
    process.stderr.write('Warning: dist/server/cli.js is older than the sources; `npm run build` compiles them.\n');
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(compiled).href);
} else {
  process.stderr.write(
    'Error: the compiled CLI (dist/server/cli.js) is missing and tsx, a dev dependency, is not installed.\n' +
      'Build it: npm ci && npm run build (then npm ci --omit=dev for a production install).\n',
  );
  process.exit(1);
}
