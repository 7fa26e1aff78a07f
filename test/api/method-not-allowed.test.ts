// A known path asked with a method it lacks answers 405 with `Allow` (RFC 9110 §15.5.6) and the usual error body;
// an unknown path stays a 404. The methods come from app.routes, so every route is checked, new ones included.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, json, makeHarness, type Harness } from './harness.ts';

const allowOf = (res: Response): string[] =>
  (res.headers.get('allow') ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);

/** Every path of app.routes with the methods its routes answer (middleware, registered for ALL, left out). A URL may
 * match several paths (/api/guilds/join and /api/guilds/:id): Allow then lists them all. */
const pathsOf = (h: Harness): Map<string, Set<string>> => {
  const paths = new Map<string, Set<string>>();
  for (const { method, path } of h.app.routes) {
    if (method === 'ALL') continue;
    paths.set(path, (paths.get(path) ?? new Set()).add(method));
  }
  return paths;
};

/** A concrete URL for a route pattern: a date where a date goes, a word elsewhere, the docs' stylesheet for its asset. */
const concrete = (path: string): string =>
  path
    .replace(/:asset\{[^}]*\}/, 'swagger-ui.css')
    .replace(/:(\w+)/g, (_, name: string) => (/date|gameKey/i.test(name) ? '2026-11-20' : name === 'day' ? '1' : 'x'));

describe('405 Method Not Allowed', () => {
  it('PATCH /api/entry answers 405 with Allow: POST and the usual error body', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com');
    const res = await h.request('PATCH', '/api/entry', { cookie: ann, json: { number: 3 } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await json(res)).toEqual({
      error: 'This address does not answer PATCH; it answers POST.',
      code: 'METHOD_NOT_ALLOWED',
    });
    const mine = await json<{ entries: unknown[] }>(await h.request('GET', '/api/entry/mine', { cookie: ann }));
    expect(mine.entries).toEqual([]);
  });

  it('every path of app.routes asked with a method it lacks: 405, Allow listing its methods (HEAD with GET)', async () => {
    const h = await makeHarness();
    const admin = await h.signIn(ADMIN_EMAIL);
    const paths = pathsOf(h);
    expect(paths.size).toBeGreaterThan(50);
    for (const [path, methods] of paths) {
      const lacking = ['PUT', 'PATCH', 'DELETE', 'POST', 'GET'].find((m) => !methods.has(m));
      if (lacking === undefined) continue;
      const url = concrete(path);
      const res = await h.request(lacking, url, { cookie: admin, ...(lacking === 'GET' ? {} : { json: {} }) });
      const name = `${lacking} ${url} (${path})`;
      expect(res.status, name).toBe(405);
      const allow = allowOf(res);
      for (const method of methods) expect(allow, name).toContain(method);
      if (methods.has('GET')) expect(allow, name).toContain('HEAD');
      expect(allow, name).not.toContain(lacking);
      expect(await json(res), name).toEqual({ error: expect.stringContaining(lacking), code: 'METHOD_NOT_ALLOWED' });
    }
  });

  it('an operator path: POST /healthz is 405 with Allow: GET, HEAD', async () => {
    const h = await makeHarness();
    const res = await h.request('POST', '/healthz');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('an unknown path is still 404, whatever the method', async () => {
    const h = await makeHarness();
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await h.request(method, '/api/no-such-thing');
      expect(res.status, method).toBe(404);
      expect(res.headers.get('allow'), method).toBeNull();
      expect(await json(res), method).toEqual({ error: 'Not found.', code: 'NOT_FOUND' });
    }
  });

  it("the web app's screens answer GET and HEAD: another method is 405 with Allow: GET, HEAD", async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'lowest-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    const h = await makeHarness({ config: { webRoot } });
    const admin = await h.signIn(ADMIN_EMAIL);
    // Signed in as an admin: the admin sub-app's guard covers /admin itself.
    for (const path of ['/stats', '/admin', '/guilds/x']) {
      const res = await h.request('POST', path, { cookie: admin, json: {} });
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow'), path).toBe('GET, HEAD');
      expect(await json(res), path).toEqual({
        error: 'This address does not answer POST; it answers GET, HEAD.',
        code: 'METHOD_NOT_ALLOWED',
      });
    }
    // An admin API path is the API's: its own methods, not the screens'.
    const status = await h.request('PUT', '/admin/status', { cookie: admin, json: {} });
    expect(status.status).toBe(405);
    expect(status.headers.get('allow')).toBe('GET, HEAD');
    const compute = await h.request('GET', '/admin/compute/2026-11-20', {
      cookie: admin,
      headers: { accept: 'text/html' },
    });
    expect(compute.status).toBe(405);
    expect(compute.headers.get('allow')).toBe('POST');
  });
});
