// Contract: use cases racing each other on one store. A write is paused part-way (after a chosen
// repository call) while a second use case runs; whatever the interleaving, no entry, payout or
// close is lost or duplicated, and the loser gets a DomainError, never a raw database error.
// SQLite runs each unit whole within one turn, so no unit of it can be paused: its writes never interleave.
import { expect, it } from 'vitest';
import { deleteAccount } from '../../core/accounts/profile.ts';
import { signIn } from '../../core/accounts/sign-in.ts';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import { isDomainError } from '../../core/errors.ts';
import { closeGame } from '../../core/game/close.ts';
import { currentGame } from '../../core/game/current-game.ts';
import { joinGuild } from '../../core/guilds/guild-membership.ts';
import { processReferral } from '../../core/referrals/referrals.ts';
import { claimPrize } from '../../core/payouts/winnings.ts';
import { reviewPayout } from '../../core/payouts/payout-review.ts';
import { useMine } from '../../core/rewards/use-rewards.ts';
import { saveDatePrize, saveWeeklyPrize, togglePrize } from '../../core/prizes/prize-config.ts';
import type { Deps } from '../../core/deps.ts';
import type { Repositories, Store } from '../../core/ports.ts';
import { makeDeps, type FixedClock } from '../support/fakes.ts';
import { contract, WAITING_UNITS } from './harness.ts';
import { guild, newUser, reward } from './fixtures.ts';

/** Test deps (fixed clock, seeded ids) over the adapter's store. */
const ADMIN_ID = 'admin-1';
const depsOver = (store: Store): Deps & { clock: FixedClock } => ({ ...makeDeps(), store });

/**
 * A view of `store` whose writes stop right after `repo.method` returned, until release() is
 * called; `reached` resolves when the first write got there.
 */
const pausing = <R extends keyof Repositories>(store: Store, repo: R, method: keyof Repositories[R] & string) => {
  let reach = (): void => undefined;
  let release = (): void => undefined;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const paused: Store = {
    read: (work) => store.read(work),
    close: () => store.close(),
    // Every pick through `write`, where the pause is: declining the fast path leaves the whole rule to it.
    submitStandardPick: async () => false,
    write: (work) =>
      store.write((repos) => {
        const target = repos[repo];
        const proxy = new Proxy(target, {
          get(t, prop) {
            const value: unknown = Reflect.get(t, prop);
            if (typeof value !== 'function') return value;
            if (prop !== method) return value.bind(t);
            return async (...args: unknown[]) => {
              const result: unknown = await value.apply(t, args);
              reach();
              await released;
              return result;
            };
          },
        });
        return work({ ...repos, [repo]: proxy });
      }),
  };
  return { store: paused, reached, release };
};

/** Lets the other side run as far as it can before the paused write goes on. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const expectDomainErrorOrValue = (outcome: PromiseSettledResult<unknown>): void => {
  if (outcome.status === 'rejected') expect(isDomainError(outcome.reason), String(outcome.reason)).toBe(true);
};

/** Today's game, with the given players created. */
const seed = async (deps: Deps, ...ids: string[]) => {
  const { game } = await currentGame(deps);
  await deps.store.write(async (r) => {
    for (const id of ids) await r.users.create(newUser(id));
  });
  return game;
};

