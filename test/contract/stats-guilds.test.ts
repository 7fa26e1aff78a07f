// Contract: PlayerStatsRepository (the close's counters, leaderboards) and GuildRepository.
import { expect, it } from 'vitest';
import type { Repositories } from '../../core/ports.ts';
import { contract } from './harness.ts';
import { at, entry, game, guild, seedUsers } from './fixtures.ts';

const domainError = (code: string) => expect.objectContaining({ name: 'DomainError', code });

/** Closes `date` for the given picks: [userId, number, minute]. */
const playDay = async (
  r: Repositories,
  date: string,
  previousDate: string,
  picks: [string, number, number][],
  winner: string | null,
) => {
  await r.games.create(game(date));
  for (const [userId, number, minute] of picks) {
    const type = (await r.entries.forPlayer(date, userId)).length === 0 ? 'standard' : 'bonus';
    await r.entries.add(entry(date, userId, number, type, minute));
  }
  return r.playerStats.applyClose({ gameKey: date, date, previousDate, winnerUserId: winner, milestones: [3, 7] });
};

contract('playerStats', ({ store }) => {
  it('applies closes: entries, streaks that grow, stay, restart and lapse, wins and milestones', async () => {
    await store().write((r) => seedUsers(r, 'a', 'b', 'c', 'd'));
    const reached = await store().write(async (r) => {
      const day1 = await playDay(
        r,
        '2026-11-18',
        '2026-11-17',
        [
          ['a', 1, 1],
          ['b', 2, 2],
          ['c', 3, 3],
        ],
        'a',
      );
      const day2 = await playDay(
        r,
        '2026-11-19',
        '2026-11-18',
        [
          ['a', 1, 4],
          ['a', 5, 6],
          ['b', 2, 5],
        ],
        'b',
      );
      const day3 = await playDay(
        r,
        '2026-11-20',
        '2026-11-19',
        [
          ['a', 4, 7],
          ['c', 9, 8],
        ],
        null,
      );
      return [day1, day2, day3];
    });
    expect(reached).toEqual([[], [], [{ userId: 'a', currentStreak: 3 }]]);
    await store().read(async (r) => {
      expect(await r.playerStats.byUser('a')).toEqual({
        userId: 'a',
        wins: 1,
        entries: 4,
        currentStreak: 3,
        bestStreak: 3,
        lastPlayedDate: '2026-11-20',
        lastPlayedAt: at(7),
      });
      // b missed the 20th: streak lapses to 0, best stays.
      expect(await r.playerStats.byUser('b')).toMatchObject({
        wins: 1,
        entries: 2,
        currentStreak: 0,
        bestStreak: 2,
        lastPlayedDate: '2026-11-19',
      });
      // c skipped the 19th: restarts at 1.
      expect(await r.playerStats.byUser('c')).toMatchObject({
        entries: 2,
        currentStreak: 1,
        bestStreak: 1,
        lastPlayedAt: at(8),
      });
      expect(await r.playerStats.byUser('d')).toMatchObject({ entries: 0, currentStreak: 0, lastPlayedDate: null });
      expect(await r.playerStats.byUser('nobody')).toBeNull();
    });

    // An extra game of the same date keeps the streak as it is (no growth, no milestone).
    const extra = await store().write(async (r) => {
      await r.games.create(game('2026-11-20', { key: '2026-11-20-2', number: 2 }));
      await r.entries.add(entry('2026-11-20-2', 'a', 8, 'standard', 20));
      return r.playerStats.applyClose({
        gameKey: '2026-11-20-2',
        date: '2026-11-20',
        previousDate: '2026-11-19',
        winnerUserId: 'a',
        milestones: [3],
      });
    });
    expect(extra).toEqual([]);
    expect(await store().read((r) => r.playerStats.byUser('a'))).toMatchObject({
      wins: 2,
      entries: 5,
      currentStreak: 3,
      lastPlayedAt: at(20),
    });
    // c played the 20th's first game only: keeps its streak since lastPlayedDate is the date.
    expect(await store().read((r) => r.playerStats.byUser('c'))).toMatchObject({ currentStreak: 1 });
  });

  it('ranks players by each metric, then by id, leaving out zeros', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'a', 'b', 'c', 'd');
      await playDay(
        r,
        '2026-11-18',
        '2026-11-17',
        [
          ['a', 1, 1],
          ['b', 2, 2],
          ['c', 3, 3],
          ['c', 4, 4],
        ],
        'c',
      );
      await playDay(r, '2026-11-19', '2026-11-18', [['b', 1, 5]], 'b');
    });
    await store().read(async (r) => {
      expect((await r.leaderboards.topPlayers('wins', 10)).map((p) => [p.userId, p.wins])).toEqual([
        ['b', 1],
        ['c', 1],
      ]);
      expect((await r.leaderboards.topPlayers('entries', 10)).map((p) => [p.userId, p.entries])).toEqual([
        ['b', 2],
        ['c', 2],
        ['a', 1],
      ]);
      expect((await r.leaderboards.topPlayers('entries', 1)).map((p) => p.userId)).toEqual(['b']);
      expect((await r.leaderboards.topPlayers('streak', 10)).map((p) => [p.userId, p.currentStreak])).toEqual([
        ['b', 2],
      ]);
      expect((await r.leaderboards.topPlayers('bestStreak', 10)).map((p) => [p.userId, p.bestStreak])).toEqual([
        ['b', 2],
        ['a', 1],
        ['c', 1],
      ]);
      expect((await r.leaderboards.topPlayers('wins', 10))[0]).toEqual({
        userId: 'b',
        wins: 1,
        entries: 2,
        currentStreak: 2,
        bestStreak: 2,
        lastPlayedDate: '2026-11-19',
        lastPlayedAt: at(5),
        playerName: 'Player b',
      });
    });
  });
});

