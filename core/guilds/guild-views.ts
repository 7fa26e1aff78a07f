// What players see of guilds: the list, their own guild, a guild's members and the members' picks today.
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { GuildSummary } from './ports.ts';
import { currentGame } from '../game/current-game.ts';
import { canLeaveGuild, GUILD_LIST_LIMIT, isGuildFull } from './guild-rules.ts';
import { GUILD_MAX_MEMBERS } from './guild-fields.ts';

export interface GuildDto {
  id: string;
  name: string;
  description: string;
  memberCount: number;
  maxMembers: number;
  /** No seat left: the web lists it as full and offers no join. */
  isFull: boolean;
  totalWins: number;
  totalEntries: number;
  createdAt: string;
  adminName: string;
  adminUserId: string;
}

export interface GuildMemberDto {
  userId: string;
  playerName: string;
  isAdmin: boolean;
  joinedAt: string;
  wins: number;
  entries: number;
  currentStreak: number;
}

export interface GuildMembershipDto {
  isAdmin: boolean;
  joinedAt: string;
  /** False for an admin who still has members (they must remove them or delete the guild). */
  canLeave: boolean;
}

export const toGuildDto = (g: GuildSummary): GuildDto => ({
  id: g.id,
  name: g.name,
  description: g.description,
  memberCount: g.memberCount,
  maxMembers: GUILD_MAX_MEMBERS,
  isFull: isGuildFull(g.memberCount),
  totalWins: g.totalWins,
  totalEntries: g.totalEntries,
  createdAt: g.createdAt,
  adminName: g.adminName,
  adminUserId: g.adminUserId,
});

/** GET /api/guilds?limit= (at most 50). */
export const listGuilds = async (
  deps: Deps<'guilds'>,
  limit: number = GUILD_LIST_LIMIT,
): Promise<{ guilds: GuildDto[] }> => {
  const capped = Number.isInteger(limit) ? Math.min(Math.max(limit, 1), GUILD_LIST_LIMIT) : GUILD_LIST_LIMIT;
  return deps.store.read(async (repos) => ({ guilds: (await repos.guilds.list(capped)).map(toGuildDto) }));
};

/** GET /api/guilds/my */
export const myGuild = async (
  deps: Deps<'guilds'>,
  userId: string,
): Promise<{ guild: GuildDto | null; membership: GuildMembershipDto | null }> =>
  deps.store.read(async (repos) => {
    const membership = await repos.guilds.membershipOf(userId);
    const summary = membership ? await repos.guilds.summary(membership.guildId) : null;
    if (!membership || !summary) return { guild: null, membership: null };
    const isAdmin = summary.adminUserId === userId;
    return {
      guild: toGuildDto(summary),
      membership: { isAdmin, joinedAt: membership.joinedAt, canLeave: canLeaveGuild(isAdmin, summary.memberCount) },
    };
  });

/** GET /api/guilds/{id}: open to every signed-in player, like the list. */
export const guildDetail = async (
  deps: Deps<'guilds'>,
  guildId: string,
): Promise<{ guild: GuildDto; members: GuildMemberDto[] }> =>
  deps.store.read(async (repos) => {
    const summary = await repos.guilds.summary(guildId);
    if (!summary) return fail('NOT_FOUND', 'Guild not found');
    const members = await repos.guilds.members(guildId);
    return {
      guild: toGuildDto(summary),
      members: members.map((m) => ({
        userId: m.userId,
        playerName: m.playerName,
        isAdmin: m.userId === summary.adminUserId,
        joinedAt: m.joinedAt,
        wins: m.wins,
        entries: m.entries,
        currentStreak: m.currentStreak,
      })),
    };
  });

/** GET /api/guilds/{id}/submissions: the members' picks in the current game, for members only. */
export const guildSubmissions = async (
  deps: Deps<'games' | 'entries' | 'guilds'>,
  input: { userId: string; guildId: string },
): Promise<{
  gameDate: string;
  submissions: { userId: string; playerName: string; number: number; submittedAt: string }[];
}> => {
  const { game } = await currentGame(deps);
  return deps.store.read(async (repos) => {
    const guild = await repos.guilds.byId(input.guildId);
    if (!guild) return fail('NOT_FOUND', 'Guild not found');
    const membership = await repos.guilds.membershipOf(input.userId);
    if (membership?.guildId !== input.guildId) return fail('FORBIDDEN', "Only the guild's members can see its picks");
    return { gameDate: game.key, submissions: await repos.entries.forGuild(game.key, input.guildId) };
  });
};
