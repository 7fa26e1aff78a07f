// Operators' endpoints and logs (DESIGN.md §14): /healthz, /readyz, /metrics, JSON request logs
// without secrets, the start-up 503 and the drain's `Connection: close`.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import { Lifecycle } from '../../server/lifecycle/lifecycle.ts';
import { startingApp } from '../../server/lifecycle/starting-app.ts';
import { pinoLogger } from '../../server/observability/logger.ts';
import { ADMIN_EMAIL, closeToday, json, makeHarness, ORIGIN } from './harness.ts';
import { OPENAPI_PATH } from '../../server/api-docs.ts';
import { INTEGRITY_KEY_UNSET, RECEIPT_SIGNING_KEY_UNSET } from '../../server/composition-root.ts';
import { nodeEd25519 } from '../../adapters/crypto/ed25519.ts';

/** A pino logger writing into an array of parsed JSON lines (and the raw text, for secret hunting). */
const capturedLogger = () => {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(chunk.toString());
      done();
    },
  });
  const logger = pinoLogger('info', stream);
  const lines = () =>
    raw
      .join('')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, raw: () => raw.join(''), lines };
};

describe('GET /healthz and /readyz', () => {
  it('answers liveness without the database, and readiness with a database ping', async () => {
    const store = await createSqliteStore(':memory:');
    const lifecycle = new Lifecycle('ready');
    const h = await makeHarness({ store, overrides: { lifecycle } });
    expect(await json(await h.request('GET', '/healthz'))).toEqual({ status: 'ok' });
    const ready = await h.request('GET', '/readyz');
    expect([ready.status, await json(ready)]).toEqual([200, { status: 'ready' }]);

    await store.close();
    const down = await h.request('GET', '/readyz');
    expect([down.status, await json(down)]).toEqual([503, { status: 'database-unavailable' }]);
    expect((await h.request('GET', '/healthz')).status).toBe(200);
  });

  it('says 503 while catching up and while draining, and every response closes its connection when draining', async () => {
    const lifecycle = new Lifecycle('catching-up');
    const h = await makeHarness({ overrides: { lifecycle } });
    const catchingUp = await h.request('GET', '/readyz');
    expect([catchingUp.status, await json(catchingUp)]).toEqual([503, { status: 'catching-up' }]);
    // The API is served meanwhile: the catch-up is guarded by the database.
    expect((await h.request('GET', '/api/game/today')).status).toBe(200);
    expect((await h.request('GET', '/api/game/today')).headers.get('connection')).toBeNull();

    lifecycle.enter('draining');
    lifecycle.enter('ready');
    expect(lifecycle.phase).toBe('draining');
    const draining = await h.request('GET', '/readyz');
    expect([draining.status, await json(draining)]).toEqual([503, { status: 'draining' }]);
    for (const path of ['/api/game/today', '/api/me', '/healthz', '/no-such-thing']) {
      expect((await h.request('GET', path)).headers.get('connection')).toBe('close');
    }
  });

  it('before the database is open: liveness 200, readiness 503, every other request a 503 JSON error', async () => {
    const app = startingApp(new Lifecycle('starting'), null, false);
    expect((await app.request(`${ORIGIN}/healthz`)).status).toBe(200);
    const ready = await app.request(`${ORIGIN}/readyz`);
    expect([ready.status, await json(ready)]).toEqual([503, { status: 'starting' }]);
    for (const [method, path] of [
      ['GET', '/api/me'],
      ['POST', '/api/entry'],
      ['GET', '/'],
    ] as const) {
      const res = await app.request(`${ORIGIN}${path}`, { method });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await json(res)).toEqual({
        error: 'The server is starting. Please try again in a few seconds.',
        code: 'STARTING',
      });
    }
  });
});

