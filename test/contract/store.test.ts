// Contract: the Store's units of work — all-or-nothing writes, entry limits under parallel
// submissions, one close per game under racing closes, an interrupted close leaving nothing behind.
import { expect, it } from 'vitest';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import { closeGame } from '../../core/game/close.ts';
import { currentGame } from '../../core/game/current-game.ts';
import type { Repositories, Store } from '../../core/ports.ts';
import { makeDeps, type FixedClock } from '../support/fakes.ts';
import type { Deps } from '../../core/deps.ts';
import { LockOrderError, NestedUnitOfWorkError, UnitOutlivedTurnError } from '../../adapters/unit-of-work-guard.ts';
import { ScryptHasher } from '../../adapters/crypto/scrypt-hasher.ts';
import { contract, WAITING_UNITS } from './harness.ts';
import { at, game, newUser } from './fixtures.ts';

/** A store whose writes see a guild repository that fails in applyClose, the close's last step. */
const failingAtGuilds = (store: Store): Store => ({
  read: (work) => store.read(work),
  write: (work) =>
    store.write((repos) => {
      const guilds = new Proxy(repos.guilds, {
        get(target, prop) {
          if (prop === 'applyClose') return async () => Promise.reject(new Error('disk full'));
          const value: unknown = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const wrapped: Repositories = { ...repos, guilds };
      return work(wrapped);
    }),
  close: () => store.close(),
  submitStandardPick: async () => false,
});

/** Test deps (fixed clock, seeded ids) over the adapter's store instead of a fresh MemoryStore. */
const depsOver = (store: Store): Deps & { clock: FixedClock } => ({ ...makeDeps(), store });

/** A game at its deadline where u1 picked 3 (the winner) and u2 picked 4 (unique, not winning). */
const dueGameOfTwo = async (store: Store) => {
  const deps = depsOver(store);
  const { game } = await currentGame(deps);
  await store.write(async (r) => {
    await r.users.create(newUser('u1'));
    await r.users.create(newUser('u2'));
  });
  await submitEntry(deps, { userId: 'u1', number: 3 });
  await submitEntry(deps, { userId: 'u2', number: 4 });
  deps.clock.set(game.closesAt);
  return { deps, game };
};

contract('store', ({ store }) => {
  it('keeps nothing of a write that throws and rethrows the error as is', async () => {
    const failure = new Error('boom');
    const attempt = store().write(async (r) => {
      await r.users.create(newUser('u1'));
      await r.sessions.create({ tokenHash: 'h', userId: 'u1', createdAt: at(0), expiresAt: at(9) });
      throw failure;
    });
    await expect(attempt).rejects.toBe(failure);
    await store().read(async (r) => {
      expect(await r.users.byId('u1')).toBeNull();
      expect(await r.playerStats.byUser('u1')).toBeNull();
      expect(await r.sessions.withUser('h')).toBeNull();
    });
    // The store is still usable afterwards.
    await store().write((r) => r.users.create(newUser('u1')));
    expect(await store().read((r) => r.users.count())).toEqual({ users: 1, bots: 0 });
  });

  it('sees its own writes inside a unit of work', async () => {
    const seen = await store().write(async (r) => {
      await r.users.create(newUser('u1'));
      return r.users.byId('u1');
    });
    expect(seen?.id).toBe('u1');
  });

  it('stores at most maxSubmissions of 20 parallel submissions by one player', async () => {
    const deps = depsOver(store());
    const { game } = await currentGame(deps);
    await store().write(async (r) => {
      await r.users.create(newUser('solo'));
      await r.users.create(newUser('lucky'));
      await r.bonusEntries.grant({
        id: 'b1',
        userId: 'lucky',
        sourceType: 'other',
        remainingEntries: 5,
        grantedAt: deps.clock.now().toISOString(),
        expiresAt: '2099-01-01T00:00:00.000Z',
        gameKey: null,
      });
    });
    for (const [userId, max] of [
      ['solo', 1],
      ['lucky', 2],
    ] as const) {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => submitEntry(deps, { userId, number: i + 1 })),
      );
      const stored = await store().read((r) => r.entries.forPlayer(game.key, userId));
      expect(stored).toHaveLength(max);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(max);
      for (const o of outcomes) {
        if (o.status === 'rejected')
          expect(o.reason).toEqual(
            expect.objectContaining({ code: expect.stringMatching(/^(ENTRY_LIMIT|DUPLICATE_NUMBER)$/) }),
          );
      }
    }
    // Only one bonus entry may be used per game, however many grants remain.
    expect(
      (await store().read((r) => r.bonusEntries.available('lucky', deps.clock.now().toISOString())))[0]
        ?.remainingEntries,
    ).toBe(4);
  });

  it('closes a game once when two closes race', async () => {
    const { deps, game } = await dueGameOfTwo(store());
    const [a, b] = await Promise.all([closeGame(deps, game.key), closeGame(deps, game.key)]);
    expect([a.closedNow, b.closedNow].sort()).toEqual([false, true]);
    await store().read(async (r) => {
      expect((await r.games.byKey(game.key))?.status).toBe('closed');
      expect((await r.winnings.byGame(game.key))?.userId).toBe('u1');
      expect(await r.playerStats.byUser('u1')).toMatchObject({ wins: 1, entries: 1, currentStreak: 1 });
      expect(await r.playerStats.byUser('u2')).toMatchObject({ wins: 0, entries: 1 });
      // u2 held a unique number that did not win: exactly one Peak, not two.
      expect((await r.rewards.forUser('u2')).map((i) => i.rewardType)).toEqual(['peak']);
    });
  });

  it('leaves the game open and nothing written when the close fails part-way', async () => {
    const { deps, game } = await dueGameOfTwo(store());
    await expect(closeGame({ ...deps, store: failingAtGuilds(store()) }, game.key)).rejects.toThrow('disk full');
    await store().read(async (r) => {
      expect((await r.games.byKey(game.key))?.status).toBe('open');
      expect(await r.games.stats(game.key)).toBeNull();
      expect(await r.winnings.byGame(game.key)).toBeNull();
      expect(await r.playerStats.byUser('u1')).toMatchObject({
        wins: 0,
        entries: 0,
        currentStreak: 0,
        lastPlayedDate: null,
      });
      expect(await r.rewards.forUser('u2')).toEqual([]);
    });
    // A later close goes through.
    expect((await closeGame(deps, game.key)).closedNow).toBe(true);
    expect((await store().read((r) => r.playerStats.byUser('u1')))?.wins).toBe(1);
  });
});

// SQLite runs each unit whole within one turn: adapters/sqlite/store.test.ts reads beside a write from another connection.
contract(
  'store, a write paused part-way',
  ({ store }) => {
    it('shows a read the last committed state, never a write half done', async () => {
      let atHalfway!: () => void;
      const halfway = new Promise<void>((resolve) => (atHalfway = resolve));
      let resume!: () => void;
      const resumed = new Promise<void>((resolve) => (resume = resolve));
      const writing = store().write(async (r) => {
        await r.users.create(newUser('u1'));
        atHalfway();
        await resumed;
        await r.users.create(newUser('u2'));
      });
      await halfway;
      const reading = store().read((r) => r.users.count());
      resume();
      await writing;
      // Before the write or after it, never in between.
      expect([0, 2]).toContain((await reading).users);
      expect(await store().read((r) => r.users.count())).toEqual({ users: 2, bots: 0 });
    });
  },
  WAITING_UNITS,
);

// PostgreSQL cannot tell a nested unit from a concurrent one without async context tracking (adapters/postgres/store.ts).
contract(
  'store, a unit inside a unit',
  ({ store }) => {
    it('refuses at once a unit of work started inside another of the same store', async () => {
      const s = store();
      await expect(s.write(() => s.read((r) => r.users.count()))).rejects.toBeInstanceOf(NestedUnitOfWorkError);
      await expect(s.read(() => s.write((r) => r.users.create(newUser('u1'))))).rejects.toBeInstanceOf(
        NestedUnitOfWorkError,
      );
      await expect(s.read(() => s.read((r) => r.users.count()))).rejects.toBeInstanceOf(NestedUnitOfWorkError);
      await expect(s.write(() => s.write((r) => r.users.create(newUser('u1'))))).rejects.toBeInstanceOf(
        NestedUnitOfWorkError,
      );
      // Nothing was written and nothing is left locked.
      expect(await s.read((r) => r.users.count())).toEqual({ users: 0, bots: 0 });
      await Promise.all([s.read((r) => r.users.count()), s.write((r) => r.users.create(newUser('u2')))]);
    });
  },
  ['memory', 'sqlite'],
);

// The Store port's rules of a unit (core/ports.ts): what a unit may wait for, and the order of its locks.
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

contract(
  'store, a unit that waits for something else',
  ({ store }) => {
    it('fails a unit still running once its turn is over, writes nothing of it, and goes on serving units', async () => {
      const s = store();
      await expect(
        s.write(async (r) => {
          await r.users.create(newUser('u1'));
          // As a use case that awaits the password hasher, a mail or a timer inside its unit would.
          await nextTurn();
          await r.users.create(newUser('u2'));
        }),
      ).rejects.toBeInstanceOf(UnitOutlivedTurnError);
      await expect(s.read(async (r) => (await nextTurn(), r.users.count()))).rejects.toBeInstanceOf(
        UnitOutlivedTurnError,
      );
      expect(await s.read((r) => r.users.count())).toEqual({ users: 0, bots: 0 });
      await s.write((r) => r.users.create(newUser('u3')));
      expect(await s.read((r) => r.users.count())).toEqual({ users: 1, bots: 0 });
    });

    it('fails a use case that awaits the password hasher inside its unit, as production would', async () => {
      const deps = { ...makeDeps(), store: store(), hasher: new ScryptHasher() };
      const signUpInOneUnit = (id: string) =>
        deps.store.write(async (r) => {
          const hash = await deps.hasher.hash('a guild password');
          await r.users.create({ ...newUser(id), displayName: hash.slice(0, 8) });
        });
      await expect(signUpInOneUnit('u1')).rejects.toBeInstanceOf(UnitOutlivedTurnError);
      expect(await deps.store.read((r) => r.users.count())).toEqual({ users: 0, bots: 0 });
    });
  },
  ['memory', 'sqlite'],
);

contract("store, the order of a unit's locks", ({ store }) => {
  it("refuses a game's lock taken after a player's, before it is taken, and keeps nothing of the unit", async () => {
    const s = store();
    await s.write(async (r) => {
      await r.games.create(game('2026-11-20'));
      await r.users.create(newUser('u1'));
    });
    await expect(
      s.write(async (r) => {
        await r.users.lock('u1');
        await r.users.update('u1', { displayName: 'Changed' });
        await r.games.lock('2026-11-20', 'share');
      }),
    ).rejects.toBeInstanceOf(LockOrderError);
    await expect(
      s.write(async (r) => {
        await r.users.lock('u1');
        await r.games.latestForDate('2026-11-20', 'update');
      }),
    ).rejects.toBeInstanceOf(LockOrderError);
    expect((await s.read((r) => r.users.byId('u1')))?.displayName).toBe('Player u1');
    // The game first, then the player: as every write takes them.
    await s.write(async (r) => {
      await r.games.lock('2026-11-20', 'share');
      await r.users.lock('u1');
      await r.users.update('u1', { displayName: 'Changed' });
    });
    expect((await s.read((r) => r.users.byId('u1')))?.displayName).toBe('Changed');
  });
});
