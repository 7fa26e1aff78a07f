import { describe, it, expect } from 'vitest';
import { createUsers, makeDeps, rejection, type TestDeps } from '../../test/support/fakes.ts';
import { submitEntry } from '../entries/submit-entry.ts';
import { createGuild, deleteGuild, joinGuild, leaveGuild, removeMember } from './guild-membership.ts';
import { guildDetail, guildSubmissions, listGuilds, myGuild } from './guild-views.ts';

// The assertions below name members 'Name p01', …
const addUsers = (deps: TestDeps, ids: string[]) => createUsers(deps, ids, (id) => ({ displayName: `Name ${id}` }));

const PLAYERS = Array.from({ length: 12 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);

const setup = async () => {
  const deps = makeDeps();
  await addUsers(deps, PLAYERS);
  const { guild } = await createGuild(deps, {
    userId: 'p01',
    name: '  Low Rollers ',
    description: ' we pick low ',
    password: 'secret',
  });
  return { deps, guild };
};

describe('createGuild', () => {
  it('creates the guild with its creator as admin and hashes the password', async () => {
    const { deps, guild } = await setup();
    expect(guild).toMatchObject({
      name: 'Low Rollers',
      description: 'we pick low',
      memberCount: 1,
      maxMembers: 10,
      adminName: 'Name p01',
      adminUserId: 'p01',
      totalWins: 0,
      totalEntries: 0,
    });
    const stored = await deps.store.read((r) => r.guilds.byId(guild.id));
    expect(stored?.passwordHash).toBe('h:secret');
    expect(await myGuild(deps, 'p01')).toEqual({
      guild,
      membership: { isAdmin: true, joinedAt: guild.createdAt, canLeave: true },
    });
  });

  it('validates with the spec messages', async () => {
    const { deps } = await setup();
    const create = (name: string | undefined, password: string | undefined, description?: string) =>
      rejection(createGuild(deps, { userId: 'p02', name, password, description }));
    expect((await create('', 'pass')).message).toBe('Guild name and password are required');
    expect((await create('Guild', undefined)).message).toBe('Guild name and password are required');
    expect((await create('   ', 'pass')).message).toBe('Guild name and password are required');
    expect((await create('ab', 'pass')).code).toBe('VALIDATION');
    expect((await create('x'.repeat(51), 'pass')).code).toBe('VALIDATION');
    expect((await create('Bad!Name', 'pass')).message).toBe(
      'Guild name may contain only letters, numbers, spaces, hyphens and underscores',
    );
    expect((await create('Guild', 'abc')).message).toBe('Password must be 4-20 characters');
    expect((await create('Guild', 'x'.repeat(21))).code).toBe('VALIDATION');
    expect((await create('Guild', 'pass', 'd'.repeat(201))).message).toBe('Description must be at most 200 characters');
    expect((await listGuilds(deps)).guilds).toHaveLength(1);
  });

  it('accepts the edges of the limits', async () => {
    const { deps } = await setup();
    await createGuild(deps, { userId: 'p02', name: 'a_-', password: '1234', description: 'd'.repeat(200) });
    await createGuild(deps, { userId: 'p03', name: 'Ünïcode Gilde 9' + 'x'.repeat(35), password: 'p'.repeat(20) });
    expect((await listGuilds(deps)).guilds).toHaveLength(3);
  });

  it('refuses a taken name case-insensitively and a player already in a guild', async () => {
    const { deps } = await setup();
    expect((await rejection(createGuild(deps, { userId: 'p02', name: 'LOW ROLLERS', password: 'pass' }))).code).toBe(
      'NAME_TAKEN',
    );
    expect((await rejection(createGuild(deps, { userId: 'p01', name: 'Second', password: 'pass' }))).code).toBe(
      'ALREADY_IN_GUILD',
    );
    expect((await myGuild(deps, 'p02')).guild).toBeNull();
  });
});

describe('joinGuild', () => {
  it('joins with the right password', async () => {
    const { deps, guild } = await setup();
    const joined = await joinGuild(deps, { userId: 'p02', guildId: guild.id, password: 'secret' });
    expect(joined.guild.memberCount).toBe(2);
    expect(await myGuild(deps, 'p02')).toMatchObject({ guild: { id: guild.id }, membership: { isAdmin: false } });
  });

  it('refuses missing input, a wrong password, a second guild and a full guild', async () => {
    const { deps, guild } = await setup();
    expect((await rejection(joinGuild(deps, { userId: 'p02', guildId: '', password: 'secret' }))).message).toBe(
      'Please select a guild and enter the password',
    );
    expect((await rejection(joinGuild(deps, { userId: 'p02', guildId: guild.id, password: '' }))).message).toBe(
      'Please select a guild and enter the password',
    );
    expect(await rejection(joinGuild(deps, { userId: 'p02', guildId: guild.id, password: 'wrong' }))).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'Incorrect guild password.',
    });
    expect((await rejection(joinGuild(deps, { userId: 'p02', guildId: 'nope', password: 'secret' }))).code).toBe(
      'NOT_FOUND',
    );
    for (const id of PLAYERS.slice(1, 10)) await joinGuild(deps, { userId: id, guildId: guild.id, password: 'secret' });
    expect((await guildDetail(deps, guild.id)).members).toHaveLength(10);
    // The flag the web shows is the rule the join applies.
    expect((await listGuilds(deps)).guilds[0]).toMatchObject({ memberCount: 10, isFull: true });
    expect(await rejection(joinGuild(deps, { userId: 'p11', guildId: guild.id, password: 'secret' }))).toMatchObject({
      code: 'GUILD_FULL',
      message: 'This guild is full.',
    });
    await createGuild(deps, { userId: 'p11', name: 'Other', password: 'pass' });
    expect((await rejection(joinGuild(deps, { userId: 'p11', guildId: guild.id, password: 'secret' }))).code).toBe(
      'ALREADY_IN_GUILD',
    );
  });
});

