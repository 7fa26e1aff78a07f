import { defineConfig } from 'vitest/config';
import { AlphabeticalSequencer } from './test/e2e/support/alphabetical-sequencer.ts';

// Browser journeys: one real server (built app, seeded temporary SQLite, dev sign-in) shared by all files, which
// run one after another in name order so the journeys do not fight over the single open game.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/support/global-setup.ts'],
    setupFiles: ['test/e2e/support/count-assertions.ts'],
    fileParallelism: false,
    sequence: { sequencer: AlphabeticalSequencer },
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
