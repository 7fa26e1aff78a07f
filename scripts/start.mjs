// `npm start`: builds the web app when dist/web is missing or older than its sources, then runs
// the server (TypeScript through tsx, in this process so signals reach it directly).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

/** The newest modification time of the files under `path` (a file or a folder). */
const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
};

const builtIndex = join(root, 'dist', 'web', 'index.html');
const sources = [join(root, 'web'), join(root, 'vite.config.ts'), join(root, 'server', 'contract.ts')];
const sourceTime = Math.max(...sources.map(newest));
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourceTime) {
  console.log('Building the web app (vite build)…');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app failed to build; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

// The default database lives in ./data; the SQLite adapter creates and migrates the file.
if (!process.env.DATABASE_URL) mkdirSync(join(root, 'data'), { recursive: true });

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
