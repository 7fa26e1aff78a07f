// The submission's fast path against its rule (DESIGN.md §19): random histories of picks, referrals, early closes
// and passing time, played once on a store as it is and once on the same kind of store whose fast path declines
// every pick, so the rule (core/entries/submit-entry.ts) decides each one. Both must give the same answers and
// leave the same rows; and the fast path must have taken picks, or the comparison proves nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MemoryStore } from '../../adapters/memory/store.ts';
import { createPostgresStore, type PostgresStore } from '../../adapters/postgres/store.ts';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import { closeGame } from '../../core/game/close.ts';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import { nodeEd25519 } from '../../adapters/crypto/ed25519.ts';
import { processReferral } from '../../core/referrals/referrals.ts';
import { currentGame } from '../../core/game/current-game.ts';
import { DomainError } from '../../core/errors.ts';
import type { Deps } from '../../core/deps.ts';
import type { Store } from '../../core/ports.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { createUser, FixedClock, makeDeps, SeededRandom } from '../support/fakes.ts';
import { emptyTables } from './empty-tables.ts';
import type { AdapterName } from './harness.ts';

const PLAYERS = ['p1', 'p2', 'p3', 'p4'] as const;
/** Never created: the account deleted since its session was read. */
const GHOST = 'ghost';
const DEVICES = ['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210'];
const ADDRESSES = ['10.0.1.5', '10.0.2.7', '2001:db8::1'];

type Step =
  | {
      kind: 'submit';
      player: string;
      number: number;
      game: 'none' | 'current' | 'stale';
      device: number | null;
      address: number | null;
    }
  | { kind: 'refer'; player: string; referrer: string }
  | { kind: 'close' }
  | { kind: 'advance'; minutes: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      player: fc.constantFrom(...PLAYERS, GHOST),
      number: fc.integer({ min: 1, max: 6 }),
      game: fc.constantFrom('none' as const, 'current' as const, 'current' as const, 'stale' as const),
      device: fc.option(fc.integer({ min: 0, max: DEVICES.length - 1 })),
      address: fc.option(fc.integer({ min: 0, max: ADDRESSES.length - 1 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refer' as const),
      player: fc.constantFrom(...PLAYERS),
      referrer: fc.constantFrom(...PLAYERS),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 900 }) }),
  },
);

/** A view of `store` whose fast path declines every pick. */
const ruleOnly = (store: Store): Store => ({
  read: (work) => store.read(work),
  write: (work) => store.write(work),
  close: () => store.close(),
  submitStandardPick: async () => false,
});

/** A view of `store` that counts the picks its fast path stored. */
const counting = (store: Store, taken: { count: number }): Store => ({
  read: (work) => store.read(work),
  write: (work) => store.write(work),
  close: () => store.close(),
  submitStandardPick: async (pick) => {
    const stored = await store.submitStandardPick(pick);
    if (stored) taken.count += 1;
    return stored;
  },
});

