// The player rankings kept by the close instead of four indexes on player_stats (the 1,000,000-entry close).
// A close rewrites the counters of every player of the game, and each index on a changed column costs every such row
// an index update; on PostgreSQL an update that is not HOT adds an entry to every index of the table. At 500,000
// players the four leaderboard indexes cost the close about 4 s on PostgreSQL and 0.7 s on SQLite, for a screen that
// shows at most the top 100. The counters change only at a close (and when an account goes, which the foreign key
// follows), so the close now writes the top of each ranking here, and the screen reads these rows.
// On PostgreSQL the counters' table also leaves half of each page free: the close's update then writes a player's new
// row version on the same page (a HOT update, no index entry at all) for most players: 2.8 s → 2.0 s at 500,000
// players, for a table twice the size. Pages written before keep their fill until they are rewritten.
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const METRIC_COLUMNS = {
  wins: 'wins',
  entries: 'entries',
  streak: 'current_streak',
  bestStreak: 'best_streak',
} as const;
const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** As many as adapters/sql/player-stats-repository.ts keeps (RANKED_PLAYERS), said again: a migration never changes. */
const RANKED = 200;

export const leaderboardRanks: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (isPostgres(db)) await sql`alter table player_stats set (fillfactor = 50)`.execute(db);
    await db.schema
      .createTable('leaderboard_ranks')
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('leaderboard_ranks_pk', ['metric', 'rank'])
      .execute();
    // The cascade of an account's deletion finds its rows through this index.
    await db.schema.createIndex('leaderboard_ranks_user').on('leaderboard_ranks').column('user_id').execute();
    for (const [metric, column] of Object.entries(METRIC_COLUMNS)) {
      await sql`
        insert into leaderboard_ranks (metric, rank, user_id)
        select ${metric}, row_number() over (order by ${sql.ref(column)} desc, user_id), user_id
        from player_stats where ${sql.ref(column)} > 0
        order by ${sql.ref(column)} desc, user_id
        limit ${sql.lit(RANKED)}`.execute(db);
      await db.schema.dropIndex(`player_stats_${column}`).execute();
    }
  },

  async down(db: Kysely<unknown>): Promise<void> {
    if (isPostgres(db)) await sql`alter table player_stats reset (fillfactor)`.execute(db);
    for (const column of Object.values(METRIC_COLUMNS)) {
      await db.schema
        .createIndex(`player_stats_${column}`)
        .on('player_stats')
        .columns([`${column} desc`, 'user_id'])
        .execute();
    }
    await db.schema.dropTable('leaderboard_ranks').execute();
  },
};
