// One real server process: it listens before its database is ready (503s meanwhile, never a hang),
// and on SIGTERM it drains: /readyz 503, `Connection: close`, then a clean exit (DESIGN.md §14).
import { Agent, request } from 'node:http';
import postgres from 'postgres';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { startServer, until, type ServerProcess } from './server-process.ts';

/** kysely's migration lock on PostgreSQL (a session advisory lock; see its PostgresAdapter). */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

interface Answer {
  status: number;
  connection: string | undefined;
  body: unknown;
}

const get = (url: string, agent: Agent | false = false): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text) as unknown }),
      );
    });
    req.on('error', reject);
    req.end();
  });

let server: ServerProcess | null = null;
let database: TestDatabase | null = null;
afterEach(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  await database?.drop();
  server = null;
  database = null;
});

describe('the server process', () => {
  it('listens at once and answers 503 until its database is migrated', async () => {
    database = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_start');
    // Holding the migration lock keeps the server's migrations waiting for as long as the test likes.
    const holder = postgres(database.url, { max: 1, onnotice: () => undefined });
    try {
      await holder`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK}::bigint)`;
      server = await startServer({ DATABASE_URL: database.url });
      expect(await get(`${server.url}/healthz`)).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await get(`${server.url}/readyz`)).toMatchObject({ status: 503, body: { status: 'starting' } });
      expect(await get(`${server.url}/api/game/today`)).toMatchObject({ status: 503, body: { code: 'STARTING' } });

      await holder`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK}::bigint)`;
      const url = server.url;
      await until(async () => (await get(`${url}/readyz`)).status === 200);
      expect(await get(`${server.url}/api/game/today`)).toMatchObject({ status: 200 });
    } finally {
      await holder.end();
    }
  }, 40_000);

  it('on SIGTERM: readiness 503 and Connection: close to a kept-alive client, then exit 0', async () => {
    server = await startServer({ DATABASE_URL: 'sqlite::memory:' });
    const url = server.url;
    await until(async () => (await get(`${url}/readyz`)).status === 200);
    // One kept-alive socket, idle when the signal comes: it must not be cut, but told to go.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(`${url}/healthz`, agent)).toMatchObject({ status: 200, connection: 'keep-alive' });

    server.child.kill('SIGTERM');
    await server.waitForLog((l) => l.msg === 'draining');
    const readiness = await get(`${url}/readyz`, agent);
    expect(readiness).toEqual({ status: 503, connection: 'close', body: { status: 'draining' } });
    expect(await server.exited).toBe(0);
    expect(server.logs().map((l) => l.msg)).toEqual(expect.arrayContaining(['draining', 'stopped']));
    agent.destroy();
  }, 40_000);
});
