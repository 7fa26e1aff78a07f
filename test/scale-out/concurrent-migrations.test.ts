// Two server processes started at once on a PostgreSQL whose migrations are pending (DESIGN.md §20): one migrates
// while the other waits on the migration lock, answering 503 STARTING; then both serve the one migrated database.
// The database is an earlier release's own (the upgrade fixture from before fairness tree version 2), so what is
// pending is real.
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrations } from '../../adapters/sql/migrations/index.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { freePort } from '../support/free-port.ts';
import { startServer, until, type ServerProcess } from './server-process.ts';
import { loadPostgresFixture } from '../upgrade/fixture-files.ts';

/** kysely's migration lock on PostgreSQL (a session advisory lock; see its PostgresAdapter). */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

let database: TestDatabase | null = null;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await database?.drop();
});

const start = async (url: string): Promise<{ server: ServerProcess; origin: string }> => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${String(port)}`;
  const server = await startServer({ DATABASE_URL: url, PORT: String(port), PUBLIC_URL: origin, PG_POOL_SIZE: '3' });
  servers.push(server);
  return { server, origin };
};

const answer = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('two servers starting at once on pending migrations', () => {
  it('one migrates, the other waits answering 503 STARTING, then both serve', async () => {
    database = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_two_starts');
    await loadPostgresFixture(database.url, '69462a2');
    const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
    try {
      const before = (await sql`select name from schema_migrations`).map((r) => String(r.name));
      expect(before.length).toBeLessThan(Object.keys(migrations).length);

      // The test holds the lock first, so both are seen waiting; released, they take it one after the other.
      await sql`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK}::bigint)`;
      const url = database.url;
      const [a, b] = await Promise.all([start(url), start(url)]);
      await until(async () => {
        const [row] = await sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`;
        return row?.n === 2;
      });
      for (const { server } of [a, b]) {
        expect(await answer(`${server.url}/readyz`)).toMatchObject({ status: 503, body: { status: 'starting' } });
        expect(await answer(`${server.url}/api/game/today`)).toMatchObject({ status: 503, body: { code: 'STARTING' } });
      }

      await sql`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK}::bigint)`;
      await until(
        async () =>
          (await fetch(`${a.server.url}/readyz`)).status === 200 &&
          (await fetch(`${b.server.url}/readyz`)).status === 200,
      );
      // Each migration ran once: the second found nothing pending (running one twice would have failed its start).
      const applied = (await sql`select name from schema_migrations order by name`).map((r) => String(r.name));
      expect(applied).toEqual(Object.keys(migrations).sort());

      // Both serve the one database: a session made on one picks on the other.
      const signIn = await fetch(`${a.server.url}/auth/dev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: a.origin },
        body: JSON.stringify({ email: 'ann@example.com', displayName: 'Ann' }),
      });
      expect(signIn.status).toBe(200);
      const cookie =
        signIn.headers
          .getSetCookie()
          .find((c) => c.startsWith('sid='))
          ?.split(';')[0] ?? '';
      const pick = await fetch(`${b.server.url}/api/entry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: b.origin, cookie },
        body: JSON.stringify({ number: 11 }),
      });
      expect(pick.status).toBe(201);
      const dayOfFixture = await answer(`${a.server.url}/api/stats/daily/2026-11-21`);
      expect(dayOfFixture.status).toBe(200);
      expect(await answer(`${b.server.url}/api/stats/daily/2026-11-21`)).toEqual(dayOfFixture);
    } finally {
      await sql.end();
    }
  }, 90_000);
});
