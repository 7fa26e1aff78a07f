// The same CLI on PostgreSQL (DATABASE_URL=postgres://…): the commands work alike; backup points to pg_dump.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { parseJson, record, runInProcess, runLowest } from './run-lowest.ts';

let database: TestDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_cli');
  env = { DATABASE_URL: database.url };
});
afterAll(async () => {
  await database.drop();
});

describe('lowest on PostgreSQL', { timeout: 60_000 }, () => {
  it('migrates, plays bots and closes like on SQLite', async () => {
    const migrate = await runInProcess(['migrate', '--json'], env);
    expect(migrate.code).toBe(0);
    expect(record(parseJson(migrate.stdout)).database).toMatch(/^postgres:\/\/postgres:\*\*\*@/);
    const bots = await runInProcess(['bots', 'create', '--count', '4', '--bonus', '1', '--json'], env);
    expect(record(parseJson(bots.stdout))).toMatchObject({ botsCreated: 4, submissionsCreated: 5 });
    const status = record(parseJson((await runInProcess(['status', '--json'], env)).stdout));
    expect(record(status.today).entries).toBe(5);
    expect((await runInProcess(['close'], env)).stdout).toBe('Nothing to close: no game is past its deadline.\n');
  });

  it('backup refuses with a pointer to pg_dump (exit 1)', async () => {
    const run = await runLowest(['backup', '/tmp/never-written.db'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Error: backup copies SQLite databases only; for PostgreSQL use pg_dump -Fc, e.g. pg_dump -Fc "$DATABASE_URL" -f backup.dump (pg_restore puts it back)\n',
    );
  });
});
