// Runs one contract body against every Store adapter: memory, SQLite (a file in a temp folder)
// and PostgreSQL (a database of its own on the run's server). Each test starts from empty tables.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, inject } from 'vitest';
import { MemoryStore } from '../../adapters/memory/store.ts';
import { createPostgresStore, type PostgresStore } from '../../adapters/postgres/store.ts';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import type { Store } from '../../core/ports.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { emptyTables } from './empty-tables.ts';

export type AdapterName = 'memory' | 'sqlite' | 'postgres';

interface Harness {
  /** A store over empty tables. */
  fresh(): Promise<Store>;
  dispose(): Promise<void>;
}

const memoryHarness = async (): Promise<Harness> => ({
  fresh: async () => new MemoryStore(),
  dispose: async () => undefined,
});

const sqliteHarness = async (): Promise<Harness> => {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-sqlite-'));
  let count = 0;
  let current: Store | null = null;
  return {
    fresh: async () => {
      await current?.close();
      count += 1;
      current = await createSqliteStore(join(dir, `contract-${count}.db`));
      return current;
    },
    dispose: async () => {
      await current?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

const postgresHarness = async (): Promise<Harness> => {
  const database: TestDatabase = await createTestDatabase(inject('postgresAdminUrl'));
  const store: PostgresStore = await createPostgresStore(database.url);
  return {
    // One migrated database per file; emptying every table is much cheaper than a new database per test.
    fresh: async () => {
      await emptyTables(store.db, 'postgres');
      return store;
    },
    dispose: async () => {
      await store.close();
      await database.drop();
    },
  };
};

const harnesses: Record<AdapterName, () => Promise<Harness>> = {
  memory: memoryHarness,
  sqlite: sqliteHarness,
  postgres: postgresHarness,
};

export interface ContractContext {
  readonly adapter: AdapterName;
  /** The current test's store (fresh, empty). */
  store(): Store;
}

/**
 * The stores whose units may wait for something else mid-way: PostgreSQL does not detect it; memory and SQLite fail such
 * a unit (UnitOutlivedTurnError), so races that pause a unit part-way are played on PostgreSQL.
 */
export const WAITING_UNITS: AdapterName[] = ['postgres'];

/** Declares `body` once per adapter (every one unless `adapters` names some), in describe blocks named after it. */
export function contract(
  title: string,
  body: (ctx: ContractContext) => void,
  adapters = Object.keys(harnesses) as AdapterName[],
): void {
  for (const adapter of adapters) {
    describe(`${title} [${adapter}]`, () => {
      let harness: Harness | undefined;
      let current: Store | undefined;
      beforeAll(async () => {
        harness = await harnesses[adapter]();
      });
      beforeEach(async () => {
        if (!harness) throw new Error('harness not started');
        current = await harness.fresh();
      });
      afterAll(async () => {
        await harness?.dispose();
      });
      body({
        adapter,
        store: () => {
          if (!current) throw new Error('store not ready');
          return current;
        },
      });
    });
  }
}
