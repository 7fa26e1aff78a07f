// GET /api/game/today served before the app answers as the app does: the same status, body and headers, on a
// node:http server wired as server/main.ts wires it (the front, then the app). The app's read keeps the current game;
// a change of it by this instance (an admin's open or close) sends the next request to the app again.
import { getRequestListener } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestLine } from '../../server/app-env.ts';
import { Lifecycle } from '../../server/lifecycle/lifecycle.ts';
import { publicAnswerFront } from '../../server/public-answer-front.ts';
import { ADMIN_EMAIL, makeHarness, type Harness } from './harness.ts';

let h: Harness;
let server: Server;
let port: number;
/** The requests the front answered (its access lines). */
const fronted: RequestLine[] = [];

beforeAll(async () => {
  h = await makeHarness();
  const app = getRequestListener(h.app.fetch);
  const front = publicAnswerFront({
    cache: h.services.publicAnswers,
    currentGame: h.services.currentGameAnswer,
    now: () => h.deps.clock.now(),
    lifecycle: new Lifecycle('ready'),
    logger: { ...h.services.logger, request: (line) => fronted.push(line) },
    metrics: h.services.metrics,
    https: false,
  });
  server = createServer((request, response) => {
    if (!front(request, response)) void app(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const getToday = async (headers: Record<string, string> = {}) => {
  const res = await fetch(`http://127.0.0.1:${port}/api/game/today`, { headers });
  const { date: _date, 'x-request-id': _id, ...rest } = Object.fromEntries(res.headers);
  return { status: res.status, body: await res.text(), headers: rest };
};

describe('GET /api/game/today before the app', () => {
  it('answers as the app does once the app has read the current game', async () => {
    const byApp = await getToday({ 'accept-encoding': 'br, gzip' });
    expect(fronted).toHaveLength(0);
    const byFront = await getToday({ 'accept-encoding': 'br, gzip' });
    expect(fronted).toEqual([expect.objectContaining({ route: '/api/game/today', status: 200 })]);
    expect(byFront).toEqual(byApp);
    expect(JSON.parse(byFront.body)).toMatchObject({ gameDate: '2026-11-20', effectiveStatus: 'open' });
    expect(byFront.headers).toMatchObject({ 'content-type': 'application/json', 'x-content-type-options': 'nosniff' });
  });

  it("leaves a signed-in request to the app, and reads the game again after this instance's admin closed it", async () => {
    const cookie = await h.signIn(ADMIN_EMAIL);
    const before = fronted.length;
    expect((await getToday({ cookie })).status).toBe(200);
    expect(fronted).toHaveLength(before);

    const closed = await h.request('POST', '/admin/compute/2026-11-20', { cookie });
    expect(closed.status).toBe(200);
    const after = await getToday();
    expect(fronted).toHaveLength(before);
    expect(JSON.parse(after.body)).toMatchObject({ gameDate: '2026-11-20', effectiveStatus: 'closed' });
  });
});
