// Whether dist/web may be served as it is. Only a production build may: the build writes a marker saying which
// NODE_ENV it was made under (scripts/production-build-plugin.ts), and a build without one, or made for anything
// but production, is built again, as is one older than its sources.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const BUILD_MARKER = 'build.json';

/** Why the build in `outDir` must be made again, or null when it can be served; `sourcesNewest` in ms. */
export function webBuildProblem(outDir, sourcesNewest) {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return 'no build yet';
  let nodeEnv;
  try {
    nodeEnv = JSON.parse(readFileSync(join(outDir, BUILD_MARKER), 'utf8')).nodeEnv;
  } catch {
    nodeEnv = undefined;
  }
  if (nodeEnv !== 'production') return `the build found is not a production build (NODE_ENV ${nodeEnv ?? 'unknown'})`;
  if (statSync(index).mtimeMs < sourcesNewest) return 'the sources changed since the last build';
  return null;
}
