import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { defaultGameConfig, type GameConfig } from '../config.ts';
import type { Repositories } from '../ports.ts';
import { createUser, makeDeps, type TestDeps } from '../../test/support/fakes.ts';
import { emptyStats } from '../../test/contract/fixtures.ts';
import { submitEntry } from '../entries/submit-entry.ts';
import { closeDueGames, closeGame, computeGame, TREE_REPAIR_AFTER_MS } from './close.ts';
import { buildStoredTree } from '../fairness/tree-v2-record.ts';
import { fairnessRecord } from '../fairness/fairness.ts';
import { dailyStats, gameResult, history } from './game-views.ts';
import { currentGame, ensureGame, gameToday } from './current-game.ts';
import { NUMBER_LIMITS } from './number-limits.ts';
import { nextDate, zoneOffsetMs } from './calendar.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 2026-11-20T12:00Z: the open game is 2026-11-20, closing 2026-11-21T00:00Z. */
const setup = async (players: string[] = ['ann', 'bob', 'cat']): Promise<TestDeps> => {
  const deps = makeDeps();
  for (const id of players) await createUser(deps, { id });
  return deps;
};

const read = <T>(deps: TestDeps, work: (repos: Repositories) => Promise<T>): Promise<T> => deps.store.read(work);

describe('currentGame and gameToday', () => {
  it('creates the regular game of the next deadline and reports the time left', async () => {
    const deps = makeDeps();
    const today = await gameToday(deps);
    expect(today).toEqual({
      gameDate: '2026-11-20',
      serverNowISO: '2026-11-20T12:00:00.000Z',
      msUntilClose: 12 * HOUR,
      effectiveStatus: 'open',
      closesAtISO: '2026-11-21T00:00:00.000Z',
      limits: NUMBER_LIMITS,
    });
    const game = await read(deps, (r) => r.games.byKey('2026-11-20'));
    expect(game).toMatchObject({ number: 1, status: 'open', opensAt: '2026-11-20T00:00:00.000Z' });
  });

  it('is effectively closed once the deadline has passed, even before the close job runs', async () => {
    const deps = makeDeps();
    await currentGame(deps);
    const before = await currentGame(deps);
    expect(before.effectiveStatus).toBe('open');
    // The next game exists only after the close job; a stored game closed early keeps the date's status.
    await computeGame(deps, '2026-11-20');
    const after = await gameToday(deps);
    expect(after).toMatchObject({ gameDate: '2026-11-20', effectiveStatus: 'closed', msUntilClose: 0 });
  });
});

describe('the current game seen by every instance', () => {
  /** Another instance's change: written to the shared store without this process's use cases. */
  const closeBehindOurBack = (deps: TestDeps, key: string) =>
    deps.store.write(async (r) => {
      expect(await r.games.markClosed(key, deps.clock.now().toISOString(), emptyStats(key))).toBe(true);
    });

  it('sees a close by this process at once, the clock standing still', async () => {
    const deps = makeDeps();
    expect((await gameToday(deps)).effectiveStatus).toBe('open');
    await computeGame(deps, '2026-11-20');
    expect(await gameToday(deps)).toMatchObject({ gameDate: '2026-11-20', effectiveStatus: 'closed' });
  });

  it('sees an admin open by this process at once', async () => {
    const deps = makeDeps();
    await computeGame(deps, (await gameToday(deps)).gameDate);
    expect((await gameToday(deps)).effectiveStatus).toBe('closed');
    await ensureGame(deps, '2026-11-20');
    expect(await gameToday(deps)).toMatchObject({ gameDate: '2026-11-20-2', effectiveStatus: 'open' });
  });

  it("sees another instance's close at once, the clock standing still", async () => {
    const deps = makeDeps();
    expect((await gameToday(deps)).effectiveStatus).toBe('open');
    await closeBehindOurBack(deps, '2026-11-20');
    expect((await gameToday(deps)).effectiveStatus).toBe('closed');
  });

  it('moves to the next date at the deadline, the clock moving on', async () => {
    const deps = makeDeps();
    await gameToday(deps);
    deps.clock.set('2026-11-21T00:00:00.000Z');
    expect(await gameToday(deps)).toMatchObject({ gameDate: '2026-11-21', effectiveStatus: 'open' });
  });
});

