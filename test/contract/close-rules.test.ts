// Contract: what a close writes to players and guilds equals the core's pure rules (core/rewards/streaks.ts,
// streak-milestones.ts, peak-earners.ts, core/guilds/guild-counters.ts) on every adapter. Random histories of
// several games (players playing or skipping, joining and leaving guilds, mines, winners) go through the real
// close; after each one the stored counters, earned rewards and bonus entries, Peak earners, guild counters and the
// rankings must equal what the pure functions compute from the same history, so a drift in the SQL fails here.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Deps } from '../../core/deps.ts';
import type { Entry, GameDate, GuildMember, PlayerStats, RewardType } from '../../core/model.ts';
import type { Store } from '../../core/ports.ts';
import type { PlayerMetric } from '../../core/leaderboards/ports.ts';
import { METRIC_VALUE, rankPlayers } from '../../core/leaderboards/ranking.ts';
import { closeGame } from '../../core/game/close.ts';
import { nextDate, previousDate } from '../../core/game/calendar.ts';
import { resolveNumbers } from '../../core/game/resolve.ts';
import { newPlayerStats, playsOf, statsAfterClose } from '../../core/rewards/streaks.ts';
import { milestonesReached } from '../../core/rewards/streak-milestones.ts';
import { peakEarners } from '../../core/rewards/peak-earners.ts';
import { guildCountersAtClose, type GuildCounters } from '../../core/guilds/guild-counters.ts';
import { makeDeps, type FixedClock } from '../support/fakes.ts';
import { contract } from './harness.ts';
import { entryRow, game, guild, mine, newUser } from './fixtures.ts';

/** Players 0 and 1 found the two guilds and stay their admins; the others move between them. */
const PLAYERS = 6;
const GUILDS = 2;
const MAX_GAMES = 8;

type Move = 'stay' | 'leave' | { join: number };

interface PlayerDay {
  /** The player's numbers (distinct) and the minute of each; null: skips the game. */
  picks: { number: number; minute: number }[] | null;
  /** A mine on this number, if the player lays one. */
  mine: number | null;
  move: Move;
  moveMinute: number;
}

interface GamePlan {
  /** Days after the previous game: 0 is an extra game of the same date, 2 leaves a day without a game. */
  step: 0 | 1 | 2;
  players: PlayerDay[];
}

const pickArb = fc.record({ number: fc.integer({ min: 1, max: 12 }), minute: fc.nat(59) });
const playerDayArb: fc.Arbitrary<PlayerDay> = fc.record({
  picks: fc.option(fc.uniqueArray(pickArb, { minLength: 1, maxLength: 2, selector: (p) => p.number }), {
    freq: 5,
    nil: null,
  }),
  mine: fc.option(fc.integer({ min: 10, max: 12 }), { freq: 2, nil: null }),
  move: fc.oneof(
    { weight: 4, arbitrary: fc.constant<Move>('stay') },
    { weight: 1, arbitrary: fc.constant<Move>('leave') },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: GUILDS - 1 }).map((join): Move => ({ join })) },
  ),
  moveMinute: fc.nat(59),
});
const gamePlanArb: fc.Arbitrary<GamePlan> = fc.record({
  step: fc.oneof(
    { weight: 8, arbitrary: fc.constant(1 as const) },
    { weight: 1, arbitrary: fc.constant(0 as const) },
    { weight: 1, arbitrary: fc.constant(2 as const) },
  ),
  players: fc.array(playerDayArb, { minLength: PLAYERS, maxLength: PLAYERS }),
});
const historyArb = fc.array(gamePlanArb, { minLength: 1, maxLength: MAX_GAMES });

/** Everyone plays 8 days running: streaks reach 3, 6 and 7, so How Many, Mine and the bonus entry are all earned. */
const everyDay: GamePlan[] = Array.from({ length: MAX_GAMES }, (_, day) => ({
  step: 1,
  players: Array.from({ length: PLAYERS }, (_, p): PlayerDay => ({
    picks: [{ number: ((p + day) % 4) + 1, minute: p }],
    mine: null,
    move: day === 0 && p >= GUILDS ? { join: p % GUILDS } : 'stay',
    moveMinute: 0,
  })),
}));

