// Fairness tree version 2 (DESIGN.md §16): items read in tree order `(number, leaf)` straight from an index, the
// summary and the winner proof on the game, and the tree's upper levels stored at the close, so a page or a proof
// reads only what it needs. Games closed before keep their version 1 root (fairness_version null).
import type { Kysely, Migration } from 'kysely';

export const fairnessTreeV2: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('entries_game_number_leaf')
      .on('entries')
      .columns(['game_key', 'number', 'leaf'])
      .execute();
    await db.schema.createIndex('mines_game_number_leaf').on('mines').columns(['game_key', 'number', 'leaf']).execute();
    for (const column of ['fairness_version', 'fairness_size', 'fairness_lo', 'fairness_hi'] as const) {
      await db.schema.alterTable('games').addColumn(column, 'integer').execute();
    }
    await db.schema.alterTable('games').addColumn('fairness_winner_proof', 'text').execute();
    await db.schema
      .createTable('fairness_nodes')
      .addColumn('game_key', 'text', (c) => c.notNull().references('games.key'))
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('lo', 'integer', (c) => c.notNull())
      .addColumn('hi', 'integer', (c) => c.notNull())
      .addColumn('first_number', 'integer')
      .addColumn('first_leaf', 'text')
      .addPrimaryKeyConstraint('fairness_nodes_pk', ['game_key', 'level', 'position'])
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('fairness_nodes').execute();
    for (const column of [
      'fairness_winner_proof',
      'fairness_hi',
      'fairness_lo',
      'fairness_size',
      'fairness_version',
    ] as const) {
      await db.schema.alterTable('games').dropColumn(column).execute();
    }
    await db.schema.dropIndex('mines_game_number_leaf').execute();
    await db.schema.dropIndex('entries_game_number_leaf').execute();
  },
};
