// The floor the stack allows: a Hono app with one constant-JSON route over @hono/node-server, nothing else.
// `HTTP_BENCH_FLOOR=1 npm run bench:http` drives it against the bare node:http baseline in the same run.
// PORT=… node --import tsx bench/http-hono-floor.ts
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { NUMBER_LIMITS } from '../core/game/number-limits.ts';

const port = Number(process.env['PORT']);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT is required');

const game = {
  gameDate: '2026-11-23',
  serverNowISO: '2026-11-23T12:00:00.000Z',
  msUntilClose: 43_200_000,
  effectiveStatus: 'open',
  closesAtISO: '2026-11-24T00:00:00.000Z',
  limits: NUMBER_LIMITS,
};

const app = new Hono().get('/api/game/today', (c) => c.json(game));
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
