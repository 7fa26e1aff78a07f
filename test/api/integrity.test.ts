// Integrity over HTTP (DESIGN.md §18): the `did` device cookie set at sign-in and on every submission, the request's
// signals handed to the core, what an admin sees of a flagged winning and what its winner never sees.
import { describe, expect, it } from 'vitest';
import { makeHarness, sessionCookieOf, type Harness } from './harness.ts';

const deviceCookieOf = (res: Response): string | undefined => res.headers.getSetCookie().find((h) => h.startsWith('did='));
const deviceIdOf = (res: Response): string => /^did=([^;]*)/.exec(deviceCookieOf(res) ?? '')?.[1] ?? '';
const VALID_ID = '0123456789abcdef0123456789abcdef';

const devSignIn = (h: Harness, email: string, cookie?: string) =>
  h.request('POST', '/auth/dev', { json: { email, displayName: email.split('@')[0] }, ...(cookie === undefined ? {} : { cookie }) });

describe('the did cookie', () => {
  it('is set at sign-in with a fresh id: HttpOnly, SameSite=Lax, site-wide, 400 days, not Secure on http', async () => {
    const h = await makeHarness();
    const res = await devSignIn(h, 'ann@example.com');
    expect(res.status).toBe(200);
    const cookie = deviceCookieOf(res) ?? '';
    expect(cookie).toMatch(/^did=[0-9a-f]{32};/);
    expect(cookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=34560000', 'Path=/', 'SameSite=Lax']);
    // Each browser its own id.
    expect(deviceIdOf(await devSignIn(h, 'bob@example.com'))).not.toBe(deviceIdOf(res));
  });

  it('is Secure when PUBLIC_URL is https, like the session cookie', async () => {
    const h = await makeHarness({ env: { PUBLIC_URL: 'https://localhost:3443' } });
    const res = await devSignIn(h, 'ann@example.com');
    expect(deviceCookieOf(res)).toContain('Secure');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sid='))).toContain('Secure');
  });

  it('keeps a valid id and replaces a malformed one, at sign-in and on a submission', async () => {
    const h = await makeHarness();
    expect(deviceIdOf(await devSignIn(h, 'ann@example.com', `did=${VALID_ID}`))).toBe(VALID_ID);
    for (const junk of ['not-a-device', VALID_ID.toUpperCase(), `${VALID_ID}0`, '']) {
      const replaced = deviceIdOf(await devSignIn(h, 'ann@example.com', `did=${junk}`));
      expect(replaced).toMatch(/^[0-9a-f]{32}$/);
      expect(replaced).not.toBe(junk);
    }

    const sid = sessionCookieOf(await devSignIn(h, 'cy@example.com'));
    const kept = await h.request('POST', '/api/entry', { cookie: `${sid}; did=${VALID_ID}`, json: { number: 4 } });
    expect(kept.status).toBe(201);
    expect(deviceCookieOf(kept)).toContain('Max-Age=34560000');
    expect(deviceIdOf(kept)).toBe(VALID_ID);
    const other = sessionCookieOf(await devSignIn(h, 'dee@example.com'));
    const fresh = await h.request('POST', '/api/entry', { cookie: `${other}; did=forged`, json: { number: 5 } });
    expect(fresh.status).toBe(201);
    expect(deviceIdOf(fresh)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('is not set by a read', async () => {
    const h = await makeHarness();
    const sid = sessionCookieOf(await devSignIn(h, 'ann@example.com'));
    expect(deviceCookieOf(await h.request('GET', '/api/entry/mine', { cookie: sid }))).toBeUndefined();
  });
});
