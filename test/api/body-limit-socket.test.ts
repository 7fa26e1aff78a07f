// A body over the 64 KiB limit over a real socket (issue 11 finding 5): 413 with Connection: close,
// the server really closes that connection (the unread rest of the body cannot be taken for the
// next request), and the client's next request, on a new connection, is answered normally.
import { serve, type ServerType } from '@hono/node-server';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHarness } from './harness.ts';

let server: ServerType;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  const h = await makeHarness();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  agent.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
  /** Resolves when the client side of the connection has closed. */
  closed: Promise<void>;
}

const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, agent, headers: { host: `localhost:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const socket = req.socket as Socket;
          const closed = socket.destroyed
            ? Promise.resolve()
            : new Promise<void>((done) => socket.once('close', () => done()));
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, socket, closed });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });

describe('a body over the limit, over a keep-alive connection', () => {
  it.each(['content-length', 'chunked'] as const)(
    'gets 413 and Connection: close (%s); the next request works on a new connection',
    async (framing) => {
      const first = await send('GET', '/api/game/today');
      expect(first.status).toBe(200);
      expect(first.headers.connection).toBe('keep-alive');

      const body = JSON.stringify({ number: 5, pad: 'x'.repeat(70 * 1024) });
      const big = await send('POST', '/api/entry', body, {
        'content-type': 'application/json',
        ...(framing === 'chunked'
          ? { 'transfer-encoding': 'chunked' }
          : { 'content-length': String(Buffer.byteLength(body)) }),
      });
      expect(big.status).toBe(413);
      expect(big.headers.connection).toBe('close');
      expect(JSON.parse(big.body)).toEqual({
        error: 'The request body is too large (limit 64 KiB).',
        code: 'PAYLOAD_TOO_LARGE',
      });
      // The connection really ends (a server that only said "close" would leave it open).
      await big.closed;

      const next = await send('GET', '/api/game/today');
      expect(next.status).toBe(200);
      expect(next.socket).not.toBe(big.socket);
    },
  );
});
