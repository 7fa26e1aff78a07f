// What a close adds to guild counters (DESIGN.md §10): entries of members made while members, and the win.
import type { Entry, GuildMember } from '../model.ts';

export interface GuildCounters {
  entries: number;
  wins: number;
}

/**
 * Per guild, the game's entries made by its members at or after they joined (membership as it stands at the
 * close: an entry made before leaving and re-joining counts no more), and 1 win when the winning entry is one of them.
 */
export const guildCountersAtClose = (
  entries: readonly Pick<Entry, 'id' | 'userId' | 'submittedAt'>[],
  membershipOf: (userId: string) => GuildMember | null | undefined,
  winningEntryId: string | null,
): Map<string, GuildCounters> => {
  const counters = new Map<string, GuildCounters>();
  for (const e of entries) {
    const membership = e.userId === null ? null : membershipOf(e.userId);
    if (!membership || e.submittedAt < membership.joinedAt) continue;
    const seen = counters.get(membership.guildId) ?? { entries: 0, wins: 0 };
    counters.set(membership.guildId, {
      entries: seen.entries + 1,
      wins: seen.wins + (e.id === winningEntryId ? 1 : 0),
    });
  }
  return counters;
};
