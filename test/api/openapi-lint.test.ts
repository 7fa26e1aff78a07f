// Redocly's lint (its recommended rules, redocly.yaml) of the OpenAPI document a deployment serves: no error, and no
// warning but those redocly.yaml names, so a route that a client generator cannot name or call fails here.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lint, loadConfig } from '@redocly/openapi-core';
import { afterAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../server/api-docs.ts';
import { makeHarness } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'lowest-openapi-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The warnings redocly.yaml names, by rule and the operation (or path) they are about. */
const NAMED_WARNINGS = [
  'no-ambiguous-paths #/paths/~1api~1prizes~1config~1{id}~1toggle',
  'operation-2xx-response #/paths/~1auth~1google/get/responses',
  'operation-2xx-response #/paths/~1auth~1google~1callback/get/responses',
  'operation-2xx-response #/paths/~1auth~1logout/post/responses',
  'operation-4xx-response #/paths/~1api~1fairness~1keys/get/responses',
  'operation-4xx-response #/paths/~1api~1game~1today/get/responses',
  'operation-4xx-response #/paths/~1api~1rewards~1config/get/responses',
].sort();

describe("the OpenAPI document, by Redocly's recommended rules", () => {
  it('has no error and only the warnings redocly.yaml names', async () => {
    // As a deployment serves it: its public address, not localhost (which the rules warn about).
    const h = await makeHarness({
      env: { PUBLIC_URL: 'https://play.lowest-unique.test', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' },
    });
    const file = join(dir, 'openapi.json');
    writeFileSync(file, await (await h.request('GET', OPENAPI_PATH)).text());
    const config = await loadConfig({ configPath: fileURLToPath(new URL('../../redocly.yaml', import.meta.url)) });
    const problems = await lint({ ref: file, config });
    const described = (severity: string) =>
      problems
        .filter((problem) => problem.severity === severity)
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`)
        .sort();
    expect(described('error')).toEqual([]);
    expect(described('warn')).toEqual(NAMED_WARNINGS);
  });
});
