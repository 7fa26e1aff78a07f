// Hostile JSON bodies on every route that reads one (issue 11, findings 6 and 8): deep nesting and
// malformed values get a 400 that names the problem in words, never a 500, a stack trace in the
// log or a library's internals.
import { describe, expect, it } from 'vitest';
import { TOO_DEEP_MESSAGE } from '../../server/security/json-depth.ts';
import { ADMIN_EMAIL, json, makeHarness } from './harness.ts';

/** Every route that reads a JSON body, with a body it accepts the shape of. */
const JSON_ROUTES: [method: string, path: string][] = [
  ['POST', '/auth/dev'],
  ['PUT', '/api/profile'],
  ['POST', '/api/entry'],
  ['POST', '/api/guilds'],
  ['POST', '/api/guilds/join'],
  ['POST', '/api/referrals/process'],
  ['POST', '/api/gameplay/use-peak'],
  ['POST', '/api/gameplay/use-mine'],
  ['POST', '/api/prizes/config/weekly'],
  ['POST', '/api/prizes/config/date'],
  ['POST', '/api/prizes/winner-payout'],
  ['POST', '/api/prizes/admin/payouts/p1'],
  ['POST', '/admin/create-bot-submissions'],
];

/** `depth` nested arrays: ~2 bytes a level, so 4,000 levels are an 8 KB body, well under the 64 KiB limit. */
const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('deeply nested JSON', () => {
  it('is a 400 naming the problem on every JSON route, with nothing logged', async () => {
    const h = await makeHarness();
    const admin = await h.signIn(ADMIN_EMAIL, 'Admin');
    for (const [method, path] of JSON_ROUTES) {
      const body = `{"email":${nested(4_000)},"number":${nested(4_000)}}`;
      expect(body.length).toBeLessThan(64 * 1024);
      const res = await h.request(method, path, { cookie: admin, body, headers: { 'content-type': 'application/json' } });
      expect([method, path, res.status]).toEqual([method, path, 400]);
      expect(await json(res)).toEqual({ error: TOO_DEEP_MESSAGE, code: 'VALIDATION' });
    }
    expect(h.errors).toEqual([]);
    // Nothing was stored: the admin is still the only user, with no entry.
    expect(await h.deps.store.read((r) => r.users.count())).toEqual({ users: 1, bots: 0 });
  });

  it('is refused from 33 levels; 32 levels reach the route and its own validation', async () => {
    const h = await makeHarness();
    const cookie = await h.signIn('ann@example.com');
    // The object itself is level 1: {"number": [[…]]} with 31 arrays is 32 levels.
    const at = (levels: number) => ({ cookie, body: `{"number":${nested(levels - 1)}}`, headers: { 'content-type': 'application/json' } });
    const deep = await h.request('POST', '/api/entry', at(33));
    expect(await json(deep)).toEqual({ error: TOO_DEEP_MESSAGE, code: 'VALIDATION' });
    const allowed = await h.request('POST', '/api/entry', at(32));
    expect(allowed.status).toBe(400);
    expect((await json(allowed)).error).toBe('Enter a whole number greater than zero.');
  });

  it('with a NUL at the bottom of 32 levels is refused for the NUL', async () => {
    const h = await makeHarness();
    const cookie = await h.signIn('ann@example.com');
    const body = `{"number":${'['.repeat(31)}"\\u0000"${']'.repeat(31)}}`;
    const res = await h.request('POST', '/api/entry', { cookie, body, headers: { 'content-type': 'application/json' } });
    expect(await json(res)).toEqual({ error: 'The request contains a character that is not allowed (NUL).', code: 'VALIDATION' });
  });
});