contract(
  'races, a write paused part-way',
  ({ store }) => {
    it('counts an entry committed while the close runs, or refuses it: never a stored entry the close missed', async () => {
      const deps = depsOver(store());
      const game = await seed(deps, 'u1', 'u2');
      await submitEntry(deps, { userId: 'u2', number: 7 });
      const paused = pausing(store(), 'entries', 'add');
      const submitting = submitEntry({ ...deps, store: paused.store }, { userId: 'u1', number: 3 });
      await paused.reached;
      const closing = closeGame(deps, game.key);
      await settle();
      paused.release();
      const [submitted, closed] = await Promise.allSettled([submitting, closing]);
      expectDomainErrorOrValue(submitted);
      expect(closed.status).toBe('fulfilled');
      const stored = await store().read((r) => r.admin.submissions(game.key, 0, 100));
      const stats = await store().read((r) => r.games.stats(game.key));
      expect(stats?.snapshot.entriesTotal).toBe(stored.totalCount);
      // The fairness tree holds exactly the entries the result counted.
      expect((await store().read((r) => r.fairness.treeSummary(game.key)))?.size).toBe(stored.totalCount);
      if (submitted.status === 'fulfilled') expect(stats?.snapshot.winningNumber).toBe(3);
    });

    it('counts a mine laid while the close runs, or refuses it', async () => {
      const deps = depsOver(store());
      const game = await seed(deps, 'u1', 'u2', 'u3');
      await store().write((r) =>
        r.rewards.grant([
          reward('m1', 'u3', {
            rewardType: 'mine',
            earnedAt: deps.clock.now().toISOString(),
            expiresAt: '2099-01-01T00:00:00.000Z',
          }),
        ]),
      );
      await submitEntry(deps, { userId: 'u1', number: 10 });
      await submitEntry(deps, { userId: 'u2', number: 11 });
      const paused = pausing(store(), 'mines', 'place');
      const mining = useMine({ ...deps, store: paused.store }, { userId: 'u3', number: 10 });
      await paused.reached;
      const closing = closeGame(deps, game.key);
      await settle();
      paused.release();
      const [mined, closed] = await Promise.allSettled([mining, closing]);
      expectDomainErrorOrValue(mined);
      expect(closed.status).toBe('fulfilled');
      const stats = await store().read((r) => r.games.stats(game.key));
      const mines = await store().read((r) => r.mines.numbers(game.key));
      expect(stats?.snapshot.minedNumbers).toEqual(mines);
      expect((await store().read((r) => r.fairness.treeSummary(game.key)))?.size).toBe(2 + mines.length);
      expect(stats?.snapshot.winningNumber).toBe(mined.status === 'fulfilled' ? 11 : 10);
    });

    it('keeps, detached, an entry submitted while the account is being deleted: an acknowledged pick stays', async () => {
      const deps = depsOver(store());
      const game = await seed(deps, 'u1');
      const paused = pausing(store(), 'entries', 'add');
      const submitting = submitEntry({ ...deps, store: paused.store }, { userId: 'u1', number: 3 });
      await paused.reached;
      const deleting = deleteAccount(deps, 'u1');
      await settle();
      paused.release();
      const outcomes = await Promise.allSettled([submitting, deleting]);
      outcomes.forEach(expectDomainErrorOrValue);
      expect(outcomes[1].status).toBe('fulfilled');
      const { rows } = await store().read((r) => r.admin.submissions(game.key, 0, 100));
      expect(rows).toMatchObject(outcomes[0].status === 'fulfilled' ? [{ number: 3, userId: null }] : []);
    });

    it('refuses with a DomainError a submit that arrives while the account is being deleted', async () => {
      const deps = depsOver(store());
      const game = await seed(deps, 'u1');
      const paused = pausing(store(), 'users', 'delete');
      const deleting = deleteAccount({ ...deps, store: paused.store }, 'u1');
      await paused.reached;
      const submitting = submitEntry(deps, { userId: 'u1', number: 3 });
      await settle();
      paused.release();
      const [deleted, submitted] = await Promise.allSettled([deleting, submitting]);
      expect(deleted.status).toBe('fulfilled');
      expect(submitted.status).toBe('rejected');
      expectDomainErrorOrValue(submitted);
      expect((await store().read((r) => r.admin.submissions(game.key, 0, 100))).rows).toEqual([]);
    });

    it('refuses with a DomainError a claim that arrives while the winner deletes the account', async () => {
      const deps = depsOver(store());
      const game = await seed(deps, 'u1');
      await submitEntry(deps, { userId: 'u1', number: 3 });
      await closeGame(deps, game.key);
      const paused = pausing(store(), 'users', 'delete');
      const deleting = deleteAccount({ ...deps, store: paused.store }, 'u1');
      await paused.reached;
      const claiming = claimPrize(deps, {
        userId: 'u1',
        gameId: game.key,
        paypalEmail: 'u1@pay.test',
        preferredName: 'U One',
      });
      await settle();
      paused.release();
      const [deleted, claimed] = await Promise.allSettled([deleting, claiming]);
      expect(deleted.status).toBe('fulfilled');
      expect(claimed.status).toBe('rejected');
      expectDomainErrorOrValue(claimed);
      expect(await store().read((r) => r.payouts.list())).toEqual([]);
    });

    it('lets the account deletion and the close of a game the player is in both finish', async () => {
      const deps = depsOver(store());
      const game = await seed(deps, 'u1', 'u2');
      await submitEntry(deps, { userId: 'u1', number: 3 });
      await submitEntry(deps, { userId: 'u2', number: 5 });
      const paused = pausing(store(), 'playerStats', 'applyClose');
      const closing = closeGame({ ...deps, store: paused.store }, game.key);
      await paused.reached;
      const deleting = deleteAccount(deps, 'u2');
      await settle();
      paused.release();
      const [closed, deleted] = await Promise.allSettled([closing, deleting]);
      expect(closed.status, closed.status === 'rejected' ? String(closed.reason) : '').toBe('fulfilled');
      expect(deleted.status, deleted.status === 'rejected' ? String(deleted.reason) : '').toBe('fulfilled');
      await store().read(async (r) => {
        expect(await r.users.byId('u2')).toBeNull();
        expect(await r.rewards.forUser('u2')).toEqual([]);
        expect((await r.games.stats(game.key))?.snapshot.entriesTotal).toBe(2);
      });
    });

    it('signs in one new player from parallel first sign-ins as one account', async () => {
      const deps = depsOver(store());
      const identity = { googleSub: 'sub-1', email: 'new@example.test', displayName: 'New', adminEmails: [] };
      const paused = pausing(store(), 'users', 'create');
      const first = signIn({ ...deps, store: paused.store }, identity);
      await paused.reached;
      const second = signIn(deps, identity);
      await settle();
      paused.release();
      const outcomes = await Promise.allSettled([first, second]);
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
      const ids = new Set(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.user.id : '')));
      expect(ids.size).toBe(1);
    });

    it("refuses a referral code processed while the player's first entry is being stored", async () => {
      const deps = depsOver(store());
      await seed(deps, 'friend', 'newbie');
      const code = (await store().read((r) => r.users.byId('friend')))?.referralCode ?? '';
      const paused = pausing(store(), 'entries', 'add');
      const submitting = submitEntry({ ...deps, store: paused.store }, { userId: 'newbie', number: 4 });
      await paused.reached;
      const processing = processReferral(deps, { userId: 'newbie', referralCode: code });
      await settle();
      paused.release();
      const [submitted, processed] = await Promise.allSettled([submitting, processing]);
      expect(submitted.status).toBe('fulfilled');
      expect(
        processed.status === 'rejected' && isDomainError(processed.reason) ? processed.reason.code : 'accepted',
      ).toBe('REFERRAL_NOT_ALLOWED');
      expect(await store().read((r) => r.bonusEntries.available('newbie', deps.clock.now().toISOString()))).toEqual([]);
    });
  },
  WAITING_UNITS,
);