describe('leaving, removing and deleting', () => {
  it('lets a member leave, and blocks the admin while others remain', async () => {
    const { deps, guild } = await setup();
    expect((await listGuilds(deps)).guilds[0]?.isFull).toBe(false);
    await joinGuild(deps, { userId: 'p02', guildId: guild.id, password: 'secret' });
    // canLeave, which the web shows, is the rule leaveGuild applies.
    expect((await myGuild(deps, 'p01')).membership?.canLeave).toBe(false);
    expect((await myGuild(deps, 'p02')).membership?.canLeave).toBe(true);
    expect(await rejection(leaveGuild(deps, { userId: 'p01' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Remove the other members or delete the guild before leaving.',
    });
    expect(await leaveGuild(deps, { userId: 'p02' })).toMatchObject({ guildDeleted: false });
    expect((await myGuild(deps, 'p02')).guild).toBeNull();
    expect((await rejection(leaveGuild(deps, { userId: 'p02' }))).code).toBe('NOT_FOUND');
    expect((await myGuild(deps, 'p01')).membership?.canLeave).toBe(true);
    expect(await leaveGuild(deps, { userId: 'p01' })).toMatchObject({ guildDeleted: true });
    expect((await listGuilds(deps)).guilds).toEqual([]);
    expect((await rejection(guildDetail(deps, guild.id))).code).toBe('NOT_FOUND');
  });

  it('lets only the admin remove others', async () => {
    const { deps, guild } = await setup();
    await joinGuild(deps, { userId: 'p02', guildId: guild.id, password: 'secret' });
    await joinGuild(deps, { userId: 'p03', guildId: guild.id, password: 'secret' });
    expect((await rejection(removeMember(deps, { userId: 'p02', guildId: guild.id, memberUserId: 'p03' }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await rejection(removeMember(deps, { userId: 'p01', guildId: guild.id, memberUserId: 'p01' }))).code).toBe(
      'VALIDATION',
    );
    expect((await rejection(removeMember(deps, { userId: 'p01', guildId: guild.id, memberUserId: 'p09' }))).code).toBe(
      'NOT_FOUND',
    );
    await removeMember(deps, { userId: 'p01', guildId: guild.id, memberUserId: 'p03' });
    expect((await guildDetail(deps, guild.id)).members.map((m) => m.userId)).toEqual(['p01', 'p02']);
  });

  it('lets only the admin delete, releasing every member', async () => {
    const { deps, guild } = await setup();
    await joinGuild(deps, { userId: 'p02', guildId: guild.id, password: 'secret' });
    expect((await rejection(deleteGuild(deps, { userId: 'p02', guildId: guild.id }))).code).toBe('FORBIDDEN');
    await deleteGuild(deps, { userId: 'p01', guildId: guild.id });
    expect((await myGuild(deps, 'p02')).guild).toBeNull();
    await createGuild(deps, { userId: 'p02', name: 'Low Rollers', password: 'pass' });
  });
});

describe('guild views', () => {
  it('shows members with their stats and admin flag', async () => {
    const { deps, guild } = await setup();
    deps.clock.advance(1000);
    await joinGuild(deps, { userId: 'p02', guildId: guild.id, password: 'secret' });
    const detail = await guildDetail(deps, guild.id);
    expect(detail.guild.memberCount).toBe(2);
    expect(detail.members).toEqual([
      {
        userId: 'p01',
        playerName: 'Name p01',
        isAdmin: true,
        joinedAt: '2026-11-20T12:00:00.000Z',
        wins: 0,
        entries: 0,
        currentStreak: 0,
      },
      {
        userId: 'p02',
        playerName: 'Name p02',
        isAdmin: false,
        joinedAt: '2026-11-20T12:00:01.000Z',
        wins: 0,
        entries: 0,
        currentStreak: 0,
      },
    ]);
  });

  it('caps the list at 50', async () => {
    const deps = makeDeps();
    const ids = Array.from({ length: 52 }, (_, i) => `u${i}`);
    await addUsers(deps, ids);
    for (const id of ids) await createGuild(deps, { userId: id, name: `Guild ${id}`, password: 'pass' });
    expect((await listGuilds(deps)).guilds).toHaveLength(50);
    expect((await listGuilds(deps, 500)).guilds).toHaveLength(50);
    expect((await listGuilds(deps, 3)).guilds).toHaveLength(3);
  });

  it("shows today's picks to members only", async () => {
    const { deps, guild } = await setup();
    await joinGuild(deps, { userId: 'p02', guildId: guild.id, password: 'secret' });
    await submitEntry(deps, { userId: 'p01', number: 7 });
    await submitEntry(deps, { userId: 'p02', number: 3 });
    await submitEntry(deps, { userId: 'p03', number: 5 });
    const picks = await guildSubmissions(deps, { userId: 'p02', guildId: guild.id });
    expect(picks.submissions.map((s) => [s.userId, s.number, s.playerName])).toEqual([
      ['p01', 7, 'Name p01'],
      ['p02', 3, 'Name p02'],
    ]);
    expect(picks.gameDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await rejection(guildSubmissions(deps, { userId: 'p03', guildId: guild.id }))).code).toBe('FORBIDDEN');
    expect((await rejection(guildSubmissions(deps, { userId: 'p03', guildId: 'nope' }))).code).toBe('NOT_FOUND');
  });
});
