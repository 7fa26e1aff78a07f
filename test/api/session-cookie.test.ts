// When the `sid` cookie is re-issued: on reads (set before the handler runs, so the route's response
// stays on Hono's fast path), not on submissions; cleared when stale; sign-in and logout set their own.
import { describe, expect, it } from 'vitest';
import { json, makeHarness } from './harness.ts';

const sidCookies = (res: Response): string[] => res.headers.getSetCookie().filter((h) => h.startsWith('sid='));

describe('the session cookie on the hot path', () => {
  it('re-issues the cookie on a read, not on a submission, and keeps the submission stored', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('eve@example.com');
    const read = await request('GET', '/api/entry/mine', { cookie });
    expect(read.status).toBe(200);
    expect(sidCookies(read)).toEqual([expect.stringContaining('Max-Age=2592000')]);
    const submit = await request('POST', '/api/entry', { cookie, json: { number: 7 } });
    expect(submit.status).toBe(201);
    expect(sidCookies(submit)).toEqual([]);
    const mine = await json<{ entries: { number: number }[] }>(await request('GET', '/api/entry/mine', { cookie }));
    expect(mine.entries.map((e) => e.number)).toEqual([7]);
  });

  it('clears a stale cookie on any method, once', async () => {
    const { request } = await makeHarness();
    const stale = { cookie: 'sid=' + 'cd'.repeat(32) };
    for (const res of [
      await request('GET', '/api/game/today', stale),
      await request('POST', '/api/entry', { ...stale, json: { number: 3 } }),
    ]) {
      expect(sidCookies(res)).toEqual([expect.stringMatching(/^sid=;.*Max-Age=0/)]);
    }
  });

  it('leaves sign-in and logout one sid cookie each: the one they set', async () => {
    const { request, signIn } = await makeHarness();
    const cookie = await signIn('fay@example.com');
    const again = await request('POST', '/auth/dev', {
      cookie,
      json: { email: 'fay@example.com', displayName: 'Fay' },
    });
    expect(sidCookies(again)).toHaveLength(1);
    expect(sidCookies(again)[0]).not.toContain(cookie.slice(4));
    const out = await request('POST', '/auth/logout', {
      cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sidCookies(out)).toEqual([expect.stringMatching(/^sid=;.*Max-Age=0/)]);
  });
});
