import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{core,adapters,server,cli,web,test}/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    globalSetup: ['test/support/postgres-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
