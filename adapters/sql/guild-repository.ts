import { sql, type Selectable } from 'kysely';
import { DomainError } from '../../core/errors.ts';
import type { GameKey, Guild, GuildMember } from '../../core/model.ts';
import type { GuildMemberDetail, GuildRepository, GuildSummary } from '../../core/guilds/ports.ts';
import { affected, toNumber, type SqlContext } from './dialect.ts';
import type { GuildsTable } from './schema.ts';

const alreadyInGuild = () => new DomainError('ALREADY_IN_GUILD', 'You are already in a guild.');

const toGuild = (row: Selectable<GuildsTable>): Guild => ({
  id: row.id,
  name: row.name,
  description: row.description,
  passwordHash: row.password_hash,
  adminUserId: row.admin_user_id,
  totalWins: row.total_wins,
  totalEntries: row.total_entries,
  createdAt: row.created_at,
});

export class SqlGuildRepository implements GuildRepository {
  constructor(private readonly ctx: SqlContext) {}

  async create(guild: Guild): Promise<void> {
    const { db } = this.ctx;
    const taken = await db
      .selectFrom('guilds')
      .select('id')
      .where(sql<string>`lower(name)`, '=', sql<string>`lower(${guild.name})`)
      .executeTakeFirst();
    if (taken) throw new DomainError('NAME_TAKEN', 'A guild with that name already exists.');
    if (await this.membershipOf(guild.adminUserId)) throw alreadyInGuild();
    const inserted = await db
      .insertInto('guilds')
      .values({
        id: guild.id,
        name: guild.name,
        description: guild.description,
        password_hash: guild.passwordHash,
        admin_user_id: guild.adminUserId,
        total_wins: guild.totalWins,
        total_entries: guild.totalEntries,
        created_at: guild.createdAt,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirstOrThrow();
    if (affected(inserted) === 0) {
      // Lost a race to a concurrent create: tell which rule it broke.
      const byName = await db
        .selectFrom('guilds')
        .select('id')
        .where(sql<string>`lower(name)`, '=', sql<string>`lower(${guild.name})`)
        .executeTakeFirst();
      if (byName) throw new DomainError('NAME_TAKEN', 'A guild with that name already exists.');
      throw new DomainError('CONFLICT', `Guild ${guild.id} already exists.`);
    }
    const joined = await db
      .insertInto('guild_members')
      .values({ guild_id: guild.id, user_id: guild.adminUserId, joined_at: guild.createdAt })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirstOrThrow();
    if (affected(joined) === 0) throw alreadyInGuild();
  }

  async byId(id: string): Promise<Guild | null> {
    const row = await this.ctx.db.selectFrom('guilds').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toGuild(row) : null;
  }

  async summary(id: string): Promise<GuildSummary | null> {
    const [found] = await this.#summaries((qb) => qb.where('g.id', '=', id));
    return found ?? null;
  }

  /** Newest first. */
  async list(limit: number): Promise<GuildSummary[]> {
    return this.#summaries((qb) => qb.orderBy('g.created_at', 'desc').orderBy('g.id').limit(Math.max(0, limit)));
  }

  async membershipOf(userId: string): Promise<GuildMember | null> {
    const row = await this.ctx.db
      .selectFrom('guild_members')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { guildId: row.guild_id, userId: row.user_id, joinedAt: row.joined_at } : null;
  }

  /** Oldest member first. */
  async members(guildId: string): Promise<GuildMemberDetail[]> {
    const rows = await this.ctx.db
      .selectFrom('guild_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('player_stats as s', 's.user_id', 'm.user_id')
      .select(['m.guild_id', 'm.user_id', 'm.joined_at', 'u.display_name', 's.wins', 's.entries', 's.current_streak'])
      .where('m.guild_id', '=', guildId)
      .orderBy('m.joined_at')
      .orderBy('m.user_id')
      .execute();
    return rows.map((r) => ({
      guildId: r.guild_id,
      userId: r.user_id,
      joinedAt: r.joined_at,
      playerName: r.display_name,
      wins: r.wins ?? 0,
      entries: r.entries ?? 0,
      currentStreak: r.current_streak ?? 0,
    }));
  }

  async addMember(member: GuildMember, maxMembers: number): Promise<boolean> {
    const { db, dialect } = this.ctx;
    if (await this.membershipOf(member.userId)) throw alreadyInGuild();
    // PostgreSQL: lock the guild row so two joins cannot both see room for one more member.
    const lookup = db.selectFrom('guilds').select('id').where('id', '=', member.guildId);
    const guild = await (dialect.rowLocks ? lookup.forUpdate() : lookup).executeTakeFirst();
    if (!guild) throw new DomainError('NOT_FOUND', 'Guild not found.');
    const count = await db
      .selectFrom('guild_members')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('guild_id', '=', member.guildId)
      .executeTakeFirstOrThrow();
    if (toNumber(count.n) >= maxMembers) return false;
    const result = await db
      .insertInto('guild_members')
      .values({ guild_id: member.guildId, user_id: member.userId, joined_at: member.joinedAt })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirstOrThrow();
    if (affected(result) === 0) throw alreadyInGuild();
    return true;
  }

  async removeMember(guildId: string, userId: string): Promise<void> {
    await this.ctx.db
      .deleteFrom('guild_members')
      .where('guild_id', '=', guildId)
      .where('user_id', '=', userId)
      .execute();
  }

  async delete(guildId: string): Promise<void> {
    await this.ctx.db.deleteFrom('guild_members').where('guild_id', '=', guildId).execute();
    await this.ctx.db.deleteFrom('guilds').where('id', '=', guildId).execute();
  }

  /**
   * One UPDATE … FROM an aggregate per guild: entries made by members while members, and the win. The set-based
   * twin of core/guilds/guild-counters.ts, held equal to it by test/contract/close-rules.test.ts.
   */
  async applyClose(gameKey: GameKey, winningEntryId: string | null): Promise<void> {
    const { db } = this.ctx;
    // From the members to their entries of the game through the (game_key, user_id, …) index: a few lookups per
    // member. The CROSS JOIN keeps SQLite's planner from walking every entry of the game instead (1.8 s at a
    // million entries), and "made while a member" stays out of the join for the same reason.
    const whileMember = sql<boolean>`e.submitted_at >= m.joined_at`;
    const perGuild = db
      .selectFrom('guild_members as m')
      .crossJoin('entries as e')
      .select((eb) => [
        'm.guild_id',
        eb.fn.sum<number>(eb.case().when(whileMember).then(1).else(0).end()).as('n'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([whileMember, eb('e.id', '=', winningEntryId ?? '')]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('won'),
      ])
      .where('e.game_key', '=', gameKey)
      .whereRef('e.user_id', '=', 'm.user_id')
      .groupBy('m.guild_id');
    await db
      .updateTable('guilds')
      .from(perGuild.as('t'))
      .set({
        total_entries: sql<number>`guilds.total_entries + t.n`,
        total_wins: sql<number>`guilds.total_wins + t.won`,
      })
      .whereRef('t.guild_id', '=', 'guilds.id')
      .execute();
  }

  async #summaries(
    shape: (qb: ReturnType<SqlGuildRepository['summaryQuery']>) => ReturnType<SqlGuildRepository['summaryQuery']>,
  ): Promise<GuildSummary[]> {
    const rows = await shape(this.summaryQuery()).execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      adminUserId: r.admin_user_id,
      totalWins: r.total_wins,
      totalEntries: r.total_entries,
      createdAt: r.created_at,
      adminName: r.admin_name ?? '',
      memberCount: toNumber(r.member_count),
    }));
  }

  private summaryQuery() {
    return this.ctx.db
      .selectFrom('guilds as g')
      .leftJoin('users as u', 'u.id', 'g.admin_user_id')
      .select((eb) => [
        'g.id',
        'g.name',
        'g.description',
        'g.admin_user_id',
        'g.total_wins',
        'g.total_entries',
        'g.created_at',
        'u.display_name as admin_name',
        eb
          .selectFrom('guild_members as m')
          .select((e) => e.fn.countAll().as('n'))
          .whereRef('m.guild_id', '=', 'g.id')
          .as('member_count'),
      ]);
  }
}
