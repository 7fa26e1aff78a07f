// The initial schema, identical for SQLite and PostgreSQL. The constraints carry the invariants
// of DESIGN.md §13 so that parallel requests cannot break them whatever the application does.
import { sql, type Kysely, type Migration } from 'kysely';

const text = 'text' as const;
const int = 'integer' as const;

export const initial: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('users')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('email', text, (c) => c.notNull())
      .addColumn('display_name', text, (c) => c.notNull())
      .addColumn('role', text, (c) => c.notNull().check(sql`role in ('player', 'admin')`))
      .addColumn('google_sub', text, (c) => c.unique())
      .addColumn('referral_code', text, (c) => c.notNull().unique())
      .addColumn('is_bot', 'boolean', (c) => c.notNull())
      .addColumn('created_at', text, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('users_email_ci')
      .on('users')
      .unique()
      .expression(sql`lower(email)`)
      .execute();

    await db.schema
      .createTable('player_stats')
      .addColumn('user_id', text, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('wins', int, (c) => c.notNull())
      .addColumn('entries', int, (c) => c.notNull())
      .addColumn('current_streak', int, (c) => c.notNull())
      .addColumn('best_streak', int, (c) => c.notNull())
      .addColumn('last_played_date', text)
      .addColumn('last_played_at', text)
      .execute();
    // One index per leaderboard metric, in the order the leaderboard reads.
    for (const metric of ['wins', 'entries', 'current_streak', 'best_streak']) {
      await db.schema
        .createIndex(`player_stats_${metric}`)
        .on('player_stats')
        .columns([`${metric} desc`, 'user_id'])
        .execute();
    }

    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', text, (c) => c.notNull())
      .addColumn('expires_at', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
    await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

    await db.schema
      .createTable('games')
      .addColumn('key', text, (c) => c.primaryKey())
      .addColumn('date', text, (c) => c.notNull())
      .addColumn('number', int, (c) => c.notNull())
      .addColumn('status', text, (c) => c.notNull().check(sql`status in ('open', 'closed')`))
      .addColumn('opens_at', text, (c) => c.notNull())
      .addColumn('closes_at', text, (c) => c.notNull())
      .addColumn('closed_at', text)
      .addColumn('winning_number', int)
      .addColumn('stats', text)
      .addUniqueConstraint('games_date_number', ['date', 'number'])
      .execute();
    await db.schema.createIndex('games_status_closes').on('games').columns(['status', 'closes_at']).execute();
    await db.schema.createIndex('games_closes').on('games').columns(['closes_at', 'number']).execute();

    await db.schema
      .createTable('entries')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('game_key', text, (c) => c.notNull().references('games.key'))
      .addColumn('user_id', text, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('number', int, (c) => c.notNull().check(sql`number >= 1`))
      .addColumn('entry_type', text, (c) => c.notNull().check(sql`entry_type in ('standard', 'bonus')`))
      .addColumn('submitted_at', text, (c) => c.notNull())
      .addUniqueConstraint('entries_game_user_number', ['game_key', 'user_id', 'number'])
      .execute();
    // At most one standard and one bonus entry per (game, player): two partial unique indexes.
    for (const type of ['standard', 'bonus']) {
      await db.schema
        .createIndex(`entries_one_${type}`)
        .on('entries')
        .columns(['game_key', 'user_id'])
        .unique()
        .where(sql.ref('entry_type'), '=', sql.lit(type))
        .execute();
    }
    // The close groups a game's entries by number; this index answers it without touching the table.
    await db.schema
      .createIndex('entries_game_number')
      .on('entries')
      .columns(['game_key', 'number', 'user_id'])
      .execute();
    await db.schema.createIndex('entries_game_submitted').on('entries').columns(['game_key', 'submitted_at']).execute();
    await db.schema.createIndex('entries_user').on('entries').column('user_id').execute();

    await db.schema
      .createTable('bonus_entries')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('source_type', text, (c) => c.notNull())
      .addColumn('remaining_entries', int, (c) => c.notNull().check(sql`remaining_entries >= 0`))
      .addColumn('granted_at', text, (c) => c.notNull())
      .addColumn('expires_at', text, (c) => c.notNull())
      .addColumn('game_key', text)
      .execute();
    await db.schema.createIndex('bonus_entries_user').on('bonus_entries').columns(['user_id', 'expires_at']).execute();
    await db.schema.createIndex('bonus_entries_game').on('bonus_entries').column('game_key').execute();

    await db.schema
      .createTable('reward_items')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reward_type', text, (c) => c.notNull())
      .addColumn('earned_at', text, (c) => c.notNull())
      .addColumn('expires_at', text, (c) => c.notNull())
      .addColumn('source_game_key', text)
      .addColumn('used_at', text)
      .addColumn('used_in_game_key', text)
      .addColumn('used_result', text)
      .execute();
    await db.schema
      .createIndex('reward_items_user_type')
      .on('reward_items')
      .columns(['user_id', 'reward_type', 'expires_at'])
      .execute();

    await db.schema
      .createTable('mines')
      .addColumn('game_key', text, (c) => c.notNull().references('games.key'))
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('number', int, (c) => c.notNull())
      .addColumn('placed_at', text, (c) => c.notNull())
      .addPrimaryKeyConstraint('mines_game_user', ['game_key', 'user_id'])
      .execute();

    await db.schema
      .createTable('referrals')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('referrer_id', text, (c) => c.notNull())
      .addColumn('referred_id', text, (c) => c.notNull().unique())
      .addColumn('code', text, (c) => c.notNull())
      .addColumn('status', text, (c) => c.notNull())
      .addColumn('created_at', text, (c) => c.notNull())
      .addColumn('completed_at', text)
      .execute();
    await db.schema.createIndex('referrals_referrer').on('referrals').column('referrer_id').execute();

    await db.schema
      .createTable('prize_configs')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('prize_type', text, (c) => c.notNull())
      .addColumn('amount_cents', int, (c) => c.notNull())
      .addColumn('currency', text, (c) => c.notNull())
      .addColumn('description', text, (c) => c.notNull())
      .addColumn('day_of_week', int)
      .addColumn('date', text, (c) => c.unique())
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('updated_at', text, (c) => c.notNull())
      .execute();
    // One weekly default per weekday; date overrides carry their weekday too, so the rule is partial.
    await db.schema
      .createIndex('prize_configs_weekly')
      .on('prize_configs')
      .column('day_of_week')
      .unique()
      .where(sql.ref('date'), 'is', null)
      .execute();

    await db.schema
      .createTable('winnings')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('game_key', text, (c) => c.notNull().unique().references('games.key'))
      .addColumn('game_date', text, (c) => c.notNull())
      .addColumn('user_id', text, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('winning_number', int, (c) => c.notNull())
      .addColumn('prize_type', text, (c) => c.notNull())
      .addColumn('amount_cents', int, (c) => c.notNull())
      .addColumn('currency', text, (c) => c.notNull())
      .addColumn('description', text, (c) => c.notNull())
      .addColumn('created_at', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('winnings_user').on('winnings').column('user_id').execute();

    await db.schema
      .createTable('payouts')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('winning_id', text, (c) => c.notNull().unique().references('winnings.id').onDelete('cascade'))
      .addColumn('user_id', text, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('status', text, (c) => c.notNull())
      .addColumn('amount_cents', int, (c) => c.notNull())
      .addColumn('currency', text, (c) => c.notNull())
      .addColumn('prize_type', text, (c) => c.notNull())
      .addColumn('paypal_email', text)
      .addColumn('preferred_name', text)
      .addColumn('review_notes', text)
      .addColumn('payment_reference', text)
      .addColumn('created_at', text, (c) => c.notNull())
      .addColumn('processed_at', text)
      .execute();

    await db.schema
      .createTable('payout_audit')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('payout_id', text, (c) => c.notNull().references('payouts.id').onDelete('cascade'))
      .addColumn('admin_id', text, (c) => c.notNull())
      .addColumn('from_status', text, (c) => c.notNull())
      .addColumn('to_status', text, (c) => c.notNull())
      .addColumn('note', text)
      .addColumn('at', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payout_audit_payout').on('payout_audit').columns(['payout_id', 'at']).execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('recipient', text, (c) => c.notNull())
      .addColumn('subject', text, (c) => c.notNull())
      .addColumn('body', text, (c) => c.notNull())
      .addColumn('created_at', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();

    await db.schema
      .createTable('guilds')
      .addColumn('id', text, (c) => c.primaryKey())
      .addColumn('name', text, (c) => c.notNull())
      .addColumn('description', text, (c) => c.notNull())
      .addColumn('password_hash', text, (c) => c.notNull())
      .addColumn('admin_user_id', text, (c) => c.notNull())
      .addColumn('total_wins', int, (c) => c.notNull())
      .addColumn('total_entries', int, (c) => c.notNull())
      .addColumn('created_at', text, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('guilds_name_ci')
      .on('guilds')
      .unique()
      .expression(sql`lower(name)`)
      .execute();

    await db.schema
      .createTable('guild_members')
      // The primary key on user_id is the "one guild per player" rule.
      .addColumn('user_id', text, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('guild_id', text, (c) => c.notNull().references('guilds.id').onDelete('cascade'))
      .addColumn('joined_at', text, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('guild_members_guild').on('guild_members').columns(['guild_id', 'joined_at']).execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    const tables = [
      'guild_members',
      'guilds',
      'outbox',
      'payout_audit',
      'payouts',
      'winnings',
      'prize_configs',
      'referrals',
      'mines',
      'reward_items',
      'bonus_entries',
      'entries',
      'games',
      'sessions',
      'player_stats',
      'users',
    ];
    for (const table of tables) await db.schema.dropTable(table).execute();
  },
};
