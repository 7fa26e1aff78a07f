import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { createUser, makeDeps, type TestDeps } from '../../test/support/fakes.ts';
import { grantBonusEntry } from './bonus-entries.ts';
import { myEntries } from './my-entries.ts';
import { submitEntry } from './submit-entry.ts';
import { validateNumber } from './validate-number.ts';
import { processReferral, referralStats } from '../referrals/referrals.ts';
import { computeGame } from '../game/close.ts';

const DAY = 86_400_000;

const setup = async (players: string[] = ['ann', 'bob']): Promise<TestDeps> => {
  const deps = makeDeps();
  for (const id of players) await createUser(deps, { id });
  return deps;
};

const grant = (deps: TestDeps, userId: string, daysFromNow = 0, entries = 1) =>
  deps.store.write((repos) =>
    grantBonusEntry(repos, deps.random, {
      userId,
      sourceType: 'other',
      now: new Date(deps.clock.now().getTime() + daysFromNow * DAY),
      entries,
    }),
  );

describe('validateNumber', () => {
  it('accepts whole numbers from 1 to 2,147,483,647', () => {
    expect(validateNumber(1)).toBe(1);
    expect(validateNumber(2_147_483_647)).toBe(2_147_483_647);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '5', null, undefined, {}])(
    'refuses %s as not a whole number',
    (value) => {
      expect(() => validateNumber(value)).toThrow(
        expect.objectContaining({ code: 'VALIDATION', message: 'Enter a whole number greater than zero.' }),
      );
    },
  );

  it('refuses numbers above the maximum with the spec text', () => {
    expect(() => validateNumber(2_147_483_648)).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'Please enter a number up to 2,147,483,647.' }),
    );
  });
});

describe('submitEntry', () => {
  it('stores the first entry as standard and refuses a second without a bonus', async () => {
    const deps = await setup();
    const { entry } = await submitEntry(deps, { userId: 'ann', number: 5 });
    expect(entry).toMatchObject({ number: 5, entryType: 'standard', submittedAt: '2026-11-20T12:00:00.000Z' });
    await expect(submitEntry(deps, { userId: 'ann', number: 6 })).rejects.toMatchObject({
      code: 'ENTRY_LIMIT',
      message: 'No more entries left for this game.',
    });
    await expect(submitEntry(deps, { userId: 'ann', number: 5 })).rejects.toMatchObject({
      code: 'DUPLICATE_NUMBER',
      message: 'You already picked 5 in this game.',
    });
    // Another player may pick the same number.
    expect((await submitEntry(deps, { userId: 'bob', number: 5 })).entry.number).toBe(5);
  });

  it('uses the soonest-expiring bonus for a second entry, and never a second bonus in one game', async () => {
    const deps = await setup();
    const later = await grant(deps, 'ann', 0);
    const sooner = await grant(deps, 'ann', -3);
    await submitEntry(deps, { userId: 'ann', number: 5 });
    const second = await submitEntry(deps, { userId: 'ann', number: 6 });
    expect(second.entry.entryType).toBe('bonus');
    const left = await deps.store.read((r) => r.bonusEntries.available('ann', deps.clock.now().toISOString()));
    expect(left.map((b) => b.id)).toEqual([later.id]);
    expect(left.map((b) => b.id)).not.toContain(sooner.id);
    await expect(submitEntry(deps, { userId: 'ann', number: 7 })).rejects.toMatchObject({ code: 'ENTRY_LIMIT' });
  });

  it('ignores expired bonus entries', async () => {
    const deps = await setup();
    await grant(deps, 'ann', -8);
    await submitEntry(deps, { userId: 'ann', number: 5 });
    await expect(submitEntry(deps, { userId: 'ann', number: 6 })).rejects.toMatchObject({ code: 'ENTRY_LIMIT' });
  });

  it('refuses entries after the deadline even before the close job ran', async () => {
    const deps = await setup();
    await submitEntry(deps, { userId: 'ann', number: 5 });
    deps.clock.set('2026-11-21T00:00:00.000Z');
    // The deadline moved the current game to the next date, which is open: the player plays there.
    expect((await submitEntry(deps, { userId: 'bob', number: 5 })).entry).toMatchObject({ number: 5 });
    const bobs = await deps.store.read((r) => r.entries.forPlayer('2026-11-21', 'bob'));
    expect(bobs).toHaveLength(1);
  });

  it('refuses entries to a game closed early', async () => {
    const deps = await setup();
    await submitEntry(deps, { userId: 'ann', number: 5 });
    await computeGame(deps, '2026-11-20');
    await expect(submitEntry(deps, { userId: 'bob', number: 5 })).rejects.toMatchObject({
      code: 'GAME_CLOSED',
      message: 'This game has closed.',
    });
  });

  it('validates before touching the game', async () => {
    const deps = await setup();
    await expect(submitEntry(deps, { userId: 'ann', number: 0 })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await deps.store.read((r) => r.games.listOpen())).toEqual([]);
  });

  it("completes the player's pending referral on their first entry only and rewards the referrer", async () => {
    const deps = await setup();
    const bob = await deps.store.read((r) => r.users.byId('bob'));
    await processReferral(deps, { userId: 'ann', referralCode: bob?.referralCode ?? '' });
    await submitEntry(deps, { userId: 'ann', number: 5 });
    expect(await referralStats(deps, 'bob')).toEqual({
      totalReferrals: 1,
      completedReferrals: 1,
      notEligibleReferrals: 0,
    });
    const bobBonus = await deps.store.read((r) => r.bonusEntries.available('bob', deps.clock.now().toISOString()));
    expect(bobBonus).toMatchObject([{ sourceType: 'referral', remainingEntries: 1 }]);
    // ann's own referral bonus pays for her second number; it does not complete anything twice.
    await submitEntry(deps, { userId: 'ann', number: 6 });
    const bobAfter = await deps.store.read((r) => r.bonusEntries.available('bob', deps.clock.now().toISOString()));
    expect(bobAfter).toHaveLength(1);
  });
});

