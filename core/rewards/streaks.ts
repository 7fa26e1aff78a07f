// The player counters a close updates (DESIGN.md §6): entries, streaks, best streak, wins. The rules as plain
// functions; the memory adapter applies them directly, the SQL adapters set-based and are property-tested against them.
import type { Entry, GameDate, Instant, PlayerStats } from '../model.ts';

/** The closing game as the counters see it. */
export interface ClosingDay {
  date: GameDate;
  /** The calendar day before `date`: having played then is what makes a streak grow. */
  previousDate: GameDate;
  winnerUserId: string | null;
}

/** A player's part in the closing game. */
export interface PlayerPlay {
  entries: number;
  latestSubmittedAt: Instant;
}

/** Each player's entry count and latest entry in one game's entries (entries of deleted accounts have no player). */
export const playsOf = (entries: readonly Pick<Entry, 'userId' | 'submittedAt'>[]): Map<string, PlayerPlay> => {
  const plays = new Map<string, PlayerPlay>();
  for (const e of entries) {
    if (e.userId === null) continue;
    const seen = plays.get(e.userId);
    plays.set(e.userId, {
      entries: (seen?.entries ?? 0) + 1,
      latestSubmittedAt: seen && seen.latestSubmittedAt > e.submittedAt ? seen.latestSubmittedAt : e.submittedAt,
    });
  }
  return plays;
};

/**
 * The streak of a player who entered the closing game: unchanged when they already played a game of this
 * date (an extra game), one longer when they played the day before, else a new streak of 1.
 */
export const nextStreak = (
  before: Pick<PlayerStats, 'currentStreak' | 'lastPlayedDate'>,
  day: Pick<ClosingDay, 'date' | 'previousDate'>,
): number => {
  if (before.lastPlayedDate === day.date) return before.currentStreak;
  if (before.lastPlayedDate === day.previousDate) return before.currentStreak + 1;
  return 1;
};

/** A streak lapses for a player who did not enter the closing game and has not played on its date or later. */
export const lapses = (before: Pick<PlayerStats, 'lastPlayedDate'>, day: Pick<ClosingDay, 'date'>): boolean =>
  before.lastPlayedDate === null || before.lastPlayedDate < day.date;

/** A player's counters before any close: what every new account starts with. */
export const newPlayerStats = (userId: string): PlayerStats => ({
  userId,
  wins: 0,
  entries: 0,
  currentStreak: 0,
  bestStreak: 0,
  lastPlayedDate: null,
  lastPlayedAt: null,
});

/** One player's counters after the close, given whether (and how) they entered it. */
export const statsAfterClose = (before: PlayerStats, play: PlayerPlay | null, day: ClosingDay): PlayerStats => {
  let after: PlayerStats = { ...before };
  if (play) {
    const streak = nextStreak(before, day);
    after = {
      ...after,
      entries: before.entries + play.entries,
      currentStreak: streak,
      bestStreak: Math.max(before.bestStreak, streak),
      lastPlayedDate: day.date,
      lastPlayedAt:
        before.lastPlayedAt !== null && before.lastPlayedAt > play.latestSubmittedAt
          ? before.lastPlayedAt
          : play.latestSubmittedAt,
    };
  } else if (lapses(before, day)) {
    after = { ...after, currentStreak: 0 };
  }
  if (day.winnerUserId === before.userId) after = { ...after, wins: after.wins + 1 };
  return after;
};
