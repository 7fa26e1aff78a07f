// The HTTP edge: same-origin checks, JSON-only bodies, the body limit, security headers, rate
// limits, the error format (400 for bad input, never a 5xx; 500 only for real faults, logged).
import { describe, expect, it } from 'vitest';
import { json, makeHarness, ORIGIN, roomyLimits } from './harness.ts';

describe('same-origin check on unsafe methods', () => {
  it('refuses a cross-site Origin on JSON and form requests alike', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    const res = await request('POST', '/api/entry', {
      cookie,
      json: { number: 5 },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({ error: 'Cross-site requests are not allowed.', code: 'CROSS_SITE' });
    const logout = await request('POST', '/auth/logout', {
      cookie,
      body: '',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(logout.status).toBe(403);
    // The session survived both.
    expect((await request('GET', '/api/me', { cookie })).status).toBe(200);
    expect(await json(await request('GET', '/api/entry/mine', { cookie }))).toMatchObject({ entries: [] });
  });

  it('compares Origin with PUBLIC_URL only, never with the Host header', async () => {
    const { app, request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    // The request claims to be for evil.example and to come from it: still not our origin.
    const res = await app.request('http://evil.example/api/entry', {
      method: 'POST',
      headers: { cookie, host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ number: 5 }),
    });
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({ error: 'Cross-site requests are not allowed.', code: 'CROSS_SITE' });
    expect(await json(await request('GET', '/api/entry/mine', { cookie }))).toMatchObject({ entries: [] });
  });

  it('refuses Sec-Fetch-Site cross-site or same-site without an Origin', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    for (const site of ['cross-site', 'same-site']) {
      const res = await request('POST', '/api/entry', {
        cookie,
        json: { number: 5 },
        headers: { 'sec-fetch-site': site },
      });
      expect(res.status).toBe(403);
    }
  });

  it('allows the public origin, the same origin, and clients sending neither header', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    const a = await request('POST', '/api/entry', {
      cookie,
      json: { number: 5 },
      headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    });
    expect(a.status).toBe(201);
    const b = await request('PUT', '/api/profile', { cookie, json: { email: 'ann@example.com', displayName: 'Ann' } });
    expect(b.status).toBe(200);
  });

  it('does not check safe methods', async () => {
    const { request } = await makeHarness();
    const res = await request('GET', '/api/game/today', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(200);
  });
});

describe('request bodies', () => {
  it('JSON endpoints refuse other content types with 415', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    const res = await request('POST', '/api/entry', {
      cookie,
      body: 'number=5',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect((await json(res)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const plain = await request('POST', '/api/entry', {
      cookie,
      body: '{"number":5}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(await json(await request('GET', '/api/entry/mine', { cookie }))).toMatchObject({ entries: [] });
  });

  it('body-less POSTs need no content type', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    // No How Many reward yet: the request got through the edge to the use case.
    const res = await request('POST', '/api/gameplay/use-how-many', { cookie });
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe('NO_REWARD');
  });

  it('refuses bodies over 64 KiB with 413 in the error format', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    const res = await request('PUT', '/api/profile', {
      cookie,
      json: { email: 'a@b.co', displayName: 'x'.repeat(70_000) },
    });
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({
      error: 'The request body is too large (limit 64 KiB).',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('malformed JSON and wrong shapes are 400 with a message, never 5xx', async () => {
    const { request, signIn, errors } = await makeHarness();
    const cookie = await signIn('ann@example.com');
    const cases: [string, string, string][] = [
      ['POST', '/api/entry', '{"number":'],
      ['POST', '/api/entry', '[1,2]'],
      ['POST', '/api/entry', '"5"'],
      ['POST', '/api/entry', '{"number":"five"}'],
      ['POST', '/api/entry', '{"number":1e400}'],
      ['POST', '/api/entry', '{"number":null}'],
      ['PUT', '/api/profile', '{"email":5}'],
      ['POST', '/api/guilds', '{"name":{"x":1}}'],
      ['POST', '/api/guilds/join', 'null'],
      ['POST', '/api/referrals/process', '{}'],
      ['POST', '/api/gameplay/use-peak', '{"number":-1}'],
      ['POST', '/api/prizes/winner-payout', '{"gameId":42}'],
    ];
    for (const [method, path, body] of cases) {
      const res = await request(method, path, { cookie, body, headers: { 'content-type': 'application/json' } });
      expect(res.status, `${method} ${path} ${body}`).toBe(400);
      const payload = await json(res);
      expect(typeof payload.error).toBe('string');
      expect((payload.error as string).length).toBeGreaterThan(3);
    }
    expect(errors).toEqual([]);
  });
});

describe('responses', () => {
  it("JSON answers carry the REST set of security headers, not the documents' (OWASP REST Security)", async () => {
    const { request } = await makeHarness();
    for (const res of [await request('GET', '/api/game/today'), await request('GET', '/api/nope')]) {
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      for (const name of [
        'x-frame-options',
        'cross-origin-opener-policy',
        'cross-origin-embedder-policy',
        'permissions-policy',
        'referrer-policy',
        'origin-agent-cluster',
      ])
        expect(res.headers.get(name), name).toBeNull();
      // Plain HTTP here: Strict-Transport-Security is for answers over HTTPS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('over HTTPS, JSON answers carry Strict-Transport-Security too', async () => {
    const { app } = await makeHarness({ config: { publicUrl: 'https://lowest.example' } });
    const res = await app.request('https://lowest.example/api/game/today');
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
  });

  it('unknown API paths are 404 JSON', async () => {
    const { request } = await makeHarness();
    const res = await request('GET', '/api/nope', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ error: 'Not found.', code: 'NOT_FOUND' });
  });

  it('an unexpected fault is a logged 500 with a generic message', async () => {
    const h = await makeHarness();
    const broken = new Error('disk on fire');
    h.deps.store.read = () => Promise.reject(broken);
    const res = await h.request('GET', '/api/history');
    expect(res.status).toBe(500);
    expect(await json(res)).toEqual({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    expect(h.errors).toEqual([broken]);
  });
});

describe('rate limits (429 in the error format)', () => {
  const tight = { limit: 2, windowMs: 60_000 };

  it('limits submissions per user', async () => {
    const h = await makeHarness({
      limits: { ...roomyLimits, entry: { perUser: tight, perIp: { limit: 100, windowMs: 60_000 } } },
    });
    const ann = await h.signIn('ann@example.com');
    const bob = await h.signIn('bob@example.com');
    const statuses = [];
    for (let n = 1; n <= 3; n += 1)
      statuses.push((await h.request('POST', '/api/entry', { cookie: ann, json: { number: n } })).status);
    expect(statuses).toEqual([201, 409, 429]);
    const limited = await h.request('POST', '/api/entry', { cookie: ann, json: { number: 9 } });
    expect(await json(limited)).toEqual({
      error: 'Too many requests. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    // Another player is not affected.
    expect((await h.request('POST', '/api/entry', { cookie: bob, json: { number: 7 } })).status).toBe(201);
  });

  it('limits sign-in, referral validation, guild joins and reward use per IP', async () => {
    const h = await makeHarness({
      limits: {
        signIn: { perUser: tight, perIp: tight },
        entry: roomyLimits.entry,
        referralValidate: { perUser: tight, perIp: tight },
        guildJoin: { perUser: tight, perIp: { limit: 100, windowMs: 60_000 } },
        guildCreate: roomyLimits.guildCreate,
        reward: { perUser: tight, perIp: { limit: 100, windowMs: 60_000 } },
        export: roomyLimits.export,
      },
    });
    const a = await h.signIn('a@example.com');
    await h.signIn('b@example.com');
    expect(
      (await h.request('POST', '/auth/dev', { json: { email: 'c@example.com', displayName: 'Cee' } })).status,
    ).toBe(429);
    const validate = [];
    for (let i = 0; i < 3; i += 1)
      validate.push((await h.request('GET', '/api/referrals/validate/ABCDEFGHJKLM')).status);
    expect(validate).toEqual([200, 200, 429]);
    const joins = [];
    for (let i = 0; i < 3; i += 1)
      joins.push(
        (await h.request('POST', '/api/guilds/join', { cookie: a, json: { guildId: 'x', password: 'pw12' } })).status,
      );
    expect(joins).toEqual([404, 404, 429]);
    const uses = [];
    for (let i = 0; i < 3; i += 1)
      uses.push((await h.request('POST', '/api/gameplay/use-how-many', { cookie: a })).status);
    expect(uses).toEqual([409, 409, 429]);
  });
});
