// Hostile JSON bodies on every route that reads one (issue 11, findings 6 and 8): deep nesting and
// malformed values get a 400 that names the problem in words, never a 500, a stack trace in the
// log or a library's internals.
import { describe, expect, it } from 'vitest';
import { TOO_DEEP_MESSAGE } from '../../server/security/json-depth.ts';
import { ADMIN_EMAIL, json, makeHarness } from './harness.ts';

/** Every route that reads a JSON body, with the fields its body has. */
const JSON_ROUTES: [method: string, path: string, fields: string[]][] = [
  ['POST', '/auth/dev', ['email', 'displayName']],
  ['PUT', '/api/profile', ['username', 'email', 'displayName']],
  ['POST', '/api/entry', ['number']],
  ['POST', '/api/guilds', ['name', 'description', 'password']],
  ['POST', '/api/guilds/join', ['guildId', 'password']],
  ['POST', '/api/referrals/process', ['referralCode']],
  ['POST', '/api/gameplay/use-peak', ['number']],
  ['POST', '/api/gameplay/use-mine', ['number']],
  ['POST', '/api/prizes/config/weekly', ['dayOfWeek', 'prizeType', 'amountCents', 'description', 'isActive']],
  ['POST', '/api/prizes/config/date', ['date', 'prizeType', 'amountCents', 'description']],
  ['POST', '/api/prizes/winner-payout', ['gameId', 'paypalEmail', 'preferredName']],
  ['POST', '/api/prizes/admin/payouts/p1', ['status', 'reviewNotes', 'paymentReference']],
  ['POST', '/admin/create-bot-submissions', ['botCount', 'bonusCount', 'minNumber', 'maxNumber', 'strategy']],
];

/** What a library's default message looks like ("Invalid input: expected string, received number"). */
const LIBRARY_WORDING = /invalid input|expected|received|nonoptional|invalid_type|zod/i;

/** `depth` nested arrays: ~2 bytes a level, so 4,000 levels are an 8 KB body, well under the 64 KiB limit. */
const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('deeply nested JSON', () => {
  it('is a 400 naming the problem on every JSON route, with nothing logged', async () => {
    const h = await makeHarness();
    const admin = await h.signIn(ADMIN_EMAIL, 'Admin');
    for (const [method, path] of JSON_ROUTES) {
      const body = `{"email":${nested(4_000)},"number":${nested(4_000)}}`;
      expect(body.length).toBeLessThan(64 * 1024);
      const res = await h.request(method, path, {
        cookie: admin,
        body,
        headers: { 'content-type': 'application/json' },
      });
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
    const at = (levels: number) => ({
      cookie,
      body: `{"number":${nested(levels - 1)}}`,
      headers: { 'content-type': 'application/json' },
    });
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
    const res = await h.request('POST', '/api/entry', {
      cookie,
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(await json(res)).toEqual({
      error: 'The request contains a character that is not allowed (NUL).',
      code: 'VALIDATION',
    });
  });
});

describe('validation messages', () => {
  it("never show a library's internals: every 400 on every JSON route says what is wrong in words", async () => {
    const h = await makeHarness();
    const admin = await h.signIn(ADMIN_EMAIL, 'Admin');
    const wrongValues: unknown[] = [undefined, null, 123, -1, 1.5, true, 'text', '', {}, [], ['a'], 'x'.repeat(5_000)];
    let checked = 0;
    for (const [method, path, fields] of JSON_ROUTES) {
      const bodies: unknown[] = [{}, [], 'text', 42, null];
      for (const field of fields) for (const value of wrongValues) bodies.push({ [field]: value });
      for (const body of bodies) {
        const res = await h.request(method, path, {
          cookie: admin,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (res.status !== 400) continue;
        const { error } = await json<{ error: string }>(res);
        expect(error, `${method} ${path} ${JSON.stringify(body)}`).not.toMatch(LIBRARY_WORDING);
        expect(error.length).toBeGreaterThan(10);
        checked += 1;
      }
    }
    // Most of these bodies are bad: the walk really looked at hundreds of messages.
    expect(checked).toBeGreaterThan(300);
    expect(h.errors).toEqual([]);
  });

  it("give the spec's message for an entry without a number, and name the field otherwise", async () => {
    const h = await makeHarness();
    const cookie = await h.signIn('ann@example.com');
    const admin = await h.signIn(ADMIN_EMAIL, 'Admin');
    const send = async (path: string, body: unknown, who = cookie) =>
      (await json<{ error: string }>(await h.request('POST', path, { cookie: who, json: body }))).error;
    expect(await send('/api/entry', {})).toBe('Enter a whole number greater than zero.');
    expect(await send('/api/entry', { number: 'five' })).toBe('Enter a whole number greater than zero.');
    expect(await send('/api/gameplay/use-peak', {})).toBe('Enter a whole number greater than zero');
    expect(await send('/api/entry', [])).toBe('The request body must be a JSON object.');
    expect(await send('/api/prizes/admin/payouts/p1', { status: 'approved', reviewNotes: 5 }, admin)).toBe(
      'reviewNotes must be text.',
    );
    expect(await send('/admin/create-bot-submissions', { strategy: 'greedy' }, admin)).toBe(
      'strategy must be human or uniform.',
    );
  });
});
