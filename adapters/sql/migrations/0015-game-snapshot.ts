// A closed game's snapshot (winning and second numbers, mined numbers, the day's figures) in a column of its own,
// written by the close beside the stats: a player's result reads it with their entries in one statement, without
// the stats' histogram (a thousand rows, 25–40 KB of JSON on a big day). Games closed before get it from their stats.
import { SqliteAdapter, sql, type Kysely, type Migration } from 'kysely';

export const gameSnapshot: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('games').addColumn('snapshot', 'text').execute();
    // The stats' own text of the snapshot: SQLite's json_extract gives an object back as JSON text; PostgreSQL's
    // json type (not jsonb) keeps the text it was given.
    const snapshotOfStats =
      db.getExecutor().adapter instanceof SqliteAdapter
        ? sql`json_extract(stats, '$.snapshot')`
        : sql`(cast(stats as json) -> 'snapshot')::text`;
    await sql`update games set snapshot = ${snapshotOfStats}
      where status = 'closed' and stats is not null`.execute(db);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('games').dropColumn('snapshot').execute();
  },
};
