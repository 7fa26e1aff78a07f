// `npm run dev`: Vite with hot reload on :5173 (forwarding /api, /auth, /admin) and the API server
// in watch mode on :3000. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!process.env.DATABASE_URL) mkdirSync(join(root, 'data'), { recursive: true });

// Browsers talk to Vite, so that is the public origin (OAuth redirects, secure cookies).
// A short grace: tsx watch restarts on every save and force-kills after 5 s, while Vite's proxy
// keeps idle keep-alive sockets open that would otherwise hold the drain for the keep-alive timeout.
const env = {
  ...process.env,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  SHUTDOWN_GRACE_SECONDS: process.env.SHUTDOWN_GRACE_SECONDS ?? '1',
};
const children = [
  spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'watch', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js')], { cwd: root, env, stdio: 'inherit' }),
];

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
