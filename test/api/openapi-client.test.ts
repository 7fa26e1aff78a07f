// A third party's generated client works: types generated from the served document with openapi-typescript (the
// committed generated/openapi.ts, checked against a fresh generation here), and openapi-fetch calling a running app
// on a loopback port over SQLite. The scenario signs in by the development route, submits a pick, reads the entry
// back and reads the statistics; every answer is also checked against the document.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import type { paths } from './generated/openapi.ts';
import { ADMIN_EMAIL, makeHarness, sessionCookieOf, type Harness } from './harness.ts';
import { GENERATED_TYPES, generatedTypes, servedDocument } from './openapi-types.ts';

const dir = mkdtempSync(join(tmpdir(), 'lowest-openapi-client-'));
let server: ServerType;
let origin: string;
let h: Harness;
let closeStore: () => Promise<void>;

beforeAll(async () => {
  // Listening first: dev sign-in only answers at PUBLIC_URL, which needs the port.
  let app: Harness['app'] | null = null;
  await new Promise<void>((resolve) => {
    server = serve(
      {
        fetch: (request, env) => (app ? app.fetch(request, env) : new Response(null, { status: 503 })),
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(),
    );
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = await createSqliteStore(join(dir, 'client.db'));
  closeStore = () => store.close();
  h = await makeHarness({ store, env: { PUBLIC_URL: origin } });
  app = h.app;
});

afterAll(async () => {
  (server as Server).closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await closeStore();
  rmSync(dir, { recursive: true, force: true });
});

/** An openapi-fetch client of the generated paths, sending `cookie` when given; each answer checked against the document. */
const clientOf = (cookie?: string) => {
  const client = createClient<paths>({
    baseUrl: origin,
    fetch: async (request) => {
      const response = await fetch(request);
      await h.checker.check(request.method, request.url, response);
      return response;
    },
  });
  if (cookie !== undefined) {
    client.use({
      onRequest: ({ request }) => {
        request.headers.set('cookie', cookie);
        return request;
      },
    });
  }
  return client;
};

/** Signs in by POST /auth/dev through the generated client; the session cookie it sets. */
const signIn = async (email: string, displayName: string): Promise<string> => {
  const { data, response } = await clientOf().POST('/auth/dev', { body: { email, displayName } });
  expect(response.status).toBe(200);
  expect(data?.email).toBe(email);
  return sessionCookieOf(response);
};

/** Never called: the typecheck fails if the generated types let these calls through. */
const _refusedByTheTypes = (client: ReturnType<typeof clientOf>) => {
  // @ts-expect-error a path the document does not have
  void client.GET('/api/no-such-path');
  // @ts-expect-error a number that is text
  void client.POST('/api/entry', { body: { number: 'seven' } });
  // @ts-expect-error a path parameter left out
  void client.GET('/api/stats/daily/{date}', {});
};

describe('a client generated from the OpenAPI document', () => {
  it('is what openapi-typescript generates from the served document now', async () => {
    const fresh = await generatedTypes(await servedDocument());
    // On a difference: `npx tsx test/api/openapi-types.ts` writes the committed copy again.
    expect(fresh === readFileSync(GENERATED_TYPES, 'utf8'), `${GENERATED_TYPES} is stale`).toBe(true);
  });

  it('signs in, submits a pick, reads the entry back and reads the statistics through openapi-fetch', async () => {
    const ann = clientOf(await signIn('ann@example.com', 'Ann'));

    const today = await ann.GET('/api/game/today');
    expect(today.response.status).toBe(200);
    const game = today.data;
    if (game === undefined) throw new Error('no game');
    expect(game).toMatchObject({ gameDate: '2026-11-20', effectiveStatus: 'open' });

    // A refused number: the error is typed by its status's schema and carries the message the game's limits name.
    const refused = await ann.POST('/api/entry', {
      body: { number: game.limits.maxNumber + 1, gameDate: game.gameDate },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toEqual({ error: game.limits.messages.tooLarge, code: 'VALIDATION' });

    const submitted = await ann.POST('/api/entry', { body: { number: 7, gameDate: game.gameDate } });
    expect(submitted.response.status).toBe(201);
    expect(submitted.data?.entry).toMatchObject({ number: 7, entryType: 'standard' });
    const receipt = submitted.data?.receipt;
    expect(receipt).toMatchObject({ gameDate: '2026-11-20', number: 7 });

    const mine = await ann.GET('/api/entry/mine');
    expect(mine.data?.gameDate).toBe(game.gameDate);
    expect(mine.data?.entries.map(({ entryId, number, leaf }) => ({ entryId, number, leaf }))).toEqual([
      { entryId: receipt?.entryId, number: 7, leaf: receipt?.leaf },
    ]);
    expect(mine.data?.status.canSubmitMore).toBe(false);

    const admin = clientOf(await signIn(ADMIN_EMAIL, 'Admin'));
    h.clock.set('2026-11-21T00:00:01.000Z');
    expect((await admin.POST('/admin/daily-close')).data?.closed).toEqual(['2026-11-20']);

    const stats = await ann.GET('/api/stats/daily/{date}', { params: { path: { date: game.gameDate } } });
    expect(stats.response.status).toBe(200);
    expect(stats.data?.snapshot).toMatchObject({ entriesTotal: 1, uniquesTotal: 1, winningNumber: 7 });
    expect(stats.data?.myOutcomes).toEqual([{ number: 7, entryType: 'standard', outcome: 'winner', rank: 1 }]);
    // The player's totals count closed games.
    expect((await ann.GET('/api/stats/user/me')).data).toMatchObject({ entriesCount: 1, winsCount: 1 });
  });
});