const outcomeOf = async (work: Promise<unknown>): Promise<unknown> => {
  try {
    return { ok: await work };
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
};

const SIGNING_KEY = nodeEd25519.generate().privateKey;

/** Plays the history on a store, from a clock and randomness of its own; returns every answer and the rows it left. */
const play = async (store: Store, steps: readonly Step[]): Promise<unknown> => {
  const base = makeDeps({ clock: new FixedClock('2026-11-20T12:00:00.000Z'), random: new SeededRandom(7) });
  // One signing key for both plays: Ed25519 signs the same text the same way, so both give the same receipts.
  const deps: Deps = { ...base, store, config: { ...base.config, receiptSigningKey: SIGNING_KEY } };
  const clock = deps.clock as FixedClock;
  for (const id of PLAYERS) await createUser(deps, { id });
  const answers: unknown[] = [];
  const games = new Set<string>();
  let stale: string | null = null;
  for (const s of steps) {
    if (s.kind === 'advance') {
      clock.advance(s.minutes * 60_000);
      continue;
    }
    const { game } = await currentGame(deps);
    games.add(game.key);
    if (s.kind === 'close') {
      answers.push(await outcomeOf(closeGame(deps, game.key).then((outcome) => outcome.closedNow)));
      stale = game.key;
      continue;
    }
    if (s.kind === 'refer') {
      const code = (await deps.store.read((repos) => repos.users.byId(s.referrer)))?.referralCode ?? '';
      answers.push(await outcomeOf(processReferral(deps, { userId: s.player, referralCode: code })));
      continue;
    }
    const gameDate = s.game === 'none' ? undefined : s.game === 'stale' ? (stale ?? '2026-01-01') : game.key;
    const client =
      s.device === null && s.address === null
        ? undefined
        : {
            deviceId: s.device === null ? null : (DEVICES[s.device] ?? null),
            address: s.address === null ? null : (ADDRESSES[s.address] ?? null),
          };
    answers.push(await outcomeOf(submitEntry(deps, { userId: s.player, number: s.number, gameDate, client })));
  }
  const now = clock.now().toISOString();
  const rows = await store.read(async (repos) => ({
    entries: await Promise.all([...games].flatMap((key) => PLAYERS.map((id) => repos.entries.forPlayer(key, id)))),
    referrals: await Promise.all(PLAYERS.map((id) => repos.referrals.byReferred(id))),
    bonuses: await Promise.all(PLAYERS.map((id) => repos.bonusEntries.available(id, now))),
    signals: (await repos.integrity.shared([...PLAYERS], '2000-01-01', 100)).sort((a, b) =>
      `${a.userId}${a.otherId}${a.kind}`.localeCompare(`${b.userId}${b.otherId}${b.kind}`),
    ),
  }));
  return { answers, rows };
};

interface Pair {
  /** Two empty stores of one kind. */
  fresh(): Promise<[Store, Store]>;
  dispose(): Promise<void>;
}

const pairs: Record<AdapterName, () => Promise<Pair>> = {
  memory: async () => ({ fresh: async () => [new MemoryStore(), new MemoryStore()], dispose: async () => undefined }),
  sqlite: async () => {
    let open: Store[] = [];
    return {
      fresh: async () => {
        await Promise.all(open.map((s) => s.close()));
        open = [await createSqliteStore(':memory:'), await createSqliteStore(':memory:')];
        return [open[0] as Store, open[1] as Store];
      },
      dispose: async () => void (await Promise.all(open.map((s) => s.close()))),
    };
  },
  postgres: async () => {
    const databases: TestDatabase[] = await Promise.all(
      [1, 2].map(() => createTestDatabase(inject('postgresAdminUrl'))),
    );
    const stores: PostgresStore[] = await Promise.all(
      databases.map((d) => createPostgresStore(d.url, { maxConnections: 4 })),
    );
    return {
      fresh: async () => {
        await Promise.all(stores.map((s) => emptyTables(s.db, 'postgres')));
        return [stores[0] as Store, stores[1] as Store];
      },
      dispose: async () => {
        await Promise.all(stores.map((s) => s.close()));
        await Promise.all(databases.map((d) => d.drop()));
      },
    };
  },
};

const RUNS: Record<AdapterName, number> = { memory: 50, sqlite: 25, postgres: 15 };

for (const adapter of Object.keys(pairs) as AdapterName[]) {
  describe(`the fast path of a pick against its rule [${adapter}]`, () => {
    let pair: Pair | undefined;
    beforeAll(async () => {
      pair = await pairs[adapter]();
    });
    afterAll(async () => {
      await pair?.dispose();
    });

    it('gives the answers and leaves the rows the rule alone does, on random histories', async () => {
      const taken = { count: 0 };
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 24 }), async (steps) => {
          if (!pair) throw new Error('stores not ready');
          const [fast, rule] = await pair.fresh();
          // Every history starts with a plain first pick, which the fast path must take.
          const history: Step[] = [
            { kind: 'submit', player: 'p1', number: 1, game: 'current', device: 0, address: 0 },
            ...steps,
          ];
          const withFastPath = await play(counting(fast, taken), history);
          const byRule = await play(ruleOnly(rule), history);
          expect(withFastPath).toEqual(byRule);
        }),
        { numRuns: RUNS[adapter] },
      );
      expect(taken.count).toBeGreaterThanOrEqual(RUNS[adapter]);
    }, 120_000);
  });
}