describe('the close', () => {
  it('sweeps expired sessions and keeps live ones', async () => {
    const deps = await setup();
    const session = (tokenHash: string, expiresAt: string) => ({
      tokenHash,
      userId: 'ann',
      createdAt: '2026-11-01T00:00:00.000Z',
      expiresAt,
    });
    await deps.store.write(async (r) => {
      await r.sessions.create(session('expired', '2026-11-20T23:59:59.000Z'));
      await r.sessions.create(session('live', '2026-12-20T00:00:00.000Z'));
    });
    deps.clock.set('2026-11-21T00:00:00.000Z');
    await closeDueGames(deps);
    expect((await read(deps, (r) => r.sessions.withUser('expired')))?.session ?? null).toBeNull();
    expect((await read(deps, (r) => r.sessions.withUser('live')))?.session ?? null).not.toBeNull();
  });

  it('resolves, stores stats, creates the winning with the date prize and updates the counters, once', async () => {
    const deps = await setup();
    await submitEntry(deps, { userId: 'ann', number: 3 });
    await submitEntry(deps, { userId: 'bob', number: 3 });
    await submitEntry(deps, { userId: 'cat', number: 7 });
    deps.clock.set('2026-11-21T00:00:00.000Z');

    expect((await closeDueGames(deps)).closed).toEqual(['2026-11-20']);
    expect((await closeDueGames(deps)).closed).toEqual([]);

    const stats = await dailyStats(deps, '2026-11-20', 'cat');
    expect(stats.snapshot).toMatchObject({ entriesTotal: 3, winningNumber: 7, uniquesTotal: 1, missedWinNumber: 1 });
    expect(stats.userSubmissions.map((e) => e.number)).toEqual([7]);

    const winning = await read(deps, (r) => r.winnings.byGame('2026-11-20'));
    // 2026-11-20 is a Friday: the built-in Friday prize.
    expect(winning).toMatchObject({
      userId: 'cat',
      winningNumber: 7,
      gameDate: '2026-11-20',
      prize: { prizeType: 'cash', currency: 'USD' },
    });
    expect(winning?.prize.amountCents).toBeGreaterThan(0);

    const catStats = await read(deps, (r) => r.playerStats.byUser('cat'));
    expect(catStats).toMatchObject({
      wins: 1,
      entries: 1,
      currentStreak: 1,
      bestStreak: 1,
      lastPlayedDate: '2026-11-20',
    });
    expect((await read(deps, (r) => r.playerStats.byUser('ann')))?.wins).toBe(0);

    // The next game exists and is the only open one.
    const open = await read(deps, (r) => r.games.listOpen());
    expect(open.map((g) => g.key)).toEqual(['2026-11-21']);

    expect(await gameResult(deps, '2026-11-20')).toEqual({
      gameDate: '2026-11-20',
      status: 'closed',
      winnerName: 'Player cat',
      winningNumber: 7,
      prize: winning?.prize,
      entriesTotal: 3,
    });
    expect(await gameResult(deps, 'today')).toEqual({ gameDate: '2026-11-21', status: 'open' });
  });

  it('a disabled prize day still has a winner but no winning record', async () => {
    const deps = await setup();
    await deps.store.write((r) =>
      r.prizes.upsert({
        id: 'p1',
        dayOfWeek: null,
        date: '2026-11-20',
        isActive: false,
        prizeType: 'cash',
        amountCents: 100,
        currency: 'USD',
        description: 'off',
        updatedAt: '2026-11-01T00:00:00.000Z',
      }),
    );
    await submitEntry(deps, { userId: 'ann', number: 1 });
    await computeGame(deps, '2026-11-20');
    expect(await read(deps, (r) => r.winnings.byGame('2026-11-20'))).toBeNull();
    expect((await read(deps, (r) => r.playerStats.byUser('ann')))?.wins).toBe(1);
    expect(await gameResult(deps, '2026-11-20')).toMatchObject({ winnerName: 'Player ann', prize: null });
  });

  it('grants Peak to unique non-winners, How Many at streak 3, Mine and a streak bonus at 7', async () => {
    const deps = await setup(['ann', 'bob', 'cat', 'dan']);
    for (let day = 0; day < 7; day += 1) {
      await submitEntry(deps, { userId: 'ann', number: 1 });
      if (day === 6) {
        await submitEntry(deps, { userId: 'bob', number: 5 });
        await submitEntry(deps, { userId: 'cat', number: 9 });
        await submitEntry(deps, { userId: 'dan', number: 9 });
      }
      deps.clock.advance(DAY);
      await closeDueGames(deps);
    }
    const annItems = await read(deps, (r) => r.rewards.forUser('ann'));
    // Streaks 3 and 6 give How Many, 7 gives Mine; ann always won, so no Peak.
    expect(annItems.map((i) => i.rewardType).sort()).toEqual(['how_many', 'how_many', 'mine']);
    expect(annItems[0]?.expiresAt).toBe(new Date(Date.parse(annItems[0]?.earnedAt ?? '') + 7 * DAY).toISOString());
    const annBonus = await read(deps, (r) => r.bonusEntries.available('ann', deps.clock.now().toISOString()));
    expect(annBonus).toMatchObject([{ sourceType: 'streak', remainingEntries: 1 }]);
    expect(await read(deps, (r) => r.playerStats.byUser('ann'))).toMatchObject({
      currentStreak: 7,
      bestStreak: 7,
      wins: 7,
      entries: 7,
    });

    expect((await read(deps, (r) => r.rewards.forUser('bob'))).map((i) => i.rewardType)).toEqual(['peak']);
    expect(await read(deps, (r) => r.rewards.forUser('cat'))).toEqual([]);
  });

  it('a failing close leaves the game open and writes nothing', async () => {
    const deps = await setup();
    await submitEntry(deps, { userId: 'ann', number: 2 });
    const real = deps.store.write.bind(deps.store);
    // Break the guild step, which runs last, to prove the earlier steps roll back.
    deps.store.write = (work) =>
      real((repos) =>
        work({ ...repos, guilds: { ...repos.guilds, applyClose: async () => Promise.reject(new Error('boom')) } }),
      );
    await expect(closeGame(deps, '2026-11-20')).rejects.toThrow('boom');
    deps.store.write = real;
    expect((await read(deps, (r) => r.games.byKey('2026-11-20')))?.status).toBe('open');
    expect(await read(deps, (r) => r.winnings.byGame('2026-11-20'))).toBeNull();
    expect((await read(deps, (r) => r.playerStats.byUser('ann')))?.entries).toBe(0);
    const outcome = await closeGame(deps, '2026-11-20');
    expect(outcome.closedNow).toBe(true);
  });

  it('a failing close cancels its tree fold, and the close after it folds the tree anew', async () => {
    const deps = await setup();
    await submitEntry(deps, { userId: 'ann', number: 2 });
    const folds: { cancelled: boolean }[] = [];
    const folder = deps.treeFolder;
    deps.treeFolder = (key, bound) => {
      const folding = folder(key, bound);
      const seen = { cancelled: false };
      folds.push(seen);
      return {
        ...folding,
        cancel: () => {
          seen.cancelled = true;
          folding.cancel();
        },
      };
    };
    const real = deps.store.write.bind(deps.store);
    deps.store.write = (work) =>
      real((repos) =>
        work({ ...repos, guilds: { ...repos.guilds, applyClose: async () => Promise.reject(new Error('boom')) } }),
      );
    await expect(closeGame(deps, '2026-11-20')).rejects.toThrow('boom');
    deps.store.write = real;
    expect(folds.map((f) => f.cancelled)).toEqual([true]);
    await closeGame(deps, '2026-11-20');
    expect(folds.map((f) => f.cancelled)).toEqual([true, false]);
    expect((await read(deps, (r) => r.fairness.treeSummary('2026-11-20')))?.size).toBe(1);
  });

  it('a close whose tree fails is still a close; a scheduled pass some minutes later stores the tree it would have stored', async () => {
    const deps = await setup();
    await submitEntry(deps, { userId: 'ann', number: 2 });
    await submitEntry(deps, { userId: 'bob', number: 2 });
    await submitEntry(deps, { userId: 'cat', number: 5 });
    const folder = deps.treeFolder;
    // The fold on another thread lost (its thread stopped) once the close had committed.
    deps.treeFolder = (key, bound) => ({
      ...folder(key, bound),
      done: () => Promise.reject(new Error('thread stopped')),
    });
    await expect(closeGame(deps, '2026-11-20')).rejects.toThrow('thread stopped');
    deps.treeFolder = folder;
    expect(await gameResult(deps, '2026-11-20')).toMatchObject({ winningNumber: 5 });
    expect((await read(deps, (r) => r.playerStats.byUser('cat')))?.wins).toBe(1);
    expect(await read(deps, (r) => r.fairness.treeSummary('2026-11-20'))).toBeNull();
    const justAfter = new Date(deps.clock.now().getTime() + 1).toISOString();
    expect(await read(deps, (r) => r.fairness.closedWithoutTree(justAfter))).toEqual(['2026-11-20']);
    // Never the whole game's rows in its place.
    await expect(fairnessRecord(deps, '2026-11-20')).rejects.toThrow('still being built');

    // At once, the tree may still be folding for a close elsewhere: the pass leaves it.
    await closeDueGames(deps);
    expect(await read(deps, (r) => r.fairness.treeSummary('2026-11-20'))).toBeNull();
    deps.clock.advance(TREE_REPAIR_AFTER_MS + 1);
    await closeDueGames(deps);
    expect(await fairnessRecord(deps, '2026-11-20')).toMatchObject({ treeVersion: 2, size: 3, winningNumber: 5 });
    const stats = await read(deps, (r) => r.games.stats('2026-11-20'));
    const expected = await read(deps, (r) =>
      buildStoredTree(
        r,
        deps.digest,
        '2026-11-20',
        stats?.snapshot ?? { winningNumber: null, secondPlaceNumber: null },
      ),
    );
    expect(await read(deps, (r) => r.fairness.treeSummary('2026-11-20'))).toEqual(expected.summary);
    expect(await read(deps, (r) => r.fairness.closedWithoutTree(deps.clock.now().toISOString()))).toEqual([]);
    expect((await read(deps, (r) => r.playerStats.byUser('cat')))?.wins).toBe(1);
  });

  it('closing twice at once closes once', async () => {
    const deps = await setup();
    await submitEntry(deps, { userId: 'ann', number: 2 });
    const outcomes = await Promise.all([closeGame(deps, '2026-11-20'), closeGame(deps, '2026-11-20')]);
    expect(outcomes.filter((o) => o.closedNow)).toHaveLength(1);
    expect((await read(deps, (r) => r.playerStats.byUser('ann')))?.wins).toBe(1);
  });

  it('deleted players (entries detached) get nothing', async () => {
    const deps = await setup();
    await submitEntry(deps, { userId: 'ann', number: 2 });
    await deps.store.write((r) => r.entries.detachFromUser('ann'));
    await computeGame(deps, '2026-11-20');
    expect(await read(deps, (r) => r.winnings.byGame('2026-11-20'))).toBeNull();
    expect(await gameResult(deps, '2026-11-20')).toMatchObject({ winnerName: 'Anonymous', winningNumber: 2 });
  });
});

