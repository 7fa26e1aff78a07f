// Mail only to verified addresses, and the daily reminder (DESIGN.md §15): whether a contact e-mail was
// confirmed by its link, the links themselves (hashed), the reminder switch and one mark per player and day,
// and the database-kept key that signs the links in mails.
// A contact e-mail equal to the sign-in's verified e-mail counts as verified without a flag, so no row changes.
import type { Kysely, Migration } from 'kysely';

export const mailAddresses: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema
      .alterTable('users')
      .addColumn('email_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('daily_reminder', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();

    await db.schema
      .createTable('email_confirmations')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('email_confirmations_user')
      .on('email_confirmations')
      .columns(['user_id', 'created_at'])
      .execute();

    // The primary key is what makes the reminder once a day, whichever instance sends it.
    await db.schema
      .createTable('daily_reminders')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('game_date', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_reminders_pk', ['user_id', 'game_date'])
      .execute();
    // The reminder's query looks for opted-in players only.
    await db.schema.createIndex('users_daily_reminder').on('users').column('daily_reminder').execute();

    await db.schema
      .createTable('signing_keys')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
