// Scale-out proof (DESIGN.md §13, §14): two server processes on one PostgreSQL behind Debian's nginx running
// deploy/nginx.conf (X-Forwarded-For appended, TRUST_PROXY=1). Sessions, entry limits, the close and the shared rate
// limits hold across instances, nginx's per-address limits stop a flood from one address while others play, and
// SIGTERM to one under load loses no request. Which instance answered is read from its own
// request log, by the X-Request-Id the test sends.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresStore } from '../../adapters/postgres/store.ts';
import { entry, game, newUser } from '../contract/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { freePort } from '../support/free-port.ts';
import { startNginx, type Nginx } from './nginx.ts';
import { startServer, until, type ServerProcess } from './server-process.ts';

const DUE_GAME = '2026-01-05';
const ADMIN = 'boss@lowest.test';

let database: TestDatabase;
let proxy: Nginx;
let a: ServerProcess;
let b: ServerProcess;

/** Seeds a game that fell due while "the servers were down": three players, 2 is the lowest unique. */
const seedDueGame = async (url: string): Promise<void> => {
  const store = await createPostgresStore(url, { maxConnections: 2 });
  try {
    await store.write(async (repos) => {
      for (const id of ['p1', 'p2', 'p3']) await repos.users.create(newUser(id));
      await repos.games.create(
        game(DUE_GAME, { opensAt: '2026-01-04T00:00:00.000Z', closesAt: '2026-01-05T00:00:00.000Z' }),
      );
      for (const [user, number] of [
        ['p1', 1],
        ['p2', 1],
        ['p3', 2],
      ] as const)
        await repos.entries.add(entry(DUE_GAME, user, number));
    });
  } finally {
    await store.close();
  }
};

let requests = 0;
const send = (path: string, init: { method?: string; cookie?: string; json?: unknown } = {}) =>
  fetch(`${proxy.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-request-id': `scale-${String((requests += 1))}`,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json', origin: proxy.origin } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });

/** The instance ('a' or 'b') whose request log has the response's request id. */
const servedBy = async (res: Response): Promise<string> => {
  const id = res.headers.get('x-request-id');
  const logged = (instance: ServerProcess) => instance.logs().some((l) => l.msg === 'request' && l.requestId === id);
  await until(async () => logged(a) || logged(b), 5_000, 10);
  return logged(a) ? 'a' : 'b';
};

/**
 * A request to nginx from the loopback address `from` (127.0.0.0/8 is all this machine's): nginx sees each as a client
 * address of its own. Its status, and whether an instance answered it (an instance's answer carries X-Request-Id; one
 * nginx gave itself does not).
 */
const sendFrom = (from: string, path: string, init: { method: string; cookie?: string; json?: unknown }) =>
  new Promise<{ status: number; body: string; byInstance: boolean }>((resolve, reject) => {
    const requestId = `scale-${String((requests += 1))}`;
    const body = init.json === undefined ? undefined : JSON.stringify(init.json);
    const url = new URL(path, proxy.url);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: init.method,
        localAddress: from,
        headers: {
          'x-request-id': requestId,
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', origin: proxy.origin, 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, byInstance: res.headers['x-request-id'] === requestId }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** Requests an instance logged. */
const answeredBy = (instance: ServerProcess): number => instance.logs().filter((l) => l.msg === 'request').length;

const signIn = async (email: string): Promise<{ cookie: string }> => {
  const res = await send('/auth/dev', { method: 'POST', json: { email, displayName: email.split('@')[0] } });
  expect(res.status).toBe(200);
  const sid =
    res.headers
      .getSetCookie()
      .find((h) => h.startsWith('sid='))
      ?.split(';')[0] ?? '';
  return { cookie: sid };
};

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_scale');
  await seedDueGame(database.url);
  const proxyPort = await freePort();
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL: `http://127.0.0.1:${String(proxyPort)}`,
    TRUST_PROXY: '1',
    ADMIN_EMAILS: ADMIN,
    PG_POOL_SIZE: '4',
    SHUTDOWN_GRACE_SECONDS: '20',
  };
  // Both start at once, so both run the catch-up close of the due game at the same time.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  await until(
    async () => (await fetch(`${a.url}/readyz`)).status === 200 && (await fetch(`${b.url}/readyz`)).status === 200,
  );
  proxy = await startNginx([a.port, b.port], proxyPort);
}, 60_000);