describe('admin open and compute', () => {
  it('opens an extra numbered game after an early close while the deadline is ahead', async () => {
    const deps = await setup();
    await submitEntry(deps, { userId: 'ann', number: 2 });
    await computeGame(deps, '2026-11-20');
    const extra = await ensureGame(deps, '2026-11-20');
    expect(extra).toMatchObject({
      key: '2026-11-20-2',
      number: 2,
      status: 'open',
      closesAt: '2026-11-21T00:00:00.000Z',
    });
    expect(await ensureGame(deps, '2026-11-20')).toEqual(extra);
    expect((await gameToday(deps)).gameDate).toBe('2026-11-20-2');
    // The player may play again in the extra game.
    await submitEntry(deps, { userId: 'ann', number: 2 });
    deps.clock.set('2026-11-21T00:00:00.000Z');
    expect((await closeDueGames(deps)).closed).toEqual(['2026-11-20-2']);
    // Two games of one date count once for the streak.
    expect(await read(deps, (r) => r.playerStats.byUser('ann'))).toMatchObject({
      currentStreak: 1,
      entries: 2,
      wins: 2,
    });
    await expect(ensureGame(deps, '2026-11-20')).rejects.toMatchObject({ code: 'GAME_CLOSED' });
  });

  it('compute is a no-op on a closed game and NOT_FOUND for an unknown date', async () => {
    const deps = await setup();
    await submitEntry(deps, { userId: 'ann', number: 2 });
    const first = await computeGame(deps, '2026-11-20');
    const again = await computeGame(deps, '2026-11-20');
    expect(first.closedNow).toBe(true);
    expect(again).toEqual({ ...first, closedNow: false });
    await expect(computeGame(deps, '2026-10-01')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(computeGame(deps, 'nope')).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('opens a date that has no game yet', async () => {
    const deps = makeDeps();
    expect(await ensureGame(deps, '2026-11-22')).toMatchObject({
      key: '2026-11-22',
      closesAt: '2026-11-23T00:00:00.000Z',
      opensAt: '2026-11-22T00:00:00.000Z',
    });
  });
});

describe('history and statistics', () => {
  it('lists games newest first and hides statistics until the close', async () => {
    const deps = await setup();
    await submitEntry(deps, { userId: 'ann', number: 4 });
    await expect(dailyStats(deps, '2026-11-20', null)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No statistics for 2026-11-20 yet.',
    });
    await expect(dailyStats(deps, '2030-01-01', null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    deps.clock.advance(DAY);
    await closeDueGames(deps);
    expect(await history(deps, 14)).toEqual({
      items: [
        { gameDate: '2026-11-21', status: 'open' },
        { gameDate: '2026-11-20', status: 'closed' },
      ],
    });
    expect((await history(deps, 1)).items).toHaveLength(1);
    const stats = await dailyStats(deps, '2026-11-20', null);
    expect(stats).toMatchObject({
      gameDate: '2026-11-20',
      histogram: [{ number: 4, count: 1 }],
      histogramTruncated: false,
      userSubmissions: [],
    });
    await expect(gameResult(deps, '2029-01-01')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('property: exactly one open game at every instant', () => {
  const london: GameConfig = { ...defaultGameConfig, closeZone: 'Europe/London', dateZone: 'America/New_York' };
  for (const [label, config] of [
    ['defaults', defaultGameConfig],
    ['London close, New York names', london],
  ] as const) {
    it(`${label}: after closeDueGames the only open game closes within a day and names follow each other`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.date({
            min: new Date('2024-01-01T00:00:00Z'),
            max: new Date('2030-12-31T00:00:00Z'),
            noInvalidDate: true,
          }),
          // Steps shorter than the shortest day (23 h): no game can be skipped, so every date gets its game.
          fc.array(fc.integer({ min: 1, max: 22 * 60 }), { minLength: 1, maxLength: 40 }),
          async (start, stepsInMinutes) => {
            const deps = makeDeps({ config });
            deps.clock.set(start);
            let previous: string | null = null;
            for (const step of stepsInMinutes) {
              deps.clock.advance(step * 60_000);
              const now = deps.clock.now();
              await closeDueGames(deps);
              const open = await deps.store.read((r) => r.games.listOpen());
              expect(open).toHaveLength(1);
              const { game, effectiveStatus } = await currentGame(deps);
              expect(game.key).toBe(open[0]?.key);
              expect(effectiveStatus).toBe('open');
              const left = Date.parse(game.closesAt) - now.getTime();
              const longer = Math.max(
                0,
                zoneOffsetMs(now, config.closeZone) - zoneOffsetMs(new Date(game.closesAt), config.closeZone),
              );
              expect(left).toBeGreaterThan(0);
              expect(left).toBeLessThanOrEqual(DAY + longer);
              // Every game from the first one on was created: their dates are consecutive.
              if (previous !== null && previous !== game.date) expect(game.date).toBe(nextDate(previous));
              if (previous !== game.date) previous = game.date;
            }
            const all = await deps.store.read((r) => r.games.history(1000));
            const dates = all.map((g) => g.date).reverse();
            dates.slice(1).forEach((d, i) => expect(d).not.toBe(dates[i]));
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});