describe('GET /metrics', () => {
  it('exposes the request histogram by route pattern, entries, closes, payouts, the outbox and process metrics', async () => {
    const h = await makeHarness({ overrides: { collectOutbox: async () => ({ backlog: 3, failed: 1 }) } });
    const ann = await h.signIn('ann@example.com', 'Ann');
    expect((await h.request('POST', '/api/entry', { cookie: ann, json: { number: 7 } })).status).toBe(201);
    expect((await h.request('POST', '/api/entry', { cookie: ann, json: { number: 8 } })).status).toBe(409);
    for (const date of ['2026-11-18', '2026-11-19', '2026-11-17']) await h.request('GET', `/api/results/${date}`);
    await h.request('GET', '/api/no/such/path/12345');
    await closeToday(h);

    const res = await h.request('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain(
      'lowest_http_request_duration_seconds_count{route="/api/results/:date",method="GET",status="404"} 3',
    );
    expect(text).toContain(
      'lowest_http_request_duration_seconds_count{route="/api/entry",method="POST",status="201"} 1',
    );
    expect(text).toContain(
      'lowest_http_request_duration_seconds_count{route="/api/entry",method="POST",status="409"} 1',
    );
    // No raw path ever becomes a label: the unknown path is counted under the pattern that answered.
    expect(text).not.toMatch(/route="[^"]*(2026-11-1[789]|12345)/);
    expect(text).toMatch(/^lowest_entries_submitted_total 1$/m);
    // The close ran at 2026-11-21T00:00:01Z (closeToday).
    expect(text).toMatch(
      new RegExp(`^lowest_last_close_timestamp_seconds ${Date.parse('2026-11-21T00:00:01.000Z') / 1000}$`, 'm'),
    );
    expect(text).toContain('# TYPE lowest_last_close_timestamp_seconds gauge');
    expect(text).toMatch(/^lowest_mail_outbox_backlog 3$/m);
    expect(text).toMatch(/^lowest_mail_outbox_failed 1$/m);
    expect(text).toMatch(/^lowest_payouts\{status="pending_review"\} 0$/m);
    // The scheduler's runs (not the admin's close above) feed these.
    expect(text).toContain('# TYPE lowest_game_close_runs_total counter');
    expect(text).toContain('# TYPE lowest_games_closed_total counter');
    expect(text).toContain('# TYPE lowest_game_close_duration_seconds histogram');
    // Every application metric carries the prefix; besides them only Node's process_* and nodejs_* families.
    const families = [...text.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1] ?? '');
    expect(families.filter((name) => !/^(lowest_|process_|nodejs_)/.test(name))).toEqual([]);
    expect(text).not.toContain('seconds_since_last_close');
  });

  it('counts payouts by status from the database', async () => {
    const h = await makeHarness();
    const ann = await h.signIn('ann@example.com', 'Ann');
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 1 } });
    await closeToday(h);
    expect(
      (
        await h.request('POST', '/api/prizes/winner-payout', {
          cookie: ann,
          json: { gameId: '2026-11-20', paypalEmail: 'ann@paypal.test', preferredName: 'Ann A' },
        })
      ).status,
    ).toBe(200);
    expect(await (await h.request('GET', '/metrics')).text()).toMatch(/^lowest_payouts\{status="pending_review"\} 1$/m);
  });

  it('has process metrics when enabled, and needs the bearer token when METRICS_TOKEN is set', async () => {
    const h = await makeHarness({ env: { METRICS_TOKEN: 'scrape-me' } });
    expect((await h.request('GET', '/metrics')).status).toBe(401);
    expect((await h.request('GET', '/metrics', { headers: { authorization: 'Bearer wrong-one' } })).status).toBe(401);
    const ok = await h.request('GET', '/metrics', { headers: { authorization: 'Bearer scrape-me' } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('lowest_http_request_duration_seconds');
  });

  it('without METRICS_TOKEN on a public PUBLIC_URL, answers loopback clients only', async () => {
    const publicEnv = {
      PUBLIC_URL: 'https://lowest.example',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      TRUST_PROXY: '1',
    };
    const h = await makeHarness({ env: publicEnv });
    const from = (address: string) => h.request('GET', '/metrics', { headers: { 'x-forwarded-for': address } });
    const outside = await from('203.0.113.9');
    expect(outside.status).toBe(403);
    expect(await outside.json()).toEqual({ error: expect.stringContaining('METRICS_TOKEN'), code: 'FORBIDDEN' });
    expect(await outside.text().catch(() => '')).not.toContain('entries_submitted');
    for (const loopback of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await from(loopback)).status).toBe(200);
    // With a token, the token decides, from anywhere.
    const withToken = await makeHarness({ env: { ...publicEnv, METRICS_TOKEN: 'scrape-me' } });
    const remote = await withToken.request('GET', '/metrics', {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer scrape-me' },
    });
    expect(remote.status).toBe(200);
  });
});

