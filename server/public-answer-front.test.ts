// The front of the kept public answers on a real node:http server: a visitor's GET of a kept answer is written from
// the stored bytes with the security headers, a request id, the access line and a 304 for its ETag; anything else,
// and any signed-in request, goes on to the app.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestLine } from './app-env.ts';
import { loadConfig } from './config.ts';
import { Lifecycle } from './lifecycle/lifecycle.ts';
import { Metrics } from './observability/metrics.ts';
import { CurrentGameAnswer } from './current-game-answer.ts';
import { IMMUTABLE, PublicAnswerCache } from './public-answer-cache.ts';
import { publicAnswerFront } from './public-answer-front.ts';

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const start = async () => {
  const cache = new PublicAnswerCache({
    readGeneration: async () => ({ key: 'g', latestClose: null }),
    secondsUntilNextClose: () => 100,
  });
  await cache.answer(
    'day',
    '/api/stats/daily/2026-11-20',
    { route: '/api/stats/daily/:date', freshness: 'closed-day', generation: null },
    async () => JSON.stringify({ gameDate: '2026-11-20' }),
  );
  const lines: RequestLine[] = [];
  const lifecycle = new Lifecycle('ready');
  const front = publicAnswerFront({
    cache,
    currentGame: new CurrentGameAnswer({ config: loadConfig({}).game }),
    now: () => new Date(),
    lifecycle,
    https: false,
    metrics: new Metrics(
      {
        collectOutbox: async () => ({ backlog: 0, failed: 0 }),
        collectPayouts: async () => ({}),
        lastCloseAt: async () => null,
      },
      { processMetrics: false },
    ),
    logger: { request: (line) => lines.push(line), debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  server = createServer((request, response) => {
    if (!front(request, response)) response.writeHead(418).end('app');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, { headers });
  return { get, lines, lifecycle };
};

describe('publicAnswerFront', () => {
  it('answers a visitor from the kept bytes with every response’s headers, and 304 for its ETag', async () => {
    const { get, lines, lifecycle } = await start();
    const res = await get('/api/stats/daily/2026-11-20', { 'x-request-id': 'front-1' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ gameDate: '2026-11-20' });
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBe('front-1');
    expect(lines).toEqual([
      expect.objectContaining({ requestId: 'front-1', route: '/api/stats/daily/:date', status: 200 }),
    ]);

    const again = await get('/api/stats/daily/2026-11-20', { 'if-none-match': res.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);

    lifecycle.enter('draining');
    expect((await get('/api/stats/daily/2026-11-20')).headers.get('connection')).toBe('close');
  });

  it('leaves signed-in requests, other targets and other methods to the app', async () => {
    const { get, lines } = await start();
    expect((await get('/api/stats/daily/2026-11-20', { cookie: 'did=x; sid=abc' })).status).toBe(418);
    expect((await get('/api/stats/daily/2026-11-20', { authorization: 'Bearer x' })).status).toBe(418);
    expect((await get('/api/stats/daily/2026-11-21')).status).toBe(418);
    expect((await get('/api/stats/daily/2026-11-20?x=1')).status).toBe(418);
    // A cookie that is not the session's does not make the request signed in.
    expect((await get('/api/stats/daily/2026-11-20', { cookie: 'did=x' })).status).toBe(200);
    expect(lines).toHaveLength(1);
  });
});
