// The pure rules a close applies to players: counters and streaks, what a streak earns, who earns Peak.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { PlayerStats } from '../model.ts';
import { newPlayerStats, playsOf, statsAfterClose, type ClosingDay } from './streaks.ts';
import { STREAK_MILESTONES, milestonesReached, reachesMilestone, streakEarners } from './streak-milestones.ts';
import { peakEarners } from './peak-earners.ts';
import { rewardConfig } from './reward-config.ts';

const stats = (fields: Partial<PlayerStats> = {}): PlayerStats => ({ ...newPlayerStats('ann'), ...fields });
const day: ClosingDay = { date: '2026-11-20', previousDate: '2026-11-19', winnerUserId: null };
const play = { entries: 2, latestSubmittedAt: '2026-11-20T10:00:00.000Z' };

describe('the counters after a close', () => {
  it('grows a streak played yesterday, keeps it on an extra game of the same date, restarts it after a gap', () => {
    const grown = statsAfterClose(
      stats({ currentStreak: 4, bestStreak: 4, lastPlayedDate: '2026-11-19', entries: 5 }),
      play,
      day,
    );
    expect(grown).toEqual(
      stats({
        currentStreak: 5,
        bestStreak: 5,
        lastPlayedDate: '2026-11-20',
        entries: 7,
        lastPlayedAt: play.latestSubmittedAt,
      }),
    );
    expect(
      statsAfterClose(stats({ currentStreak: 4, bestStreak: 6, lastPlayedDate: '2026-11-20' }), play, day),
    ).toMatchObject({ currentStreak: 4, bestStreak: 6 });
    expect(
      statsAfterClose(stats({ currentStreak: 4, bestStreak: 6, lastPlayedDate: '2026-11-17' }), play, day),
    ).toMatchObject({ currentStreak: 1, bestStreak: 6 });
    expect(statsAfterClose(stats(), play, day)).toMatchObject({
      currentStreak: 1,
      bestStreak: 1,
      entries: 2,
      lastPlayedDate: '2026-11-20',
    });
  });

  it('keeps the later lastPlayedAt', () => {
    const later = '2026-11-20T11:00:00.000Z';
    expect(statsAfterClose(stats({ lastPlayedDate: '2026-11-20', lastPlayedAt: later }), play, day).lastPlayedAt).toBe(
      later,
    );
  });

  it('lapses the streak of a player who did not play, unless they played on this date already', () => {
    expect(
      statsAfterClose(stats({ currentStreak: 3, bestStreak: 3, lastPlayedDate: '2026-11-19' }), null, day),
    ).toEqual(stats({ currentStreak: 0, bestStreak: 3, lastPlayedDate: '2026-11-19' }));
    expect(statsAfterClose(stats({ currentStreak: 3, lastPlayedDate: '2026-11-20' }), null, day).currentStreak).toBe(3);
  });

  it('adds the win to the winner only', () => {
    expect(statsAfterClose(stats({ wins: 2 }), play, { ...day, winnerUserId: 'ann' }).wins).toBe(3);
    expect(statsAfterClose(stats({ wins: 2 }), play, { ...day, winnerUserId: 'bob' }).wins).toBe(2);
  });

  it("sums each player's entries and keeps their latest, leaving out deleted accounts", () => {
    const plays = playsOf([
      { userId: 'ann', submittedAt: '2026-11-20T09:00:00.000Z' },
      { userId: 'ann', submittedAt: '2026-11-20T08:00:00.000Z' },
      { userId: null, submittedAt: '2026-11-20T09:30:00.000Z' },
      { userId: 'bob', submittedAt: '2026-11-20T07:00:00.000Z' },
    ]);
    expect([...plays]).toEqual([
      ['ann', { entries: 2, latestSubmittedAt: '2026-11-20T09:00:00.000Z' }],
      ['bob', { entries: 1, latestSubmittedAt: '2026-11-20T07:00:00.000Z' }],
    ]);
  });

  it('never lets bestStreak fall below the streak; grows a streak by at most one, only for a player who played', () => {
    const date = fc.constantFrom('2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21');
    fc.assert(
      fc.property(
        fc.nat(20),
        fc.nat(20),
        fc.option(date, { nil: null }),
        fc.boolean(),
        (current, extra, lastPlayedDate, played) => {
          // Having played on the date means a streak of at least 1.
          fc.pre(lastPlayedDate !== day.date || current > 0);
          const before = stats({ currentStreak: current, bestStreak: current + extra, lastPlayedDate });
          const after = statsAfterClose(before, played ? play : null, day);
          expect(after.bestStreak).toBeGreaterThanOrEqual(after.currentStreak);
          expect(after.currentStreak).toBeLessThanOrEqual(current + 1);
          if (played) {
            expect(after.lastPlayedDate).toBe(day.date);
            expect(after.currentStreak).toBeGreaterThanOrEqual(1);
          } else {
            expect([0, current]).toContain(after.currentStreak);
          }
        },
      ),
    );
  });
});

describe('streak milestones', () => {
  it('earn How Many every 3 days and Mine with a bonus entry every 7, once the streak grows onto them', () => {
    expect(STREAK_MILESTONES.map((m) => [m.every, m.rewardType, m.bonusEntries])).toEqual([
      [3, 'how_many', 0],
      [7, 'mine', 1],
    ]);
    expect(milestonesReached(2, 3).map((m) => m.rewardType)).toEqual(['how_many']);
    expect(milestonesReached(6, 7).map((m) => m.rewardType)).toEqual(['mine']);
    expect(milestonesReached(20, 21).map((m) => m.rewardType)).toEqual(['how_many', 'mine']);
    // An extra game of the same date keeps the streak: nothing earned twice.
    expect(milestonesReached(3, 3)).toEqual([]);
    expect(milestonesReached(4, 5)).toEqual([]);
    expect(reachesMilestone(0, 1, [1])).toBe(true);
    expect(reachesMilestone(2, 3, [0, -3, 2])).toBe(false);
  });

  it('say so in the rewards screen, from the same table', () => {
    expect(rewardConfig.how_many.howToEarn).toBe('Play 3 days in a row');
    expect(rewardConfig.mine.howToEarn).toBe('Play 7 days in a row');
    expect(rewardConfig.peak.howToEarn).toBe('Pick a unique number that does not win');
  });

  it('group the players who reached them', () => {
    const earners = streakEarners([
      { userId: 'ann', currentStreak: 21 },
      { userId: 'bob', currentStreak: 6 },
      { userId: 'cat', currentStreak: 14 },
    ]);
    expect(earners.map((e) => [e.milestone.rewardType, e.userIds])).toEqual([
      ['how_many', ['ann', 'bob']],
      ['mine', ['ann', 'cat']],
    ]);
  });
});

describe('Peak earners', () => {
  it('hold a unique number that is neither mined nor winning, each counted once', () => {
    const entries = [
      { userId: 'ann', number: 1 }, // wins
      { userId: 'bob', number: 2 },
      { userId: 'bob', number: 4 },
      { userId: 'cat', number: 3 },
      { userId: 'dan', number: 3 }, // shared
      { userId: 'eve', number: 12 }, // mined
      { userId: null, number: 5 }, // deleted account
    ];
    expect(peakEarners(entries, [12], 1)).toEqual(['bob']);
    expect(peakEarners(entries, [], null)).toEqual(['ann', 'bob', 'eve']);
    expect(peakEarners([], [], null)).toEqual([]);
  });
});
