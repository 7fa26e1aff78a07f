// Forming and leaving guilds: create, join, leave, remove a member, delete (DESIGN.md §10).
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { Guild } from '../model.ts';
import { GUILD_MAX_MEMBERS, joinGuildProblem } from './guild-fields.ts';
import { canLeaveGuild, isGuildFull, validateNewGuild } from './guild-rules.ts';
import { toGuildDto, type GuildDto } from './guild-views.ts';

export interface CreateGuildInput {
  userId: string;
  name?: string | null;
  description?: string | null;
  password?: string | null;
}

/** POST /api/guilds: the creator becomes the admin and first member. */
export const createGuild = async (
  deps: Deps<'guilds'>,
  input: CreateGuildInput,
): Promise<{ guild: GuildDto; message: string }> => {
  const fields = validateNewGuild(input);
  // Checked before hashing: scrypt is deliberately slow, so fail fast on the common refusal.
  const already = await deps.store.read((repos) => repos.guilds.membershipOf(input.userId));
  if (already) fail('ALREADY_IN_GUILD', 'You are already in a guild. Leave it before creating another.');
  // Hashed outside the write so a slow hash never holds the write lock.
  const passwordHash = await deps.hasher.hash(fields.password, { requester: input.userId });
  const guild: Guild = {
    id: deps.random.id(),
    name: fields.name,
    description: fields.description,
    passwordHash,
    adminUserId: input.userId,
    totalWins: 0,
    totalEntries: 0,
    createdAt: deps.clock.now().toISOString(),
  };
  const summary = await deps.store.write(async (repos) => {
    await repos.guilds.create(guild);
    return repos.guilds.summary(guild.id);
  });
  if (!summary) return fail('NOT_FOUND', 'Guild not found');
  return { guild: toGuildDto(summary), message: `Guild ${guild.name} created` };
};

export interface JoinGuildInput {
  userId: string;
  guildId?: string | null;
  password?: string | null;
}

/** POST /api/guilds/join */
export const joinGuild = async (
  deps: Deps<'guilds'>,
  input: JoinGuildInput,
): Promise<{ guild: GuildDto; message: string }> => {
  const guildId = (input.guildId ?? '').trim();
  const password = input.password ?? '';
  const problem = joinGuildProblem(guildId, password);
  if (problem !== null) fail('VALIDATION', problem);
  const { guild, membership, memberCount } = await deps.store.read(async (repos) => ({
    guild: await repos.guilds.byId(guildId),
    membership: await repos.guilds.membershipOf(input.userId),
    memberCount: (await repos.guilds.summary(guildId))?.memberCount ?? 0,
  }));
  if (!guild) return fail('NOT_FOUND', 'Guild not found');
  if (membership) fail('ALREADY_IN_GUILD', 'You are already in a guild. Leave it before joining another.');
  if (isGuildFull(memberCount)) fail('GUILD_FULL', 'This guild is full.');
  const guess = { requester: input.userId, secret: `guild:${guildId}` };
  if (!(await deps.hasher.verify(password, guild.passwordHash, guess)))
    fail('WRONG_PASSWORD', 'Incorrect guild password.');
  const summary = await deps.store.write(async (repos) => {
    // The full check again under the write: another player may have taken the last seat meanwhile.
    const joined = await repos.guilds.addMember(
      { guildId, userId: input.userId, joinedAt: deps.clock.now().toISOString() },
      GUILD_MAX_MEMBERS,
    );
    if (!joined) fail('GUILD_FULL', 'This guild is full.');
    return repos.guilds.summary(guildId);
  });
  if (!summary) return fail('NOT_FOUND', 'Guild not found');
  return { guild: toGuildDto(summary), message: `You joined ${summary.name}` };
};

/** POST /api/guilds/leave: a sole admin leaving deletes the guild; an admin with members cannot leave. */
export const leaveGuild = async (
  deps: Deps<'guilds'>,
  input: { userId: string },
): Promise<{ message: string; guildDeleted: boolean }> =>
  deps.store.write(async (repos) => {
    const membership = await repos.guilds.membershipOf(input.userId);
    if (!membership) return fail('NOT_FOUND', 'You are not in a guild');
    const guild = await repos.guilds.byId(membership.guildId);
    if (!guild) return fail('NOT_FOUND', 'Guild not found');
    if (guild.adminUserId !== input.userId) {
      await repos.guilds.removeMember(guild.id, input.userId);
      return { message: `You left ${guild.name}`, guildDeleted: false };
    }
    const members = await repos.guilds.members(guild.id);
    if (!canLeaveGuild(true, members.length)) {
      return fail('CONFLICT', 'Remove the other members or delete the guild before leaving.');
    }
    await repos.guilds.delete(guild.id);
    return { message: `You left ${guild.name}; it had no other members and was deleted`, guildDeleted: true };
  });

/** DELETE /api/guilds/{id}/members/{userId}: the admin removes someone else. */
export const removeMember = async (
  deps: Deps<'guilds'>,
  input: { userId: string; guildId: string; memberUserId: string },
): Promise<{ message: string }> =>
  deps.store.write(async (repos) => {
    const guild = await repos.guilds.byId(input.guildId);
    if (!guild) return fail('NOT_FOUND', 'Guild not found');
    if (guild.adminUserId !== input.userId) return fail('FORBIDDEN', 'Only the guild admin can remove members');
    if (input.memberUserId === input.userId)
      return fail('VALIDATION', 'You cannot remove yourself; leave or delete the guild instead');
    const membership = await repos.guilds.membershipOf(input.memberUserId);
    if (membership?.guildId !== guild.id) return fail('NOT_FOUND', 'That player is not a member of this guild');
    await repos.guilds.removeMember(guild.id, input.memberUserId);
    return { message: 'Member removed' };
  });

/** DELETE /api/guilds/{id}: admin only; every member is released. */
export const deleteGuild = async (
  deps: Deps<'guilds'>,
  input: { userId: string; guildId: string },
): Promise<{ message: string }> =>
  deps.store.write(async (repos) => {
    const guild = await repos.guilds.byId(input.guildId);
    if (!guild) return fail('NOT_FOUND', 'Guild not found');
    if (guild.adminUserId !== input.userId) return fail('FORBIDDEN', 'Only the guild admin can delete the guild');
    await repos.guilds.delete(guild.id);
    return { message: `Guild ${guild.name} deleted` };
  });
