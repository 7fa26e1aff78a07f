import { DomainError } from '../../core/errors.ts';
import type { GameKey, Guild, GuildMember } from '../../core/model.ts';
import type { GuildMemberDetail, GuildRepository, GuildSummary } from '../../core/guilds/ports.ts';
import { guildCountersAtClose } from '../../core/guilds/guild-counters.ts';
import type { MemoryState } from './state.ts';

const alreadyInGuild = () => new DomainError('ALREADY_IN_GUILD', 'You are already in a guild.');

export class MemoryGuildRepository implements GuildRepository {
  constructor(private readonly state: () => MemoryState) {}

  async create(guild: Guild): Promise<void> {
    const s = this.state();
    const wanted = guild.name.toLowerCase();
    if ([...s.guilds.values()].some((g) => g.name.toLowerCase() === wanted)) {
      throw new DomainError('NAME_TAKEN', 'A guild with that name already exists.');
    }
    if (s.guildMembers.has(guild.adminUserId)) throw alreadyInGuild();
    if (s.guilds.has(guild.id)) throw new DomainError('CONFLICT', `Guild ${guild.id} already exists.`);
    s.guilds.set(guild.id, { ...guild });
    s.guildMembers.set(guild.adminUserId, { guildId: guild.id, userId: guild.adminUserId, joinedAt: guild.createdAt });
  }

  async byId(id: string): Promise<Guild | null> {
    const g = this.state().guilds.get(id);
    return g ? { ...g } : null;
  }

  async summary(id: string): Promise<GuildSummary | null> {
    const g = this.state().guilds.get(id);
    return g ? this.#summarise(g) : null;
  }

  /** Newest first. */
  async list(limit: number): Promise<GuildSummary[]> {
    return [...this.state().guilds.values()]
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map((g) => this.#summarise(g));
  }

  async membershipOf(userId: string): Promise<GuildMember | null> {
    const m = this.state().guildMembers.get(userId);
    return m ? { ...m } : null;
  }

  /** Oldest member first. */
  async members(guildId: string): Promise<GuildMemberDetail[]> {
    const s = this.state();
    return [...s.guildMembers.values()]
      .filter((m) => m.guildId === guildId)
      .sort((a, b) => (a.joinedAt < b.joinedAt ? -1 : a.joinedAt > b.joinedAt ? 1 : a.userId < b.userId ? -1 : 1))
      .map((m) => {
        const stats = s.playerStats.get(m.userId);
        return {
          ...m,
          playerName: s.users.get(m.userId)?.displayName ?? '',
          wins: stats?.wins ?? 0,
          entries: stats?.entries ?? 0,
          currentStreak: stats?.currentStreak ?? 0,
        };
      });
  }

  async addMember(member: GuildMember, maxMembers: number): Promise<boolean> {
    const s = this.state();
    if (s.guildMembers.has(member.userId)) throw alreadyInGuild();
    if (!s.guilds.has(member.guildId)) throw new DomainError('NOT_FOUND', 'Guild not found.');
    if (this.#memberCount(member.guildId) >= maxMembers) return false;
    s.guildMembers.set(member.userId, { ...member });
    return true;
  }

  async removeMember(guildId: string, userId: string): Promise<void> {
    const s = this.state();
    if (s.guildMembers.get(userId)?.guildId === guildId) s.guildMembers.delete(userId);
  }

  async delete(guildId: string): Promise<void> {
    const s = this.state();
    for (const [userId, m] of s.guildMembers) if (m.guildId === guildId) s.guildMembers.delete(userId);
    s.guilds.delete(guildId);
  }

  async applyClose(gameKey: GameKey, winningEntryId: string | null): Promise<void> {
    const s = this.state();
    const entries = [...s.entries.values()].filter((e) => e.gameKey === gameKey);
    for (const [guildId, counters] of guildCountersAtClose(
      entries,
      (userId) => s.guildMembers.get(userId),
      winningEntryId,
    )) {
      const guild = s.guilds.get(guildId);
      if (!guild) continue;
      guild.totalEntries += counters.entries;
      guild.totalWins += counters.wins;
    }
  }

  #memberCount(guildId: string): number {
    return [...this.state().guildMembers.values()].filter((m) => m.guildId === guildId).length;
  }

  #summarise(g: Guild): GuildSummary {
    const { passwordHash: _hidden, ...rest } = g;
    return {
      ...rest,
      adminName: this.state().users.get(g.adminUserId)?.displayName ?? '',
      memberCount: this.#memberCount(g.id),
    };
  }
}