describe('myEntries', () => {
  it('reports entries, limits and bonus entries', async () => {
    const deps = await setup();
    expect(await myEntries(deps, 'ann')).toEqual({
      gameDate: '2026-11-20',
      entries: [],
      status: { canSubmitMore: true, effectiveStatus: 'open' },
      maxSubmissions: 1,
      availableBonusEntries: 0,
      bonusEntriesDetails: [],
    });
    await submitEntry(deps, { userId: 'ann', number: 5 });
    expect(await myEntries(deps, 'ann')).toMatchObject({ maxSubmissions: 1, status: { canSubmitMore: false } });
    const bonus = await grant(deps, 'ann', 0, 2);
    expect(await myEntries(deps, 'ann')).toMatchObject({
      maxSubmissions: 2,
      availableBonusEntries: 2,
      status: { canSubmitMore: true },
      bonusEntriesDetails: [{ id: bonus.id, sourceType: 'other', remainingEntries: 2, expiresAt: bonus.expiresAt }],
    });
    await submitEntry(deps, { userId: 'ann', number: 6 });
    expect(await myEntries(deps, 'ann')).toMatchObject({
      maxSubmissions: 2,
      availableBonusEntries: 1,
      status: { canSubmitMore: false },
    });
  });

  it('keeps max 2 after the last bonus was used in this game, and reports closed games', async () => {
    const deps = await setup();
    await grant(deps, 'ann');
    await submitEntry(deps, { userId: 'ann', number: 5 });
    await submitEntry(deps, { userId: 'ann', number: 6 });
    expect(await myEntries(deps, 'ann')).toMatchObject({
      maxSubmissions: 2,
      availableBonusEntries: 0,
      entries: [{ number: 5 }, { number: 6 }],
    });
    await computeGame(deps, '2026-11-20');
    expect((await myEntries(deps, 'bob')).status).toEqual({ canSubmitMore: false, effectiveStatus: 'closed' });
  });
});

describe('property: submits and grants never exceed the limits nor lose an entry', () => {
  type Op =
    | { kind: 'submit'; player: number; number: number; parallel: boolean }
    | { kind: 'grant'; player: number }
    | { kind: 'nextDay' };
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('submit' as const),
        player: fc.integer({ min: 0, max: 2 }),
        number: fc.integer({ min: 1, max: 6 }),
        parallel: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('grant' as const), player: fc.integer({ min: 0, max: 2 }) }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('nextDay' as const) }) },
  );

  it('holds for random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40 }), async (ops) => {
        const players = ['p0', 'p1', 'p2'];
        const deps = await setup(players);
        let accepted = 0;
        for (const o of ops) {
          if (o.kind === 'grant') await grant(deps, players[o.player] ?? 'p0');
          else if (o.kind === 'nextDay') deps.clock.advance(DAY);
          else {
            const userId = players[o.player] ?? 'p0';
            // A parallel burst of the same player's submits must still respect the limits.
            const tries = o.parallel ? [o.number, o.number + 10, o.number + 20] : [o.number];
            const results = await Promise.allSettled(tries.map((number) => submitEntry(deps, { userId, number })));
            accepted += results.filter((r) => r.status === 'fulfilled').length;
            for (const r of results)
              if (r.status === 'rejected')
                expect(['ENTRY_LIMIT', 'DUPLICATE_NUMBER']).toContain((r.reason as { code?: string }).code);
          }
        }
        const games = await deps.store.read((r) => r.games.history(100));
        let stored = 0;
        let bonusUsed = 0;
        for (const userId of players) {
          stored += await deps.store.read((r) => r.entries.countForPlayer(userId));
          for (const g of games) {
            const entries = await deps.store.read((r) => r.entries.forPlayer(g.key, userId));
            const bonus = entries.filter((e) => e.entryType === 'bonus').length;
            bonusUsed += bonus;
            expect(entries.filter((e) => e.entryType === 'standard').length).toBeLessThanOrEqual(1);
            expect(bonus).toBeLessThanOrEqual(1);
            expect(new Set(entries.map((e) => e.number)).size).toBe(entries.length);
            if (bonus > 0) expect(entries.some((e) => e.entryType === 'standard')).toBe(true);
          }
        }
        expect(stored).toBe(accepted);
        // Every bonus entry used took exactly one entry of a grant (expired grants included: the epoch as "now").
        const grantsGiven = ops.filter((o) => o.kind === 'grant').length;
        const remaining = await deps.store.read(async (r) => {
          let sum = 0;
          for (const p of players)
            for (const b of await r.bonusEntries.available(p, '1970-01-01T00:00:00.000Z')) sum += b.remainingEntries;
          return sum;
        });
        expect(bonusUsed + remaining).toBe(grantsGiven);
      }),
      { numRuns: 80 },
    );
  });
});
