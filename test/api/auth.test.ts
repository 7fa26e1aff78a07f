// Sign-in (development and the whole Google flow against a local fake provider), sessions, logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customEndpointAuth } from '../../server/auth/google-auth.ts';
import { startFakeProvider, type FakeProvider } from './fake-oauth-provider.ts';
import { ADMIN_EMAIL, json, makeHarness, ORIGIN, sessionCookieOf } from './harness.ts';

const cookieNamed = (res: Response, name: string): string | undefined =>
  res.headers.getSetCookie().find((h) => h.startsWith(`${name}=`));

describe('development sign-in', () => {
  it('GET /auth/google redirects to the development form, which says what it is', async () => {
    const { request } = await makeHarness();
    const res = await request('GET', '/auth/google');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/dev');
    const page = await request('GET', '/auth/dev');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('development sign-in');
    expect(html).toContain('name="email"');
    expect(html).toContain('name="displayName"');
    expect(html).not.toContain('<script');
  });

  it('a form post signs in, sets the sid cookie and redirects to /', async () => {
    const { request } = await makeHarness();
    const res = await request('POST', '/auth/dev', {
      body: new URLSearchParams({ email: 'Ann@Example.com', displayName: 'Ann' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const sid = cookieNamed(res, 'sid') ?? '';
    expect(sid).toMatch(/^sid=[0-9a-f]{64};/);
    expect(sid).toContain('HttpOnly');
    expect(sid).toContain('SameSite=Lax');
    expect(sid).toContain('Max-Age=2592000');
    expect(sid).not.toContain('Secure');
    const me = await request('GET', '/api/me', { cookie: sessionCookieOf(res) });
    expect(me.status).toBe(200);
    expect(await json(me)).toMatchObject({ email: 'Ann@Example.com', displayName: 'Ann', role: 'player' });
  });

  it('a JSON post answers the user; ADMIN_EMAILS makes an admin', async () => {
    const { request } = await makeHarness();
    const res = await request('POST', '/auth/dev', { json: { email: ADMIN_EMAIL, displayName: 'Boss' } });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ email: ADMIN_EMAIL, displayName: 'Boss', role: 'admin' });
  });

  it('signing in twice gives a new session token for the same user', async () => {
    const { request, signIn } = await makeHarness();
    const first = await signIn('bob@example.com', 'Bob');
    const second = await signIn('bob@example.com', 'Bob');
    expect(first).not.toBe(second);
    const a = await json(await request('GET', '/api/me', { cookie: first }));
    const b = await json(await request('GET', '/api/me', { cookie: second }));
    expect(a.id).toBe(b.id);
  });

  it('refuses a bad e-mail with 400 and a message (JSON), or the form again (form post)', async () => {
    const { request } = await makeHarness();
    const res = await request('POST', '/auth/dev', { json: { email: 'not-an-email', displayName: 'X' } });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: 'Invalid email address', code: 'VALIDATION' });
    const missing = await request('POST', '/auth/dev', { json: { displayName: 'X' } });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error).toBe('Enter your e-mail address.');
    const form = await request('POST', '/auth/dev', {
      body: 'email=%3Cb%3E&displayName=Zed',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    const html = await form.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="&lt;b&gt;"');
    expect(cookieNamed(form, 'sid')).toBeUndefined();
  });

  it('GET /api/me is 401 when signed out or with an unknown cookie', async () => {
    const { request } = await makeHarness();
    const res = await request('GET', '/api/me');
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ error: 'Please sign in first.', code: 'UNAUTHENTICATED' });
    const bogus = await request('GET', '/api/me', { cookie: 'sid=' + 'ab'.repeat(32) });
    expect(bogus.status).toBe(401);
    // The stale cookie is cleared.
    expect(cookieNamed(bogus, 'sid')).toMatch(/^sid=;.*Max-Age=0/);
  });

  it('the session slides: a request re-issues the cookie; it expires after SESSION_DAYS of inactivity', async () => {
    const { request, signIn, clock } = await makeHarness({ env: { SESSION_DAYS: '2' } });
    const cookie = await signIn('cat@example.com');
    clock.advance(36 * 3600_000);
    const later = await request('GET', '/api/me', { cookie });
    expect(later.status).toBe(200);
    expect(cookieNamed(later, 'sid')).toContain('Max-Age=172800');
    clock.advance(36 * 3600_000);
    expect((await request('GET', '/api/me', { cookie })).status).toBe(200);
    clock.advance(49 * 3600_000);
    expect((await request('GET', '/api/me', { cookie })).status).toBe(401);
  });

  it('POST /auth/logout deletes the session and redirects to /', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('dan@example.com');
    const res = await request('POST', '/auth/logout', {
      cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(cookieNamed(res, 'sid')).toMatch(/^sid=;.*Max-Age=0/);
    expect((await request('GET', '/api/me', { cookie })).status).toBe(401);
    // Logging out while signed out is harmless.
    expect((await request('POST', '/auth/logout')).status).toBe(303);
  });

  it('a contact e-mail set to an ADMIN_EMAILS address grants nothing when its owner signs in (no squatting)', async () => {
    const { request, signIn } = await makeHarness();
    const mallory = await signIn('mallory@example.com', 'Mallory');
    const squat = await request('PUT', '/api/profile', {
      cookie: mallory,
      json: { email: ADMIN_EMAIL, displayName: 'Mallory' },
    });
    expect(squat.status).toBe(200);
    // Someone else signs in with the address: their own new account is the admin, not Mallory's.
    const admin = await signIn(ADMIN_EMAIL, 'Admin');
    const adminMe = await json(await request('GET', '/api/me', { cookie: admin }));
    expect(adminMe).toMatchObject({ email: ADMIN_EMAIL, role: 'admin' });
    const malloryMe = await json(await request('GET', '/api/me', { cookie: mallory }));
    expect(malloryMe).toMatchObject({ email: 'mallory@example.com', role: 'player' });
    expect(malloryMe.id).not.toBe(adminMe.id);
    expect((await request('GET', '/admin/status', { cookie: mallory })).status).toBe(403);
    // And the address cannot be squatted again.
    const again = await request('PUT', '/api/profile', {
      cookie: mallory,
      json: { email: ADMIN_EMAIL, displayName: 'Mallory' },
    });
    expect(again.status).toBe(409);
  });

  it('marks cookies Secure when PUBLIC_URL is https', async () => {
    // https://localhost: dev sign-in runs on loopback origins only (finding 1 of issue 11).
    const { request } = await makeHarness({ env: { PUBLIC_URL: 'https://localhost' } });
    const res = await request('POST', '/auth/dev', {
      json: { email: 'eve@example.com', displayName: 'Eve' },
      headers: { host: 'localhost' },
    });
    expect(cookieNamed(res, 'sid')).toContain('Secure');
  });

  it('returns to a same-origin `next` path through /auth/google and the form; anything else lands on /', async () => {
    const { request } = await makeHarness();
    const start = await request('GET', '/auth/google?next=%2Fwinnings%3Fgame%3D2026-11-20');
    expect(start.headers.get('location')).toBe('/auth/dev?next=%2Fwinnings%3Fgame%3D2026-11-20');
    const page = await (await request('GET', '/auth/dev?next=%2Fwinnings%3Fgame%3D2026-11-20')).text();
    expect(page).toContain('<input type="hidden" name="next" value="/winnings?game=2026-11-20">');
    const post = (next: string) =>
      request('POST', '/auth/dev', {
        body: new URLSearchParams({ email: 'nia@example.com', displayName: 'Nia', next }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const back = await post('/winnings?game=2026-11-20');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/winnings?game=2026-11-20');
    for (const next of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'winnings',
      '/win\r\nSet-Cookie: x=1',
      '',
    ]) {
      expect((await post(next)).headers.get('location')).toBe('/');
      expect((await request('GET', `/auth/google?next=${encodeURIComponent(next)}`)).headers.get('location')).toBe(
        '/auth/dev',
      );
    }
  });
});

describe('Google sign-in (authorization code + PKCE against a local fake provider)', () => {
  let provider: FakeProvider;
  beforeAll(async () => {
    provider = await startFakeProvider('client-1', 'secret-1');
  });
  afterAll(async () => provider.close());

  const googleHarness = () =>
    makeHarness({
      env: { GOOGLE_CLIENT_ID: 'client-1', GOOGLE_CLIENT_SECRET: 'secret-1', ADMIN_EMAILS: 'gina@example.com' },
      googleAuth: customEndpointAuth({
        clientId: 'client-1',
        clientSecret: 'secret-1',
        redirectUri: `${ORIGIN}/auth/google/callback`,
        authorizationEndpoint: provider.authorizationEndpoint,
        tokenEndpoint: provider.tokenEndpoint,
      }),
    });

  /** Claims Google would sign for client-1 at the harness clock (2026-11-20T12:00Z), valid an hour. */
  const claims = (fields: Record<string, unknown>): Record<string, unknown> => ({
    iss: 'https://accounts.google.com',
    aud: 'client-1',
    exp: Date.parse('2026-11-20T13:00:00Z') / 1000,
    email_verified: true,
    ...fields,
  });

  /** GET /auth/google: the redirect and the two short-lived cookies, as a browser would keep them. */
  const begin = async (h: Awaited<ReturnType<typeof googleHarness>>) => {
    const res = await h.request('GET', '/auth/google');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location') ?? '');
    const state = cookieNamed(res, 'oauth_state') ?? '';
    const verifier = cookieNamed(res, 'oauth_verifier') ?? '';
    for (const c of [state, verifier]) {
      expect(c).toContain('HttpOnly');
      expect(c).toContain('Max-Age=600');
    }
    const cookie = [state, verifier].map((c) => c.split(';')[0]).join('; ');
    return { url, cookie };
  };

  it('redirects to the provider with state, PKCE S256 and the callback URL, then signs in on the callback', async () => {
    const h = await googleHarness();
    const { url, cookie } = await begin(h);
    expect(url.origin + url.pathname).toBe(provider.authorizationEndpoint);
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/auth/google/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const state = url.searchParams.get('state') ?? '';
    expect(cookie).toContain(`oauth_state=${state}`);

    const code = provider.consent(url, claims({ sub: 'g-123', email: 'Gina@Example.com', name: 'Gina G' }));
    const callback = await h.request('GET', `/auth/google/callback?code=${code}&state=${state}`, { cookie });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    // The one-time cookies are cleared; the browser gets its device id (DESIGN.md §18).
    expect(cookieNamed(callback, 'oauth_state')).toMatch(/Max-Age=0/);
    expect(cookieNamed(callback, 'did')).toMatch(
      /^did=[0-9a-f]{32}; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const sid = sessionCookieOf(callback);
    const me = await json(await h.request('GET', '/api/me', { cookie: sid }));
    expect(me).toMatchObject({ email: 'gina@example.com', displayName: 'Gina G', role: 'admin' });
    const user = await h.deps.store.read((repos) => repos.users.byGoogleSub('g-123'));
    expect(user?.email).toBe('gina@example.com');
    // The provider received the verifier matching the challenge and the client's credentials.
    expect(provider.tokenRequests.at(-1)?.get('code')).toBe(code);

    // Development sign-in is off in Google mode.
    expect((await h.request('GET', '/auth/dev')).status).toBe(404);
    expect((await h.request('POST', '/auth/dev', { json: { email: 'x@example.com' } })).status).toBe(404);
  });

  it('refuses a callback whose state does not match the cookie, or without the cookies', async () => {
    const h = await googleHarness();
    const { url, cookie } = await begin(h);
    const code = provider.consent(url, claims({ sub: 'g-9', email: 'h@example.com', name: 'H' }));
    const wrong = await h.request('GET', `/auth/google/callback?code=${code}&state=forged`, { cookie });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).code).toBe('VALIDATION');
    expect(cookieNamed(wrong, 'sid')).toBeUndefined();
    const state = url.searchParams.get('state') ?? '';
    const noCookies = await h.request('GET', `/auth/google/callback?code=${code}&state=${state}`);
    expect(noCookies.status).toBe(400);
    expect(await h.deps.store.read((repos) => repos.users.byGoogleSub('g-9'))).toBeNull();
  });

  it('refuses a code the provider rejects, and an unverified e-mail', async () => {
    const h = await googleHarness();
    const first = await begin(h);
    const state = first.url.searchParams.get('state') ?? '';
    const res = await h.request('GET', `/auth/google/callback?code=made-up&state=${state}`, { cookie: first.cookie });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toContain('Google sign-in failed');

    const second = await begin(h);
    const code = provider.consent(second.url, claims({ sub: 'g-5', email: 'u@example.com', email_verified: false }));
    const unverified = await h.request(
      'GET',
      `/auth/google/callback?code=${code}&state=${second.url.searchParams.get('state')}`,
      {
        cookie: second.cookie,
      },
    );
    expect(unverified.status).toBe(400);
    expect((await json(unverified)).error).toBe('Google sign-in failed: the e-mail address is not verified.');
  });

  // Finding 10 of issue 11: the ID token was only decoded. Each claim that fails refuses the sign-in.
  it.each([
    ['no email_verified claim', { email_verified: undefined }, 'the e-mail address is not verified'],
    ['email_verified as the string "true"', { email_verified: 'true' }, 'the e-mail address is not verified'],
    ['another issuer', { iss: 'https://accounts.evil.example' }, 'the ID token was not issued by Google'],
    ['no issuer', { iss: undefined }, 'the ID token was not issued by Google'],
    ['another audience', { aud: 'someone-elses-client' }, 'the ID token was issued for another application'],
    ['an expired token', { exp: Date.parse('2026-11-20T11:59:59Z') / 1000 }, 'the ID token has expired'],
    ['a token expiring right now', { exp: Date.parse('2026-11-20T12:00:00Z') / 1000 }, 'the ID token has expired'],
    ['no expiry', { exp: undefined }, 'the ID token has expired'],
  ])('refuses an ID token with %s', async (_case, overrides, why) => {
    const h = await googleHarness();
    const { url, cookie } = await begin(h);
    const code = provider.consent(url, claims({ sub: 'g-77', email: 'mallory@example.com', ...overrides }));
    const res = await h.request('GET', `/auth/google/callback?code=${code}&state=${url.searchParams.get('state')}`, {
      cookie,
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: `Google sign-in failed: ${why}.`, code: 'VALIDATION' });
    expect(cookieNamed(res, 'sid')).toBeUndefined();
    expect(await h.deps.store.read((repos) => repos.users.byGoogleSub('g-77'))).toBeNull();
  });

  it('accepts the bare issuer accounts.google.com and an audience list holding our client id', async () => {
    const h = await googleHarness();
    const { url, cookie } = await begin(h);
    const code = provider.consent(
      url,
      claims({ sub: 'g-78', email: 'ok@example.com', iss: 'accounts.google.com', aud: ['client-1'] }),
    );
    const res = await h.request('GET', `/auth/google/callback?code=${code}&state=${url.searchParams.get('state')}`, {
      cookie,
    });
    expect(res.status).toBe(302);
    expect((await h.deps.store.read((repos) => repos.users.byGoogleSub('g-78')))?.email).toBe('ok@example.com');
  });

  it('answers the provider error parameter with 400', async () => {
    const h = await googleHarness();
    const { cookie, url } = await begin(h);
    const res = await h.request(
      'GET',
      `/auth/google/callback?error=access_denied&state=${url.searchParams.get('state')}`,
      { cookie },
    );
    expect(res.status).toBe(400);
  });

  it('returns to the same-origin `next` path the sign-in link carried; any other `next` lands on /', async () => {
    const h = await googleHarness();
    const signInVia = async (next: string) => {
      const res = await h.request('GET', `/auth/google?next=${encodeURIComponent(next)}`);
      const url = new URL(res.headers.get('location') ?? '');
      const cookie = ['oauth_state', 'oauth_verifier', 'oauth_next']
        .map((name) => cookieNamed(res, name)?.split(';')[0])
        .filter((c) => c !== undefined)
        .join('; ');
      const code = provider.consent(url, claims({ sub: 'g-9', email: 'nia@example.com', name: 'Nia' }));
      const callback = await h.request(
        'GET',
        `/auth/google/callback?code=${code}&state=${url.searchParams.get('state') ?? ''}`,
        { cookie },
      );
      expect(callback.status).toBe(302);
      return {
        location: callback.headers.get('location'),
        nextCookie: cookieNamed(res, 'oauth_next'),
        cleared: cookieNamed(callback, 'oauth_next'),
      };
    };
    const back = await signInVia('/winnings');
    expect(back.location).toBe('/winnings');
    expect(back.nextCookie).toContain('HttpOnly');
    expect(back.cleared).toMatch(/Max-Age=0/);
    for (const next of ['//evil.example/winnings', 'https://evil.example', '/\\evil.example']) {
      const elsewhere = await signInVia(next);
      expect(elsewhere.location).toBe('/');
      // A refused `next` is not kept; one left from an earlier sign-in is cleared.
      expect(elsewhere.nextCookie).toMatch(/^oauth_next=; Max-Age=0/);
    }
  });
});

describe('development sign-in answers only requests to the loopback PUBLIC_URL', () => {
  it('refuses a Host or an Origin that is not PUBLIC_URL with 403 and the usual error body', async () => {
    const h = await makeHarness();
    const boss = { json: { email: 'admin@lowest.test', displayName: 'Boss' } };
    const refused: Record<string, string>[] = [
      { host: 'lowest.example' },
      { host: 'localhost:3000', origin: 'http://lowest.example' },
      { host: 'localhost:4000' },
    ];
    for (const headers of refused) {
      const res = await h.request('POST', '/auth/dev', { ...boss, headers });
      expect(res.status).toBe(403);
      // Another Origin meets the same-origin check first (code CROSS_SITE): refused either way.
      const problem =
        headers.origin === undefined
          ? { error: 'Development sign-in answers only requests to http://localhost:3000.', code: 'FORBIDDEN' }
          : { error: expect.any(String), code: 'CROSS_SITE' };
      expect(await res.json()).toEqual(problem);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect((await h.request('GET', '/auth/dev', { headers })).status).toBe(403);
    }
    const ok = await h.request('POST', '/auth/dev', {
      ...boss,
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000' },
    });
    expect(ok.status).toBe(200);
  });
});
