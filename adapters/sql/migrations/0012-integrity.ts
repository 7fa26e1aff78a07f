// Integrity (DESIGN.md §18): the keyed signals per account and day, and the flags the close stores with a game,
// with their clusters' members. Everything goes with the account (foreign keys on delete cascade).
import type { Kysely, Migration } from 'kysely';

export const integrity: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('integrity_signals')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('integrity_signals_pk', ['user_id', 'kind', 'hash', 'day'])
      .execute();
    // Who else was seen with a signal (the close's joins); and the daily retention sweep.
    await db.schema
      .createIndex('integrity_signals_hash')
      .on('integrity_signals')
      .columns(['kind', 'hash', 'day', 'user_id'])
      .execute();
    await db.schema.createIndex('integrity_signals_day').on('integrity_signals').column('day').execute();

    await db.schema
      .createTable('integrity_flags')
      .addColumn('game_key', 'text', (c) => c.notNull().references('games.key'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('evidence', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('integrity_flags_pk', ['game_key', 'role'])
      .execute();
    await db.schema
      .createTable('integrity_flag_members')
      .addColumn('game_key', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('integrity_flag_members_pk', ['game_key', 'role', 'user_id'])
      .addForeignKeyConstraint(
        'integrity_flag_members_flag',
        ['game_key', 'role'],
        'integrity_flags',
        ['game_key', 'role'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema.createIndex('integrity_flag_members_user').on('integrity_flag_members').column('user_id').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('integrity_flag_members').execute();
    await db.schema.dropTable('integrity_flags').execute();
    await db.schema.dropTable('integrity_signals').execute();
  },
};
