// The built web app: files, the single-page-app fallback for HTML navigations, cache headers.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, makeHarness } from './harness.ts';
import { CONTENT_SECURITY_POLICY } from '../../server/security/security-headers.ts';

const webRoot = mkdtempSync(join(tmpdir(), 'lowest-web-'));
mkdirSync(join(webRoot, 'assets'));
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script>',
);
writeFileSync(join(webRoot, 'assets', 'app-1a2b.js'), 'console.log("app")');
writeFileSync(join(webRoot, 'favicon.svg'), '<svg/>');
writeFileSync(join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(join(webRoot, 'manifest.webmanifest'), '{"name":"LOWEST UNIQUE"}');

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('static web app', () => {
  it('serves index.html at / without caching, and hashed assets for a year', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    const root = await request('GET', '/', { headers: html });
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toContain('text/html');
    expect(root.headers.get('cache-control')).toBe('no-cache');
    // A document: the page's CSP and the documents' headers, not the REST set of JSON answers.
    expect(root.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(root.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(root.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(root.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(await root.text()).toContain('id="root"');
    const asset = await request('GET', '/assets/app-1a2b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toContain('console.log');
    const icon = await request('GET', '/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect(icon.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(icon.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('serves the service worker and the manifest unhashed and revalidated, so a new version is found on the next visit', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    const worker = await request('GET', '/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toContain('javascript');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await request('GET', '/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers index.html for HTML navigations to app routes, /admin included', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    for (const path of ['/stats', '/admin', '/admin/', '/signup?ref=ABCDEFGHJKLM', '/anything/deep', '/auth']) {
      const res = await request('GET', path, { headers: html });
      if (path === '/auth') {
        expect(res.status).toBe(404);
        continue;
      }
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('id="root"');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('keeps API paths for the API, even when the browser asks for HTML', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    const api = await request('GET', '/api/game/today', { headers: html });
    expect((await json(api)).gameDate).toBe('2026-11-20');
    const admin = await request('GET', '/admin/status', { headers: html });
    expect(admin.status).toBe(401);
    const submissions = await request('GET', '/admin/submissions?page=1', { headers: html });
    expect(submissions.status).toBe(401);
    const devPage = await request('GET', '/auth/dev', { headers: html });
    expect(await devPage.text()).toContain('Development sign-in');
  });

  it('keeps every admin API route of app.routes for the API, whatever its method', async () => {
    const { app, request } = await makeHarness({ config: { webRoot } });
    const adminPaths = [
      ...new Set(app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/admin/')).map((r) => r.path)),
    ];
    expect(adminPaths.length).toBeGreaterThanOrEqual(8);
    for (const path of adminPaths) {
      const url = path.replace(/:\w+/g, '2026-11-20');
      const res = await request('GET', url, { headers: html });
      expect(res.status, url).toBe(401);
      expect(res.headers.get('content-type'), url).toContain('application/json');
    }
  });

  it('does not answer index.html for missing files or non-HTML requests', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    expect((await request('GET', '/assets/missing-123.js')).status).toBe(404);
    expect((await request('GET', '/stats', { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await request('GET', '/../package.json', { headers: html })).status).not.toBe(500);
  });
});
