import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MemoryStore } from '../../adapters/memory/store.ts';
import { SmtpMailSender } from '../../adapters/mail/smtp-sender.ts';
import { gameToday } from '../../core/game/current-game.ts';
import { FixedClock } from '../../test/support/fakes.ts';
import { createTestDatabase, type TestDatabase } from '../../test/support/postgres.ts';
import { containerFor, coreOnMemory } from '../composition-root.ts';
import { loadConfig } from '../config.ts';
import { memoryModule } from './memory-module.ts';
import { ClockPort, corePorts, DepsPort, MailSenderPort, SqlStorePort, StorePort } from './tokens.ts';

/** The ports a container binds other than exactly once (`Name×count`), or cannot resolve (`Name: why`). */
const notBoundOnce = (container: Container): string[] =>
  Object.entries(corePorts).flatMap(([name, id]) => {
    if (!container.isBound(id)) return [`${name}×0`];
    try {
      const times = container.getAll<unknown>(id).length;
      return times === 1 ? [] : [`${name}×${times}`];
    } catch (error) {
      return [`${name}: ${(error as Error).message.split('\n')[0] ?? ''}`];
    }
  });

const SMTP = { SMTP_URL: 'smtp://user:pass@127.0.0.1:2525' };

describe('the sets of modules the composition root loads', () => {
  let dir = '';
  let database: TestDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lowest-modules-'));
    database = await createTestDatabase(inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  const stores = {
    memory: null,
    sqlite: () => `sqlite:${join(dir, 'lowest.db')}`,
    postgres: () => database.url,
  };
  for (const [storeName, databaseUrl] of Object.entries(stores)) {
    for (const [mailName, mailEnv] of Object.entries({ 'with SMTP': SMTP, 'outbox only': {} })) {
      it(`bind every port once: ${storeName}, ${mailName}`, async () => {
        const config = loadConfig(databaseUrl ? { DATABASE_URL: databaseUrl(), ...mailEnv } : mailEnv);
        const container = databaseUrl ? await containerFor(config) : coreOnMemory(config);
        const store = container.get(StorePort);
        try {
          expect(notBoundOnce(container)).toEqual([]);
          // The SQL modules bind the one store under both ids; the memory module has no SQL store.
          expect(container.isBound(SqlStorePort) ? container.get(SqlStorePort) : null).toBe(databaseUrl ? store : null);
          if (!databaseUrl) expect(store).toBeInstanceOf(MemoryStore);
          const mailSender = container.get(MailSenderPort);
          if (mailName === 'with SMTP') expect(mailSender).toBeInstanceOf(SmtpMailSender);
          else expect(mailSender).toBeNull();
          expect(await store.read((repos) => repos.users.count())).toEqual({ users: 0, bots: 0 });
        } finally {
          await store.close();
        }
      });
    }
  }

  it('a port bound twice or not at all is reported', () => {
    const twice = coreOnMemory();
    twice.load(memoryModule);
    expect(notBoundOnce(twice)).toEqual(['Store×2', 'Deps: Ambiguous bindings found for service: "Symbol(Store)".']);
    const missing = coreOnMemory();
    missing.unbind(ClockPort);
    expect(notBoundOnce(missing)).toEqual([
      'Clock×0',
      expect.stringMatching(/^Deps: No bindings found for service: "Symbol\(Clock\)"/),
    ]);
  });
});

describe('a tester', () => {
  it('runs the core on the memory adapters with one port rebound', async () => {
    const container = coreOnMemory();
    container.rebind(ClockPort).toConstantValue(new FixedClock('2026-11-20T12:00:00.000Z'));
    const deps = container.get(DepsPort);

    const today = await gameToday(deps);
    expect(today.serverNowISO).toBe('2026-11-20T12:00:00.000Z');
    expect(today.gameDate).toBe('2026-11-20');
    expect(today.msUntilClose).toBe(12 * 3_600_000);
    // The store is the container's one MemoryStore: what the use case wrote is there for the next get.
    expect(container.get(DepsPort).store).toBe(deps.store);
    expect(await deps.store.read((repos) => repos.games.latestForDate('2026-11-20'))).toMatchObject({
      key: '2026-11-20',
    });
  });
});