const daysAfter = (date: GameDate, days: number): GameDate => {
  let after = date;
  for (let i = 0; i < days; i += 1) after = nextDate(after);
  return after;
};

const time = (date: GameDate, minute: number): string => `${date}T12:${String(minute).padStart(2, '0')}:00.000Z`;

/** What the pure rules say the store holds for one history's players and guilds. */
interface Expected {
  stats: Map<string, PlayerStats>;
  guilds: Map<string, GuildCounters>;
  members: Map<string, GuildMember>;
}

/** The ranking core's rule gives for these counters. */
const rankingOf = (stats: Iterable<PlayerStats>, metric: PlayerMetric, limit: number): string[] =>
  rankPlayers(stats, metric, limit).map((s) => s.userId);

const depsOver = (store: Store): Deps & { clock: FixedClock } => ({ ...makeDeps(), store });

contract('the close against the core rules', ({ store, adapter }) => {
  it('stores the counters, rewards, Peak earners and guild counters the pure rules compute, over random histories', async () => {
    // One deps for every close: its seeded ids never repeat.
    const deps = depsOver(store());
    let run = 0;
    // Every history's players stay in the store, so the rankings are over all of them.
    const everyone = new Map<string, PlayerStats>();
    await fc.assert(
      fc.asyncProperty(historyArb, async (history) => {
        // Histories share the test's store: each has its own players, guilds and dates.
        run += 1;
        const players = Array.from({ length: PLAYERS }, (_, i) => `r${run}p${i}`);
        const guildIds = Array.from({ length: GUILDS }, (_, i) => `r${run}g${i}`);
        const start: GameDate = daysAfter('2026-01-01', run * 2 * MAX_GAMES);
        const expected: Expected = {
          stats: new Map(players.map((p) => [p, newPlayerStats(p)])),
          guilds: new Map(),
          members: new Map(),
        };
        await store().write(async (r) => {
          for (const p of players) await r.users.create(newUser(p));
          for (const [i, id] of guildIds.entries()) {
            const admin = players[i] ?? '';
            await r.guilds.create(guild(id, admin, { name: `Guild ${id}`, createdAt: time(start, 0) }));
            expected.members.set(admin, { guildId: id, userId: admin, joinedAt: time(start, 0) });
            expected.guilds.set(id, { entries: 0, wins: 0 });
          }
        });

        let date = start;
        let gameNumber = 1;
        for (const [index, plan] of history.entries()) {
          if (index > 0) {
            date = daysAfter(date, plan.step);
            gameNumber = plan.step === 0 ? gameNumber + 1 : 1;
          }
          const key = gameNumber === 1 ? date : `${date}-${gameNumber}`;
          const entries: Pick<Entry, 'id' | 'userId' | 'number' | 'submittedAt'>[] = [];
          const mined = new Set<number>();

          await store().write(async (r) => {
            await r.games.create(game(date, { key, number: gameNumber }));
            for (const [i, day] of plan.players.entries()) {
              const userId = players[i] ?? '';
              // Admins stay; the others join, switch or leave, before or after their picks.
              const current = expected.members.get(userId);
              if (i >= GUILDS && day.move !== 'stay') {
                const target = day.move === 'leave' ? null : (guildIds[day.move.join] ?? null);
                if (current && current.guildId !== target) {
                  await r.guilds.removeMember(current.guildId, userId);
                  expected.members.delete(userId);
                }
                if (target !== null && current?.guildId !== target) {
                  const member = { guildId: target, userId, joinedAt: time(date, day.moveMinute) };
                  expect(await r.guilds.addMember(member, PLAYERS)).toBe(true);
                  expected.members.set(userId, member);
                }
              }
              for (const [n, pick] of (day.picks ?? []).entries()) {
                const id = `${key}:${userId}:${pick.number}`;
                const row = entryRow(
                  id,
                  key,
                  userId,
                  pick.number,
                  n === 0 ? 'standard' : 'bonus',
                  time(date, pick.minute),
                );
                await r.entries.add(row);
                entries.push(row);
              }
              if (day.mine !== null) {
                await r.mines.place(mine(key, userId, day.mine));
                mined.add(day.mine);
              }
            }
          });

          const closedAt = `${date}T23:${String(30 + gameNumber).padStart(2, '0')}:00.000Z`;
          deps.clock.set(closedAt);
          expect((await closeGame(deps, key)).closedNow).toBe(true);

          // The same close, by the pure rules.
          const minedNumbers = [...mined];
          const { winner } = resolveNumbers(
            entries.map((e) => ({ entryId: e.id, userId: e.userId, number: e.number })),
            minedNumbers,
          );
          const closing = { date, previousDate: previousDate(date), winnerUserId: winner?.userId ?? null };
          const plays = playsOf(entries);
          const peak = new Set(peakEarners(entries, minedNumbers, winner?.number ?? null));
          const earned = new Map<string, { rewards: RewardType[]; bonusEntries: number }>();
          for (const p of players) {
            const before = expected.stats.get(p) ?? newPlayerStats(p);
            const after = statsAfterClose(before, plays.get(p) ?? null, closing);
            expected.stats.set(p, after);
            const reached = milestonesReached(before.currentStreak, after.currentStreak);
            const rewards: RewardType[] = [
              ...reached.map((m) => m.rewardType),
              ...(peak.has(p) ? ['peak' as const] : []),
            ];
            earned.set(p, {
              rewards: rewards.sort(),
              bonusEntries: reached.reduce((sum, m) => sum + m.bonusEntries, 0),
            });
          }
          // Earlier histories' players did not play: the close lapses their streaks like anyone's.
          for (const [p, before] of everyone)
            if (!expected.stats.has(p)) everyone.set(p, statsAfterClose(before, null, closing));
          for (const p of players) everyone.set(p, expected.stats.get(p) ?? newPlayerStats(p));
          for (const [guildId, add] of guildCountersAtClose(
            entries,
            (u) => expected.members.get(u),
            winner?.entryId ?? null,
          )) {
            const seen = expected.guilds.get(guildId) ?? { entries: 0, wins: 0 };
            expected.guilds.set(guildId, { entries: seen.entries + add.entries, wins: seen.wins + add.wins });
          }

          await store().read(async (r) => {
            expect(await r.tallies.uniqueHolders(key, winner?.number ?? null)).toEqual([...peak]);
            for (const p of players) {
              expect(await r.playerStats.byUser(p), `${key} stats of ${p}`).toEqual(expected.stats.get(p));
              const items = (await r.rewards.forUser(p)).filter((item) => item.sourceGameKey === key);
              const bonus = (await r.bonusEntries.available(p, closedAt)).filter(
                (b) => b.sourceType === 'streak' && b.grantedAt === closedAt,
              );
              expect(
                {
                  rewards: items.map((item) => item.rewardType).sort(),
                  bonusEntries: bonus.reduce((sum, b) => sum + b.remainingEntries, 0),
                },
                `${key} earned by ${p}`,
              ).toEqual(earned.get(p));
            }
            // The rankings the close keeps (SQL adapters) or sorts on demand (memory): 200 is the most a store keeps.
            for (const metric of Object.keys(METRIC_VALUE) as PlayerMetric[]) {
              expect(
                (await r.leaderboards.topPlayers(metric, 200)).map((p) => p.userId),
                `${key} ranking by ${metric}`,
              ).toEqual(rankingOf(everyone.values(), metric, 200));
            }
            for (const id of guildIds) {
              const stored = await r.guilds.byId(id);
              expect({ entries: stored?.totalEntries, wins: stored?.totalWins }, `${key} counters of ${id}`).toEqual(
                expected.guilds.get(id),
              );
            }
          });
        }
      }),
      { numRuns: adapter === 'memory' ? 40 : adapter === 'sqlite' ? 30 : 15, examples: [[everyDay]] },
    );
    // Random histories on PostgreSQL: 9 s alone, past the default 20 s beside two other test files on two cores.
  }, 60_000);
});