contract('races, in parallel', ({ store }) => {
  it('stores one payout for ten parallel claims and moves it once under parallel reviews', async () => {
    const deps = depsOver(store());
    const game = await seed(deps, 'u1', 'boss');
    await submitEntry(deps, { userId: 'u1', number: 3 });
    await closeGame(deps, game.key);
    const claims = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        claimPrize(deps, { userId: 'u1', gameId: game.key, paypalEmail: 'u1@pay.test', preferredName: 'U' }),
      ),
    );
    claims.forEach(expectDomainErrorOrValue);
    expect(claims.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    const [payout] = await store().read((r) => r.payouts.list());
    if (!payout) throw new Error('no payout');
    const reviews = await Promise.allSettled([
      reviewPayout(deps, { adminId: 'boss', payoutId: payout.id, status: 'approved' }),
      reviewPayout(deps, { adminId: 'boss', payoutId: payout.id, status: 'failed', reviewNotes: 'no account' }),
      reviewPayout(deps, { adminId: 'boss', payoutId: payout.id, status: 'approved' }),
    ]);
    reviews.forEach(expectDomainErrorOrValue);
    expect(reviews.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    expect(await store().read((r) => r.payouts.audit(payout.id))).toHaveLength(1);
  });

  it('accepts parallel first submissions of a day whose game nobody has created yet', async () => {
    const deps = depsOver(store());
    const ids = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    await store().write(async (r) => {
      for (const id of ids) await r.users.create(newUser(id));
    });
    const outcomes = await Promise.allSettled(ids.map((userId, i) => submitEntry(deps, { userId, number: i + 1 })));
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(ids.map(() => 'ok'));
    const { game } = await currentGame(deps);
    expect((await store().read((r) => r.admin.submissions(game.key, 0, 100))).totalCount).toBe(ids.length);
  });

  it('keeps one prize row per weekday and date when admins save the same slot in parallel', async () => {
    const deps = depsOver(store());
    const saves = await Promise.allSettled([
      ...[1000, 2000, 3000, 4000].map((amountCents) =>
        saveWeeklyPrize(deps, { dayOfWeek: 1, prizeType: 'cash', amountCents, isActive: true }, ADMIN_ID),
      ),
      ...[5, 6, 7].map((amountCents) =>
        saveDatePrize(deps, { date: '2026-11-23', prizeType: 'voucher', amountCents, description: 'Gift' }, ADMIN_ID),
      ),
      togglePrize(deps, 'default-2', ADMIN_ID),
      togglePrize(deps, 'default-2', ADMIN_ID),
    ]);
    saves.forEach(expectDomainErrorOrValue);
    expect(saves.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(3);
    const stored = await store().read((r) => r.prizes.list());
    expect(stored.filter((p) => p.date === null && p.dayOfWeek === 1)).toHaveLength(1);
    expect(stored.filter((p) => p.date === '2026-11-23')).toHaveLength(1);
    expect(stored.filter((p) => p.date === null && p.dayOfWeek === 2).length).toBeLessThanOrEqual(1);
    // Every change that committed is on the audit trail once, and none that failed.
    const trail = await store().read((r) => r.prizes.auditTrail({ since: null, until: null, adminId: null }, 100));
    expect(trail).toHaveLength(saves.filter((o) => o.status === 'fulfilled').length);
  });

  it('never lets parallel joins take a guild past ten members', async () => {
    const deps = depsOver(store());
    const ids = Array.from({ length: 16 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    await seed(deps, ...ids);
    await store().write((r) => r.guilds.create(guild('g1', 'p00', { passwordHash: 'h:secret' })));
    const joins = await Promise.allSettled(
      ids.slice(1).map((userId) => joinGuild(deps, { userId, guildId: 'g1', password: 'secret' })),
    );
    joins.forEach(expectDomainErrorOrValue);
    expect(joins.filter((j) => j.status === 'fulfilled')).toHaveLength(9);
    expect(await store().read((r) => r.guilds.members('g1'))).toHaveLength(10);
  });
});
