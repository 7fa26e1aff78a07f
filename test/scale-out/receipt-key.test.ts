// Two server processes on one database (a SQLite file, then PostgreSQL) given different RECEIPT_SIGNING_KEYs: the
// second refuses to start, naming the key that signs and `lowest keys rotate`; after that rotation both start and
// publish the same keys, so one game's receipts are never signed by two keys in turn (ADR 0053).
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { PublishedKey } from '../../core/fairness/model.ts';
import { nodeEd25519 } from '../../adapters/crypto/ed25519.ts';
import { runLowest } from '../cli/run-lowest.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { startServer, until, type ServerProcess } from './server-process.ts';

const newKey = (): { privateKey: string; keyId: string } => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const der = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  return { privateKey: der, keyId: nodeEd25519.keyIdOf(nodeEd25519.publicKeyOf(der)) };
};

const servers: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const ready = async (env: Record<string, string>): Promise<ServerProcess> => {
  const server = await startServer(env);
  servers.push(server);
  await server.waitForLog((l) => l.msg === 'ready');
  return server;
};

const keysOf = async (server: ServerProcess): Promise<PublishedKey[]> => {
  const answer = await fetch(`${server.url}/api/fairness/keys`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as PublishedKey[];
};

const databases: Record<'sqlite' | 'postgres', () => Promise<string>> = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lowest-keys-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return `sqlite:${join(dir, 'lowest.db')}`;
  },
  postgres: async () => {
    const database: TestDatabase = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_keys');
    cleanups.push(() => database.drop());
    return database.url;
  },
};

describe.each(['sqlite', 'postgres'] as const)('two instances with different signing keys on %s', (kind) => {
  it('the second refuses to start until `lowest keys rotate` makes its key the one that signs', async () => {
    const DATABASE_URL = await databases[kind]();
    const a = newKey();
    const b = newKey();
    const first = await ready({ DATABASE_URL, RECEIPT_SIGNING_KEY: a.privateKey });
    expect((await keysOf(first)).map((k) => [k.keyId, k.until])).toEqual([[a.keyId, null]]);

    const refused = await startServer({ DATABASE_URL, RECEIPT_SIGNING_KEY: b.privateKey });
    servers.push(refused);
    expect(await refused.exited).toBe(1);
    const reason = refused.logs().find((l) => l.level === 50);
    expect(reason?.msg).toContain(`RECEIPT_SIGNING_KEY is key ${b.keyId}, but key ${a.keyId} signs receipts`);
    expect(reason?.msg).toContain('`lowest keys rotate` run with this RECEIPT_SIGNING_KEY set');
    // The refused instance changed nothing: the first one's key still signs alone.
    expect((await keysOf(first)).map((k) => [k.keyId, k.until])).toEqual([[a.keyId, null]]);

    const rotation = await runLowest(['keys', 'rotate', '--json'], { DATABASE_URL, RECEIPT_SIGNING_KEY: b.privateKey });
    expect(rotation).toMatchObject({ code: 0 });
    const second = await ready({ DATABASE_URL, RECEIPT_SIGNING_KEY: b.privateKey });
    // The first instance, restarted with the new key, agrees with the second.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const restarted = await ready({ DATABASE_URL, RECEIPT_SIGNING_KEY: b.privateKey });
    const published = await keysOf(second);
    expect(published.map((k) => k.keyId)).toEqual([a.keyId, b.keyId]);
    expect(published[0]?.until).not.toBeNull();
    expect(published[1]?.until).toBeNull();
    await until(async () => JSON.stringify(await keysOf(restarted)) === JSON.stringify(published));
  }, 120_000);
});
