// The close's count of each game per number: filled once by the close, in its transaction,
// with one INSERT … SELECT … GROUP BY, so that every tally the close and a closed game's results need
// reads about a quarter as many rows as the game has entries. Games closed before keep no count; their
// results fall back to the entries.
import type { Kysely, Migration } from 'kysely';

const int = 'integer' as const;

export const closeTally: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('game_number_counts')
      // No foreign key to games: a per-row check costs the close more than a third of this table's fill
      // (measured on PostgreSQL), and only the close, holding its game, writes here.
      .addColumn('game_key', 'text', (c) => c.notNull())
      .addColumn('number', int, (c) => c.notNull())
      // Entries on this number; entries on lower numbers (the running sum the median is read from).
      .addColumn('n', int, (c) => c.notNull())
      .addColumn('below', int, (c) => c.notNull())
      // 1 for the lowest unique (picked once, not mined) number, 2 for the next, …; null when not unique.
      .addColumn('unique_rank', int)
      .addPrimaryKeyConstraint('game_number_counts_pk', ['game_key', 'number'])
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('game_number_counts').execute();
  },
};