contract('leaderboards after the close', ({ store }) => {
  it('shows renamed players by their new name and leaves deleted accounts out, before the next close', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'a', 'b', 'c');
      await playDay(
        r,
        '2026-11-18',
        '2026-11-17',
        [
          ['a', 1, 1],
          ['a', 2, 2],
          ['b', 3, 3],
          ['b', 4, 4],
          ['c', 5, 5],
        ],
        'a',
      );
    });
    await store().write(async (r) => {
      await r.users.update('b', { displayName: 'Bee' });
      await r.users.delete('a');
    });
    const ranked = await store().read((r) => r.leaderboards.topPlayers('entries', 10));
    expect(ranked.map((p) => [p.userId, p.playerName, p.entries])).toEqual([
      ['b', 'Bee', 2],
      ['c', 'Player c', 1],
    ]);
  });
});

contract('guilds', ({ store }) => {
  it('creates a guild with its admin as member, refusing taken names and players already in a guild', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'a', 'b', 'c');
      await r.guilds.create(guild('g1', 'a', { name: 'Low Riders', createdAt: at(1) }));
    });
    await expect(store().write((r) => r.guilds.create(guild('g2', 'b', { name: 'low RIDERS' })))).rejects.toEqual(
      domainError('NAME_TAKEN'),
    );
    await expect(store().write((r) => r.guilds.create(guild('g2', 'a', { name: 'Other' })))).rejects.toEqual(
      domainError('ALREADY_IN_GUILD'),
    );
    await store().write((r) => r.guilds.create(guild('g2', 'b', { name: 'Zeros', createdAt: at(2) })));
    await store().read(async (r) => {
      expect(await r.guilds.byId('g1')).toEqual(guild('g1', 'a', { name: 'Low Riders', createdAt: at(1) }));
      expect(await r.guilds.byId('nope')).toBeNull();
      expect(await r.guilds.membershipOf('a')).toEqual({ guildId: 'g1', userId: 'a', joinedAt: at(1) });
      expect(await r.guilds.membershipOf('c')).toBeNull();
      expect(await r.guilds.summary('g1')).toEqual({
        id: 'g1',
        name: 'Low Riders',
        description: 'We pick low.',
        adminUserId: 'a',
        totalWins: 0,
        totalEntries: 0,
        createdAt: at(1),
        adminName: 'Player a',
        memberCount: 1,
      });
      expect(await r.guilds.summary('nope')).toBeNull();
      expect((await r.guilds.list(10)).map((g) => g.id)).toEqual(['g2', 'g1']);
      expect((await r.guilds.list(1)).map((g) => g.id)).toEqual(['g2']);
    });
  });

  it('adds members up to the limit, lists them with their stats, removes members and deletes guilds', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'a', 'b', 'c', 'd');
      await r.guilds.create(guild('g1', 'a', { createdAt: at(1) }));
      await r.guilds.create(guild('g2', 'd', { name: 'Other', createdAt: at(1) }));
    });
    expect(await store().write((r) => r.guilds.addMember({ guildId: 'g1', userId: 'b', joinedAt: at(2) }, 2))).toBe(
      true,
    );
    expect(await store().write((r) => r.guilds.addMember({ guildId: 'g1', userId: 'c', joinedAt: at(3) }, 2))).toBe(
      false,
    );
    await expect(
      store().write((r) => r.guilds.addMember({ guildId: 'g1', userId: 'd', joinedAt: at(3) }, 10)),
    ).rejects.toEqual(domainError('ALREADY_IN_GUILD'));
    await expect(
      store().write((r) => r.guilds.addMember({ guildId: 'nope', userId: 'c', joinedAt: at(3) }, 10)),
    ).rejects.toEqual(domainError('NOT_FOUND'));
    expect(await store().read((r) => r.guilds.members('g1'))).toEqual([
      { guildId: 'g1', userId: 'a', joinedAt: at(1), playerName: 'Player a', wins: 0, entries: 0, currentStreak: 0 },
      { guildId: 'g1', userId: 'b', joinedAt: at(2), playerName: 'Player b', wins: 0, entries: 0, currentStreak: 0 },
    ]);
    await store().write((r) => r.guilds.removeMember('g1', 'b'));
    await store().write((r) => r.guilds.removeMember('g2', 'a')); // not a member there: nothing happens
    expect((await store().read((r) => r.guilds.members('g1'))).map((m) => m.userId)).toEqual(['a']);
    await store().write((r) => r.guilds.delete('g1'));
    await store().read(async (r) => {
      expect(await r.guilds.byId('g1')).toBeNull();
      expect(await r.guilds.membershipOf('a')).toBeNull();
      expect((await r.guilds.list(10)).map((g) => g.id)).toEqual(['g2']);
    });
  });

  it('adds a closed game to guild counters: entries made while members, and the win', async () => {
    await store().write(async (r) => {
      await seedUsers(r, 'a', 'b', 'c');
      await r.games.create(game('2026-11-20'));
      await r.guilds.create(guild('g1', 'a', { createdAt: at(0) }));
      await r.entries.add(entry('2026-11-20', 'a', 3, 'standard', 1));
      await r.entries.add(entry('2026-11-20', 'a', 9, 'bonus', 2));
      await r.entries.add(entry('2026-11-20', 'b', 4, 'standard', 3)); // before b joined: not counted
      await r.entries.add(entry('2026-11-20', 'c', 5, 'standard', 3)); // never a member
      await r.guilds.addMember({ guildId: 'g1', userId: 'b', joinedAt: at(5) }, 10);
      await r.guilds.applyClose('2026-11-20', entry('2026-11-20', 'a', 3).id);
    });
    expect(await store().read((r) => r.guilds.byId('g1'))).toMatchObject({ totalEntries: 2, totalWins: 1 });
    await store().write(async (r) => {
      await r.games.create(game('2026-11-21'));
      await r.entries.add(entry('2026-11-21', 'b', 4, 'standard', 6));
      await r.guilds.applyClose('2026-11-21', null);
    });
    expect(await store().read((r) => r.guilds.byId('g1'))).toMatchObject({ totalEntries: 3, totalWins: 1 });
  });
});
