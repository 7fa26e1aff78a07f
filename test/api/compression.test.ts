// Compression over HTTP: the build's precompressed twins for the web app's files, JSON over ~1 KB compressed per
// request, Vary on both, the plain body for clients that accept no encoding; then the same over a real socket.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import type { AdminSubmissionsResponse } from '../../server/routes/admin.schemas.ts';
import { COMPRESS_MIN_BYTES } from '../../server/content-encoding.ts';
import { ADMIN_EMAIL, json, makeHarness, type Harness } from './harness.ts';

const outside = mkdtempSync(join(tmpdir(), 'lowest-web-encoded-'));
const webRoot = join(outside, 'web');
mkdirSync(join(webRoot, 'assets'), { recursive: true });
// Beside the web root, never to be served.
writeFileSync(join(outside, 'secret.js'), 'secret');
writeFileSync(join(outside, 'secret.js.br'), brotliCompressSync('secret'));
const script = `console.log(${JSON.stringify('the app '.repeat(400))});`;
const shell = '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script>';
writeFileSync(join(webRoot, 'index.html'), shell);
writeFileSync(join(webRoot, 'index.html.br'), brotliCompressSync(`${shell}<!--br-->`));
writeFileSync(join(webRoot, 'index.html.gz'), gzipSync(`${shell}<!--gz-->`));
writeFileSync(join(webRoot, 'assets', 'app-1a2b.js'), script);
// Distinct bytes per twin so a test can tell which file was sent, not merely that it decodes.
writeFileSync(join(webRoot, 'assets', 'app-1a2b.js.br'), brotliCompressSync(`${script}//br`));
writeFileSync(join(webRoot, 'assets', 'app-1a2b.js.gz'), gzipSync(`${script}//gz`));
writeFileSync(join(webRoot, 'assets', 'only-gz-9f8e.css'), 'body{color:black}'.repeat(100));
writeFileSync(join(webRoot, 'assets', 'only-gz-9f8e.css.gz'), gzipSync('body{color:black}'.repeat(100)));
writeFileSync(join(webRoot, 'assets', 'tiny-5c6d.js'), 'export {};');

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** A page of admin submissions: well over 1 KB of JSON. */
async function bigJsonHarness(): Promise<{ harness: Harness; admin: string }> {
  const harness = await makeHarness({ config: { webRoot } });
  const admin = await harness.signIn(ADMIN_EMAIL);
  const created = await harness.request('POST', '/admin/create-bot-submissions', {
    cookie: admin,
    json: { botCount: 30, bonusCount: 0, minNumber: 1, maxNumber: 1000 },
  });
  expect(created.status).toBe(200);
  return { harness, admin };
}

