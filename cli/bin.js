#!/usr/bin/env node
// The `lowest` bin: runs cli/main.ts through tsx (the project ships TypeScript sources) and
// forwards the arguments, signals and exit code.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Resolved from this file, not from the caller's working directory, so a linked bin finds tsx.
const tsxLoader = import.meta.resolve('tsx');
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

const child = spawn(process.execPath, ['--import', tsxLoader, main, ...process.argv.slice(2)], { stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}

child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
