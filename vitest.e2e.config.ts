import { defineConfig } from 'vitest/config';

// Browser journeys: one real server (built app, temporary SQLite, dev sign-in) shared by all files, which run
// one after another so the journeys do not fight over the single open game.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