describe('precompressed web app files', () => {
  it('sends the brotli twin to a browser that takes br, with the type, length and caching of the asset', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    const res = await request('GET', '/assets/app-1a2b.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytesOf(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
    expect(brotliDecompressSync(body).toString()).toBe(`${script}//br`);
  });

  it('sends the app shell compressed too, at / and at any address of the app, never cached without a check', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    for (const path of ['/', '/index.html', '/verify/2026-11-20', '/stats']) {
      const res = await request('GET', path, {
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect([path, res.status, res.headers.get('content-encoding'), res.headers.get('vary')]).toEqual([
        path,
        200,
        'br',
        'Accept-Encoding',
      ]);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(brotliDecompressSync(await bytesOf(res)).toString()).toBe(`${shell}<!--br-->`);
    }
    const gz = await request('GET', '/stats', { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gunzipSync(await bytesOf(gz)).toString()).toBe(`${shell}<!--gz-->`);
    const plain = await request('GET', '/stats', { headers: { accept: 'text/html' } });
    expect([plain.headers.get('content-encoding'), await plain.text()]).toEqual([null, shell]);
  });

  it('follows q-values: gzip when br is weighed lower, the plain file when nothing is accepted', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    const gz = await request('GET', '/assets/app-1a2b.js', { headers: { 'accept-encoding': 'br;q=0.4, gzip;q=0.9' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(gz)).toString()).toBe(`${script}//gz`);

    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const plain = await request('GET', '/assets/app-1a2b.js', { headers });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-encoding')).toBeNull();
      // The plain answer varies too: a shared cache must not hand it to a client that asked for br, nor the reverse.
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await plain.text()).toBe(script);
    }
  });

  it('uses the twins that exist, and sends small files (no twins) plain without Vary', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    const css = await request('GET', '/assets/only-gz-9f8e.css', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(gunzipSync(await bytesOf(css)).toString()).toBe('body{color:black}'.repeat(100));
    const tiny = await request('GET', '/assets/tiny-5c6d.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(tiny.headers.get('vary')).toBeNull();
    expect(await tiny.text()).toBe('export {};');
  });

  it('answers HEAD with the twin’s headers and no body, and a Range request with the plain file', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    const head = await request('HEAD', '/assets/app-1a2b.js', { headers: { 'accept-encoding': 'br' } });
    expect(head.headers.get('content-encoding')).toBe('br');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const range = await request('GET', '/assets/app-1a2b.js', {
      headers: { 'accept-encoding': 'br', range: 'bytes=0-9' },
    });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-encoding')).toBeNull();
    expect(await range.text()).toBe(script.slice(0, 10));
  });

  it('never looks outside the web root for a twin', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    for (const path of [
      '/..%2fsecret.js',
      '/assets/..%2f..%2fsecret.js',
      '/%2e%2e%2fsecret.js',
      '/assets/%2E%2E/%2E%2E/secret.js',
    ]) {
      const res = await request('GET', path, { headers: { 'accept-encoding': 'br' } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-encoding'), path).toBeNull();
    }
  });
});

describe('compressed JSON', () => {
  it('compresses a JSON answer over 1 KB with br or gzip as accepted, to the same document', async () => {
    const { harness, admin } = await bigJsonHarness();
    const path = '/admin/submissions?page=1&limit=30';
    const plain = await harness.request('GET', path, { cookie: admin });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(JSON.parse(text)).toMatchObject({ submissions: expect.any(Array) as unknown });

    const br = await harness.request('GET', path, {
      cookie: admin,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/^application\/json/);
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    const brBytes = await bytesOf(br);
    expect(brBytes.byteLength).toBeLessThan(text.length / 2);
    expect(brotliDecompressSync(brBytes).toString()).toBe(text);

    const gz = await harness.request('GET', path, { cookie: admin, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(gz)).toString()).toBe(text);
  });

  it('keeps small JSON plain, and keeps the response’s status, cookies and security headers', async () => {
    const { request } = await makeHarness({ config: { webRoot } });
    const small = await request('GET', '/api/game/today', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(await json(small)).toMatchObject({ gameDate: '2026-11-20' });

    const signIn = await request('POST', '/auth/dev', {
      json: { email: 'ann@example.com', displayName: 'Ann' },
      headers: { 'accept-encoding': 'br' },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.getSetCookie().some((cookie) => cookie.startsWith('sid='))).toBe(true);
    expect(signIn.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");

    const missing = await request('GET', '/api/nothing-here', { headers: { 'accept-encoding': 'br' } });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('over a real socket', () => {
  /** A raw GET: the bytes as sent, no client-side decoding. */
  const rawGet = (port: number, path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      },
    );

  it('sends compressed assets and JSON with matching lengths that decode to the originals', async () => {
    const { harness, admin } = await bigJsonHarness();
    const server = serve({ fetch: harness.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
      const { port } = server.address() as AddressInfo;
      const asset = await rawGet(port, '/assets/app-1a2b.js', { 'accept-encoding': 'br' });
      expect(asset.status).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers.vary).toBe('Accept-Encoding');
      expect(Number(asset.headers['content-length'])).toBe(asset.body.byteLength);
      expect(brotliDecompressSync(asset.body).toString()).toBe(`${script}//br`);

      const api = await rawGet(port, '/admin/submissions?page=1&limit=30', {
        'accept-encoding': 'gzip',
        cookie: admin,
        origin: 'http://localhost:3000',
      });
      expect(api.status).toBe(200);
      expect(api.headers['content-encoding']).toBe('gzip');
      const submissions = JSON.parse(gunzipSync(api.body).toString()) as AdminSubmissionsResponse;
      expect(submissions.submissions).toHaveLength(30);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
