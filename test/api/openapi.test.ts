// The OpenAPI document: valid OpenAPI 3.1, describing every API route the app registers, each named for a client
// generator, and the access it states (`x-access`, `security`) is the access the guards enforce (401 signed out, 403
// for a player on admin routes), for every route of app.routes, so a route added without a guard, or without a
// place in the document, fails here.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { DOCS_PATH, OPENAPI_PATH } from '../../server/api-docs.ts';
import { CONTENT_SECURITY_POLICY } from '../../server/security/security-headers.ts';
import { json, makeHarness, type Harness } from './harness.ts';

/** API routes of app.routes: under /api, /admin and /auth. The document and its reader are not described by it. */
const apiRoutesOf = (h: Harness): { method: string; path: string }[] => {
  const seen = new Set<string>();
  return h.app.routes
    .filter((r) => r.method !== 'ALL' && ['/api/', '/admin/', '/auth/'].some((prefix) => r.path.startsWith(prefix)))
    .filter((r) => r.path !== OPENAPI_PATH && !r.path.startsWith(DOCS_PATH))
    .map((r) => ({ method: r.method, path: r.path.replace(/:(\w+)/g, '{$1}') }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
};

type Operation = {
  'x-access'?: string;
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, unknown>;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  servers?: { url: string }[];
  info: { license?: { name: string; identifier?: string } };
};

const documentOf = async (h: Harness): Promise<Doc> => json<Doc>(await h.request('GET', OPENAPI_PATH));

/** A concrete URL for a path template: a date where a date goes, a word elsewhere. */
const concrete = (path: string): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    /date|gameKey/i.test(name) ? '2026-11-20' : name === 'day' ? '1' : 'x',
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const h = await makeHarness();
    const doc = await documentOf(h);
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('describes every API route the app registers, and nothing else', async () => {
    const h = await makeHarness();
    const doc = await documentOf(h);
    const registered = apiRoutesOf(h)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(registered.length).toBeGreaterThan(50);
    expect(documented).toEqual(registered);
  });

  it('every operation lists its error codes, 500 included, and states who may call it', async () => {
    const h = await makeHarness();
    const doc = await documentOf(h);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(['public', 'player', 'admin'], `${method} ${path}`).toContain(operation['x-access']);
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain('500');
        if (operation['x-access'] !== 'public')
          expect(Object.keys(operation.responses), `${method} ${path}`).toContain('401');
      }
    }
  });

  it('names every operation for a client generator: a unique camelCase operationId, a summary and its tags', async () => {
    const h = await makeHarness();
    const doc = await documentOf(h);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
    );
    for (const { name, operation } of operations) {
      expect(operation.operationId, name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(operation.summary?.trim(), name).toBeTruthy();
      expect(operation.tags?.length, name).toBeGreaterThan(0);
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says where the API is (the deployment's PUBLIC_URL) and under which licence", async () => {
    const h = await makeHarness({ env: { PUBLIC_URL: 'http://127.0.0.1:4321' } });
    const doc = await documentOf(h);
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:4321', description: expect.any(String) }]);
    expect(doc.info.license?.name).toBeTruthy();
  });

  it('is readable at /api/docs, from this origin only (no script from elsewhere)', async () => {
    const h = await makeHarness();
    const page = await h.request('GET', DOCS_PATH);
    expect(page.status).toBe(200);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBe(3);
    for (const source of sources) {
      expect(source.startsWith(`${DOCS_PATH}/`), source).toBe(true);
      const asset = await h.request('GET', source);
      expect(asset.status, source).toBe(200);
      expect((await asset.text()).length, source).toBeGreaterThan(20);
    }
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('authorization, for every route of app.routes', () => {
  it('signed out is 401 on every route that is not public; a player is 403 on every admin route; `security` says which', async () => {
    const h = await makeHarness();
    const doc = await documentOf(h);
    const player = await h.signIn('ann@example.com');
    const checked = { public: 0, player: 0, admin: 0 };
    for (const { method, path } of apiRoutesOf(h)) {
      const operation = doc.paths[path]?.[method.toLowerCase()];
      const access = operation?.['x-access'];
      expect(access, `${method} ${path} is not in the document`).toBeDefined();
      const url = concrete(path);
      const body = method === 'GET' ? {} : { json: {} };
      const signedOut = await h.request(method, url, body);
      const name = `${method} ${url}`;
      // A generator reads who may call from `security`: none needed (`[]`) exactly where no session is.
      expect(operation?.security, name).toEqual(access === 'public' ? [] : [{ session: [] }]);
      if (access === 'public') {
        expect([401, 403], name).not.toContain(signedOut.status);
        checked.public += 1;
        continue;
      }
      expect(signedOut.status, name).toBe(401);
      expect(await json(signedOut), name).toEqual({ error: 'Please sign in first.', code: 'UNAUTHENTICATED' });
      if (access === 'admin') {
        const asPlayer = await h.request(method, url, { cookie: player, ...body });
        expect(asPlayer.status, name).toBe(403);
        expect(await json(asPlayer), name).toEqual({
          error: 'You need admin privileges to do that.',
          code: 'FORBIDDEN',
        });
      }
      checked[access as 'player' | 'admin'] += 1;
    }
    expect(checked.admin).toBeGreaterThanOrEqual(15);
    expect(checked.player).toBeGreaterThan(20);
  });
});
