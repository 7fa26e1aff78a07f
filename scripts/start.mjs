// `npm start`: builds what is out of date or not a production build (the web app with vite, the server with
// esbuild into dist/server), then runs the compiled server in this process, so signals reach it directly. On a
// production install (`npm ci --omit=dev`) vite and esbuild are absent: a stale build is then reported, not built.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { newest, root, serverEntry, serverIsStale } from './build-server.mjs';
import { webBuildProblem } from './web-build.mjs';

process.chdir(root);

const webSources = [
  'web',
  'vite.config.ts',
  // The HTTP contract's types, which the web app imports: each resource's `server/routes/<resource>.schemas.ts`.
  ...readdirSync(join(root, 'server', 'routes'))
    .filter((name) => name.endsWith('.schemas.ts'))
    .map((name) => `server/routes/${name}`),
  ...['early-script', 'precompress', 'production-build'].map((p) => `scripts/${p}-plugin.ts`),
].map((p) => join(root, p));
/** Stops with what to do when a build is needed and its tool is not installed (a production install). */
const needTool = (tool, what, why) => {
  if (existsSync(join(root, 'node_modules', tool))) return;
  console.error(
    `${what} must be built (${why}), but ${tool} is not installed: this looks like a production install (npm ci --omit=dev).\n` +
      'Build where the dev dependencies are: npm ci && npm run build, then npm ci --omit=dev; or run the built server\n' +
      'directly: node --max-semi-space-size=8 dist/server/main.js.',
  );
  process.exit(1);
};

const webProblem = webBuildProblem(join(root, 'dist', 'web'), Math.max(...webSources.map(newest)));
if (webProblem !== null) {
  needTool('vite', 'The web app (dist/web)', webProblem);
  console.log(`Building the web app (vite build: ${webProblem})…`);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app failed to build; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

if (serverIsStale()) {
  needTool('esbuild', 'The server (dist/server)', 'missing or older than its sources');
  console.log('Building the server (esbuild → dist/server)…');
  const { buildServer } = await import('./build-server.mjs');
  try {
    await buildServer();
  } catch (error) {
    console.error(
      'The server failed to build; see the messages above.',
      error instanceof Error ? error.message : error,
    );
    process.exit(1);
  }
}

// The default database lives in ./data; the SQLite adapter creates and migrates the file.
if (!process.env.DATABASE_URL) mkdirSync(join(root, 'data'), { recursive: true });

process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
