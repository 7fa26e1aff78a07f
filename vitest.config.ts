import { defineConfig } from 'vitest/config';

// Node 25 and later have a Web Storage of their own: a global localStorage that is undefined without
// --localstorage-file, which hides happy-dom's from the web tests. Turned off where Node knows the flag.
const nodeWebStorage = process.allowedNodeEnvironmentFlags.has('--experimental-webstorage')
  ? ['--no-experimental-webstorage']
  : [];

export default defineConfig({
  test: {
    include: ['{core,adapters,server,cli,web,test}/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    globalSetup: ['test/support/postgres-setup.ts'],
    // Most files wait on child processes, PostgreSQL, SMTP or sockets rather than the CPU: three at a time on two
    // cores (Vitest's default is cores − 1), each worker keeping its imported modules between files.
    maxWorkers: 3,
    isolate: false,
    execArgv: nodeWebStorage,
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