afterAll(async () => {
  for (const instance of [a, b]) if (instance && instance.child.exitCode === null) instance.child.kill('SIGKILL');
  await proxy?.close();
  await database?.drop();
});

describe('two instances on one PostgreSQL behind nginx (deploy/nginx.conf)', () => {
  it('closes the game that fell due exactly once, though both caught up at once', async () => {
    const closers = [a, b].filter((s) =>
      s.logs().some((l) => l.msg === 'games closed' && JSON.stringify(l.games).includes(DUE_GAME)),
    );
    expect(closers).toHaveLength(1);
    const today = await (await send(`/api/results/${DUE_GAME}`)).json();
    expect(today).toMatchObject({ gameDate: DUE_GAME, status: 'closed', winningNumber: 2, entriesTotal: 3 });
    const stats = await createPostgresStore(database.url, { maxConnections: 1 });
    try {
      const rows = await stats.db
        .selectFrom('player_stats')
        .select(['user_id', 'wins', 'entries'])
        .orderBy('user_id')
        .execute();
      // A second close would have counted the entries and the win twice.
      expect(rows).toEqual([
        { user_id: 'p1', wins: 0, entries: 1 },
        { user_id: 'p2', wins: 0, entries: 1 },
        { user_id: 'p3', wins: 1, entries: 1 },
      ]);
    } finally {
      await stats.close();
    }
    // Fired by an admin on both instances at once: nothing is due any more, nothing closes twice.
    const admin = await signIn(ADMIN);
    const runs = await Promise.all(
      [0, 1].map(() => send('/admin/daily-close', { method: 'POST', cookie: admin.cookie, json: {} })),
    );
    expect(new Set(await Promise.all(runs.map(servedBy)))).toEqual(new Set(['a', 'b']));
    expect(await Promise.all(runs.map(async (r) => ((await r.json()) as { closed: string[] }).closed))).toEqual([
      [],
      [],
    ]);
  });

  it('nginx answers a second visitor from its cache, and never a signed-in request', async () => {
    const logged = (res: Response) => {
      const id = res.headers.get('x-request-id');
      return [a, b].some((instance) => instance.logs().some((l) => l.msg === 'request' && l.requestId === id));
    };
    for (const path of [`/api/stats/daily/${DUE_GAME}`, '/api/leaderboard?kind=wins&limit=7', '/api/history?limit=9']) {
      const first = await send(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-cache-status')).toBe('MISS');
      const body = await first.text();
      await until(async () => logged(first), 5_000, 10);
      const second = await send(path);
      expect(second.headers.get('x-cache-status')).toBe('HIT');
      expect(await second.text()).toBe(body);
      // The cached answer carries the first request's id: no instance saw the second.
      expect(second.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
    }

    // Signed in: passed to an instance every time, the caller's own statistics, and nothing kept for a visitor.
    const p3 = await signIn('p3@example.com');
    for (let i = 0; i < 2; i += 1) {
      const mine = await send(`/api/stats/daily/${DUE_GAME}`, { cookie: p3.cookie });
      expect(mine.headers.get('x-cache-status')).toBe('BYPASS');
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      await until(async () => logged(mine), 5_000, 10);
    }
    const visitor = await send(`/api/stats/daily/${DUE_GAME}`);
    expect(visitor.headers.get('x-cache-status')).toBe('HIT');
    expect(((await visitor.json()) as { userSubmissions: unknown[] }).userSubmissions).toEqual([]);
  });

  it('a session made on one instance works on the other', async () => {
    const ann = await signIn('ann@example.com');
    const seenBy = new Map<string, unknown>();
    for (let i = 0; i < 4; i += 1) {
      const me = await send('/api/me', { cookie: ann.cookie });
      expect(me.status).toBe(200);
      seenBy.set(await servedBy(me), ((await me.json()) as { email: string }).email);
    }
    expect([...seenBy.keys()].sort()).toEqual(['a', 'b']);
    expect([...seenBy.values()]).toEqual(['ann@example.com', 'ann@example.com']);
  });

  it('20 parallel submits by one player across both instances store one entry', async () => {
    const bob = await signIn('bob@example.com');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send('/api/entry', { method: 'POST', cookie: bob.cookie, json: { number: 100 + i } }),
      ),
    );
    expect(new Set(await Promise.all(results.map(servedBy)))).toEqual(new Set(['a', 'b']));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    const mine = (await (await send('/api/entry/mine', { cookie: bob.cookie })).json()) as { entries: unknown[] };
    expect(mine.entries).toHaveLength(1);
  });

  it('rate limits count across instances (10 guild joins per player per 10 minutes)', async () => {
    // The 10-minute windows are aligned to the clock: start clear of a window's last seconds.
    await until(async () => Date.now() % 600_000 < 590_000, 15_000, 200);
    const cyd = await signIn('cyd@example.com');
    const statuses: number[] = [];
    const upstreams = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      const res = await send('/api/guilds/join', {
        method: 'POST',
        cookie: cyd.cookie,
        json: { guildId: 'no-such-guild', password: 'x' },
      });
      statuses.push(res.status);
      upstreams.add(await servedBy(res));
    }
    expect(upstreams).toEqual(new Set(['a', 'b']));
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("nginx answers a flood of picks from one address 429 itself, while other addresses' picks go in", async () => {
    const flooder = await signIn('flo@example.com');
    const players = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(`player${String(i)}@example.com`)));
    // 600 picks from 127.0.0.2, 30 at a time: far past the burst of 200 over 2,000 a minute.
    const flood: { status: number; body: string; byInstance: boolean }[] = [];
    let sent = 0;
    const flooding = Array.from({ length: 30 }, async () => {
      while (sent < 600) {
        sent += 1;
        flood.push(
          await sendFrom('127.0.0.2', '/api/entry', {
            method: 'POST',
            cookie: flooder.cookie,
            json: { number: 500 + sent },
          }),
        );
      }
    });
    // Meanwhile each player picks once from an address of its own.
    const picks = await Promise.all(
      players.map((player, i) =>
        sendFrom(`127.0.0.${String(10 + i)}`, '/api/entry', {
          method: 'POST',
          cookie: player.cookie,
          json: { number: 40 + i },
        }),
      ),
    );
    await Promise.all(flooding);

    expect(picks.map((pick) => pick.status)).toEqual(Array<number>(8).fill(201));
    const refusedByNginx = flood.filter((r) => r.status === 429 && !r.byInstance);
    // At most the burst and the rate's share of the flood's seconds passed; the rest nginx refused.
    expect(refusedByNginx.length).toBeGreaterThan(300);
    for (const refused of refusedByNginx)
      expect(JSON.parse(refused.body)).toEqual({
        error: 'Too many requests. Please wait a minute and try again.',
        code: 'RATE_LIMITED',
      });
    // What passed reached the instances: the flooder's first pick stored, the others refused by the rules.
    const passed = flood.filter((r) => r.byInstance);
    expect(passed.length).toBeGreaterThan(0);
    expect(passed.length + refusedByNginx.length).toBe(600);
    expect(passed.filter((r) => r.status === 201)).toHaveLength(1);
  });

  it('SIGTERM to one instance under load loses no request nginx sent to it', async () => {
    const dee = await signIn('dee@example.com');
    let stop = false;
    const statuses: number[] = [];
    const worker = async () => {
      while (!stop) {
        const res = await send(statuses.length % 2 === 0 ? '/api/me' : '/api/game/today', { cookie: dee.cookie });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    const before = answeredBy(b);
    await until(async () => answeredBy(b) > before + 50, 20_000, 20);
    const answeredByB = answeredBy(b) - before;
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    const afterExit = statuses.length;
    await until(async () => statuses.length > afterExit + 100, 20_000, 20);
    stop = true;
    await Promise.all(workers);

    // nginx logs a request it could not get answered as an error; a refused connection, retried on the other instance
    // by proxy_next_upstream, is the one error expected here.
    const lost = proxy
      .errorLog()
      .filter(
        (line) => line.includes('[error]') && !line.includes('(111: Connection refused) while connecting to upstream'),
      );
    expect(lost).toEqual([]);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(answeredByB).toBeGreaterThan(50);
    expect(b.logs().map((l) => l.msg)).toEqual(expect.arrayContaining(['draining', 'stopped']));
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
  }, 40_000);
});
