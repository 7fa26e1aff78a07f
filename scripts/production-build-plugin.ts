// A Vite build step: the web app is built for production whatever NODE_ENV its caller runs under (a test runner's
// 'test' would give React's development build), and the build records it in a marker that `npm start` checks
// (scripts/web-build.mjs).
import type { Plugin } from 'vite';
import { BUILD_MARKER } from './web-build.mjs';

export function productionBuild(): Plugin {
  return {
    name: 'lowest-unique:production-build',
    apply: 'build',
    // Runs before Vite decides isProduction and what process.env.NODE_ENV becomes in the bundle.
    config() {
      process.env.NODE_ENV = 'production';
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: BUILD_MARKER,
        source: `${JSON.stringify({ nodeEnv: process.env.NODE_ENV })}\n`,
      });
    },
  };
}
