// The headers middleware adds after the handler (security headers, X-Request-Id, Vary, Connection: close while
// draining) go on Node's ServerResponse when @hono/node-server serves the request, and on the Hono response under
// app.request(): both paths must give every response the same headers.
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lifecycle } from '../../server/lifecycle/lifecycle.ts';
import { DOCUMENT_SECURITY_HEADERS } from '../../server/security/security-headers.ts';
import { makeHarness, ORIGIN, type Harness } from './harness.ts';

let h: Harness;
let server: ServerType;
let port: number;
const lifecycle = new Lifecycle('ready');

beforeAll(async () => {
  h = await makeHarness({ overrides: { lifecycle } });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  (server as Server).closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Over a socket, without keep-alive; the headers as a lower-cased record. */
const overSocket = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });

/** The headers both paths must agree on: all but those of the transport (Date, framing, the connection). */
const comparable = (entries: Iterable<[string, string | string[] | undefined]>): Record<string, string> => {
  const transport = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    if (transport.has(key) || value === undefined) continue;
    // The cookie's Expires moves with the clock of the moment: compare its name only.
    out[key] =
      key === 'set-cookie'
        ? [value]
            .flat()
            .map((cookie) => cookie.split('=')[0])
            .join(', ')
        : [value].flat().join(', ');
  }
  return out;
};

describe('headers added after the handler', () => {
  it("are, for documents, hono's secureHeaders for the app's options", async () => {
    const reference = new Hono()
      .use(
        secureHeaders({
          contentSecurityPolicy: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            fontSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          },
          referrerPolicy: 'strict-origin-when-cross-origin',
        }),
      )
      .get('/', (c) => c.body(null));
    const res = await reference.request('/');
    const expected = Object.fromEntries([...res.headers].filter(([name]) => name !== 'content-type'));
    expect(Object.fromEntries(DOCUMENT_SECURITY_HEADERS.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(
      expected,
    );
  });

  it('are the same over a socket as through app.request, for answers, errors and the 413', async () => {
    const cookie = await h.signIn('ann@lowest.test');
    const requests: { method: string; path: string; headers?: Record<string, string>; body?: string }[] = [
      { method: 'GET', path: '/api/game/today', headers: { 'x-request-id': 'same-id' } },
      { method: 'GET', path: '/api/entry/mine', headers: { cookie, 'x-request-id': 'same-id' } },
      { method: 'GET', path: '/api/no-such-route', headers: { 'x-request-id': 'same-id' } },
      {
        method: 'POST',
        path: '/api/entry',
        headers: { cookie, 'content-type': 'text/plain', 'x-request-id': 'same-id' },
        body: 'five',
      },
      {
        method: 'POST',
        path: '/api/entry',
        headers: { cookie, 'content-type': 'application/json', 'x-request-id': 'same-id' },
        body: JSON.stringify({ number: 1, pad: 'x'.repeat(70 * 1024) }),
      },
    ];
    for (const { method, path, headers = {}, body } of requests) {
      const viaApp = await h.app.request(`${ORIGIN}${path}`, { method, headers, body });
      const viaSocket = await overSocket(
        method,
        path,
        { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
        body,
      );
      expect(viaSocket.status, `${method} ${path}`).toBe(viaApp.status);
      const fromApp = comparable(viaApp.headers);
      expect(comparable(Object.entries(viaSocket.headers)), `${method} ${path}`).toEqual(fromApp);
      expect(fromApp['x-request-id']).toBe('same-id');
      expect(fromApp['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('close the connection over a socket while draining', async () => {
    const ready = await overSocket('GET', '/api/game/today', { connection: 'keep-alive' });
    expect(ready.headers.connection).toBe('keep-alive');
    lifecycle.enter('draining');
    const draining = await overSocket('GET', '/api/game/today', { connection: 'keep-alive' });
    expect(draining.status).toBe(200);
    expect(draining.headers.connection).toBe('close');
  });
});
