import { describe, it, expect } from 'vitest';
import type { GuildMember } from '../model.ts';
import { guildCountersAtClose } from './guild-counters.ts';

const t = (minute: number): string => new Date(Date.UTC(2026, 10, 20, 12, minute)).toISOString();
const members = new Map<string, GuildMember>([
  ['ann', { guildId: 'g1', userId: 'ann', joinedAt: t(0) }],
  ['bob', { guildId: 'g1', userId: 'bob', joinedAt: t(5) }],
  ['cat', { guildId: 'g2', userId: 'cat', joinedAt: t(0) }],
]);

describe('guild counters at a close', () => {
  it('count entries of members made at or after joining, and the winning entry as a win', () => {
    const entries = [
      { id: 'e1', userId: 'ann', submittedAt: t(1) },
      { id: 'e2', userId: 'ann', submittedAt: t(2) },
      { id: 'e3', userId: 'bob', submittedAt: t(4) }, // before bob joined
      { id: 'e4', userId: 'bob', submittedAt: t(5) }, // the minute he joined
      { id: 'e5', userId: 'dan', submittedAt: t(3) }, // not a member
      { id: 'e6', userId: null, submittedAt: t(3) }, // deleted account
      { id: 'e7', userId: 'cat', submittedAt: t(9) },
    ];
    expect(guildCountersAtClose(entries, (u) => members.get(u), 'e4')).toEqual(
      new Map([
        ['g1', { entries: 3, wins: 1 }],
        ['g2', { entries: 1, wins: 0 }],
      ]),
    );
    // A winning entry made before joining is no guild win.
    expect(guildCountersAtClose(entries, (u) => members.get(u), 'e3').get('g1')).toEqual({ entries: 3, wins: 0 });
    expect(guildCountersAtClose(entries, () => null, 'e1')).toEqual(new Map());
  });
});
