// What the guilds module needs from the database.
import type { GameKey, Guild, GuildMember } from '../model.ts';

export interface GuildSummary extends Omit<Guild, 'passwordHash'> {
  adminName: string;
  memberCount: number;
}

export interface GuildMemberDetail extends GuildMember {
  playerName: string;
  wins: number;
  entries: number;
  currentStreak: number;
}

export interface GuildRepository {
  /** Creates the guild with its admin as first member. Throws NAME_TAKEN (case-insensitive) or ALREADY_IN_GUILD. */
  create(guild: Guild): Promise<void>;
  byId(id: string): Promise<Guild | null>;
  summary(id: string): Promise<GuildSummary | null>;
  list(limit: number): Promise<GuildSummary[]>;
  membershipOf(userId: string): Promise<GuildMember | null>;
  members(guildId: string): Promise<GuildMemberDetail[]>;
  /**
   * Adds a member unless the guild already has `maxMembers` (checked under a lock on the guild row).
   * Returns false when full; throws ALREADY_IN_GUILD when the user is in a guild.
   */
  addMember(member: GuildMember, maxMembers: number): Promise<boolean>;
  removeMember(guildId: string, userId: string): Promise<void>;
  delete(guildId: string): Promise<void>;
  /**
   * Adds a closed game to the guild counters: entries made by members while members
   * (submittedAt ≥ joinedAt) and the win, if the winning entry was made by a member while a member.
   */
  applyClose(gameKey: GameKey, winningEntryId: string | null): Promise<void>;
}
