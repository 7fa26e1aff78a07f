// The fetch client against a real local HTTP server: what it sends and the error messages it builds.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClientError, apiFetch, NetworkError, networkMessages, unavailableMessage } from './api-client.ts';
import { connectionNow } from './connection.ts';

const UNAVAILABLE_MESSAGE = 'The game is briefly unavailable. Please try again in a moment.';

interface Seen {
  method: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let base = '';
let lastSeen: Seen | null = null;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      lastSeen = { method: request.method ?? '', contentType: request.headers['content-type'], body };
      switch (request.url) {
        case '/ok':
          response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ hello: 'world' }));
          break;
        case '/echo':
          response.writeHead(200, { 'Content-Type': 'application/json' }).end(body === '' ? '{}' : body);
          break;
        case '/empty':
          response.writeHead(204).end();
          break;
        case '/json-error':
          response
            .writeHead(409, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ error: 'Game is closed', code: 'GAME_CLOSED' }));
          break;
        case '/unavailable':
          response
            .writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5' })
            .end(JSON.stringify({ error: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' }));
          break;
        case '/proxy-page':
          response.writeHead(502, { 'Content-Type': 'text/html' }).end('<html><h1>502 Bad Gateway</h1></html>');
          break;
        case '/text-error':
          response.writeHead(500, { 'Content-Type': 'text/plain' }).end('boom');
          break;
        default:
          response.writeHead(404, 'Not Found').end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function failure(path: string): Promise<ApiClientError> {
  try {
    await apiFetch(`${base}${path}`);
  } catch (error) {
    if (error instanceof ApiClientError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('apiFetch', () => {
  it('returns parsed JSON with a GET and no body or content type', async () => {
    await expect(apiFetch<{ hello: string }>(`${base}/ok`)).resolves.toEqual({ hello: 'world' });
    expect(lastSeen).toEqual({ method: 'GET', contentType: undefined, body: '' });
  });

  it('sends a JSON body with a JSON content type', async () => {
    await expect(apiFetch(`${base}/echo`, { method: 'POST', body: { number: 7 } })).resolves.toEqual({ number: 7 });
    expect(lastSeen).toEqual({ method: 'POST', contentType: 'application/json', body: '{"number":7}' });
  });

  it('sends no content type for a POST without a body', async () => {
    await apiFetch(`${base}/echo`, { method: 'POST' });
    expect(lastSeen).toEqual({ method: 'POST', contentType: undefined, body: '' });
  });

  it('answers undefined for 204', async () => {
    await expect(apiFetch(`${base}/empty`, { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("uses the server's error field", async () => {
    const error = await failure('/json-error');
    expect(error.status).toBe(409);
    expect(error.message).toBe('Game is closed');
    expect(error.body).toEqual({ error: 'Game is closed', code: 'GAME_CLOSED' });
  });

  it("says the server's words when the database is unavailable, and the same for a proxy's page with no server behind it", async () => {
    const unavailable = await failure('/unavailable');
    expect([unavailable.status, unavailable.message]).toEqual([503, UNAVAILABLE_MESSAGE]);
    const proxied = await failure('/proxy-page');
    expect([proxied.status, proxied.message]).toEqual([502, unavailableMessage]);
    expect(unavailableMessage).toBe(UNAVAILABLE_MESSAGE);
    expect(connectionNow()).toBe('online');
  });

  it('uses status and text when the body has no error field', async () => {
    const error = await failure('/text-error');
    expect(error.status).toBe(500);
    expect(error.message).toBe('500: boom');
    expect(error.body).toBe('boom');
  });

  it('falls back to the status text for an empty body', async () => {
    const error = await failure('/missing');
    expect(error.status).toBe(404);
    expect(error.message).toBe('Not Found');
  });

  it('a server that does not answer is a NetworkError in words, and the connection counts as lost until one answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/ok`;
    await new Promise((resolve) => closed.close(resolve));

    const error: unknown = await apiFetch(deadUrl, { method: 'POST', body: { number: 7 } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe(networkMessages.unreachable);
    expect((error as NetworkError).message).not.toMatch(/fetch/i);
    expect(connectionNow()).toBe('unreachable');

    await apiFetch(`${base}/ok`);
    expect(connectionNow()).toBe('online');
  });
});