describe('JSON logs', () => {
  it('warns once at start when INTEGRITY_KEY or RECEIPT_SIGNING_KEY is unset, and not when they are set', async () => {
    const unset = capturedLogger();
    await makeHarness({ overrides: { logger: unset.logger } });
    expect(
      unset
        .lines()
        .filter((l) => l.level === 40)
        .map((l) => l.msg),
    ).toEqual([INTEGRITY_KEY_UNSET, RECEIPT_SIGNING_KEY_UNSET]);
    const set = capturedLogger();
    await makeHarness({
      env: { INTEGRITY_KEY: 'x'.repeat(40), RECEIPT_SIGNING_KEY: nodeEd25519.generate().privateKey },
      overrides: { logger: set.logger },
    });
    expect(set.lines().filter((l) => l.level === 40)).toEqual([]);
  });

  it('writes one line per request: request id, method, route pattern, status, ms', async () => {
    const log = capturedLogger();
    const h = await makeHarness({ overrides: { logger: log.logger } });
    await h.request('GET', '/api/results/2026-11-19', { headers: { 'x-request-id': 'req-42' } });
    await h.request('GET', '/healthz');
    // The harness itself reads the OpenAPI document once, to check the answers against it.
    const requests = log.lines().filter((l) => l.msg === 'request' && l.route !== OPENAPI_PATH);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 30,
      requestId: 'req-42',
      method: 'GET',
      route: '/api/results/:date',
      status: 404,
    });
    expect(typeof requests[0]?.ms).toBe('number');
  });

  it('writes a line per admin money action, and never a token, password, cookie or database URL', async () => {
    const log = capturedLogger();
    const h = await makeHarness({ overrides: { logger: log.logger } });
    const ann = await h.signIn('ann@example.com', 'Ann');
    const token = ann.slice('sid='.length);
    await h.request('POST', '/api/guilds', {
      cookie: ann,
      json: { name: 'Secret Club', password: 'hunter2-guild-pass' },
    });
    await h.request('GET', '/auth/google/callback?code=oauth-code-xyz&state=abc');
    await h.request('POST', '/api/entry', { cookie: ann, json: { number: 1 } });
    await closeToday(h);
    await h.request('POST', '/api/prizes/winner-payout', {
      cookie: ann,
      json: { gameId: '2026-11-20', paypalEmail: 'ann-paypal@example.com', preferredName: 'Ann A' },
    });
    const admin = await h.signIn(ADMIN_EMAIL, 'Admin');
    const payouts = await json<{ payouts: { id: string }[] }>(
      await h.request('GET', '/api/prizes/admin/payouts', { cookie: admin }),
    );
    const id = payouts.payouts[0]?.id ?? '';
    await h.request('POST', `/api/prizes/admin/payouts/${id}`, {
      cookie: admin,
      json: { status: 'approved', reviewNotes: 'looks fine' },
    });
    // A careless caller passing secrets as fields is censored by redact.
    log.logger.info('careless', {
      databaseUrl: 'postgres://lowest:db-pass-123@db/lowest',
      headers: { cookie: `sid=${token}` },
      password: 'pw-456',
    });
    log.logger.error('failed', new Error('boom'), { token });

    const money = log.lines().filter((l) => l.msg === 'admin money action');
    expect(money).toEqual([
      expect.objectContaining({
        action: 'POST /api/prizes/admin/payouts/:id',
        params: { id },
        changes: { status: 'approved' },
        status: 200,
        adminId: expect.any(String),
      }),
    ]);
    const text = log.raw();
    for (const secret of [
      token,
      'hunter2-guild-pass',
      'oauth-code-xyz',
      'db-pass-123',
      'pw-456',
      'looks fine',
      'ann-paypal@example.com',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });
});
