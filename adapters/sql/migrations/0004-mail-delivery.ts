// Mail delivery (DESIGN.md §15): the outbox gets a delivery state, winnings a reminder mark, players a switch
// for non-money mails.
// Rows queued before this migration become pending, due at once: they were promised and never sent.
import { sql, type Kysely, type Migration } from 'kysely';

export const mailDelivery: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('outbox')
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
      )
      .execute();
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema
      .alterTable('outbox')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('outbox').addColumn('next_attempt_at', 'text').execute();
    await db.schema.alterTable('outbox').addColumn('last_error', 'text').execute();
    await db.schema.alterTable('outbox').addColumn('claim_token', 'text').execute();
    await db.schema.alterTable('outbox').addColumn('claimed_until', 'text').execute();
    await db.schema.alterTable('outbox').addColumn('sent_at', 'text').execute();
    await sql`update outbox set next_attempt_at = created_at`.execute(db);
    // The claim reads due rows by status and time.
    await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();

    // The claim reminder goes once per winning (DESIGN.md §15).
    await db.schema.alterTable('winnings').addColumn('reminded_at', 'text').execute();

    await db.schema
      .alterTable('users')
      .addColumn('mail_opt_out', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
};
