// `npm start` serves only a production build of the web app: scripts/web-build.mjs says why another must be made.
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_MARKER, webBuildProblem } from '../../scripts/web-build.mjs';

function buildFolder(marker: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-web-build-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  if (marker !== null) writeFileSync(join(dir, BUILD_MARKER), marker);
  return dir;
}

describe('webBuildProblem', () => {
  it('serves a production build newer than its sources', () => {
    expect(webBuildProblem(buildFolder('{"nodeEnv":"production"}\n'), 0)).toBeNull();
  });

  it('builds again when a build was made for development or test, or says nothing of how it was made', () => {
    expect(webBuildProblem(buildFolder('{"nodeEnv":"test"}'), 0)).toBe(
      'the build found is not a production build (NODE_ENV test)',
    );
    expect(webBuildProblem(buildFolder('{"nodeEnv":"development"}'), 0)).toMatch(/not a production build/);
    expect(webBuildProblem(buildFolder(null), 0)).toBe('the build found is not a production build (NODE_ENV unknown)');
    expect(webBuildProblem(buildFolder('not json'), 0)).toMatch(/not a production build/);
  });

  it('builds when there is no build, or the sources are newer', () => {
    expect(webBuildProblem(join(tmpdir(), 'lowest-no-such-build'), 0)).toBe('no build yet');
    const dir = buildFolder('{"nodeEnv":"production"}');
    utimesSync(join(dir, 'index.html'), new Date(1_000_000), new Date(1_000_000));
    expect(webBuildProblem(dir, Date.now())).toBe('the sources changed since the last build');
  });
});
