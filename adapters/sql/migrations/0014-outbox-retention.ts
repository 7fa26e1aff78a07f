// What keeps the outbox's retention and an account's deletion from reading the whole outbox (DESIGN.md §8, §20):
// the daily prune reads sent mails by their send time, the deletion reads a person's mails by address.
import { sql, type Kysely, type Migration } from 'kysely';

export const outboxRetention: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('outbox_sent').on('outbox').columns(['status', 'sent_at']).execute();
    await db.schema
      .createIndex('outbox_recipient')
      .on('outbox')
      .expression(sql`lower(recipient)`)
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('outbox_recipient').execute();
    await db.schema.dropIndex('outbox_sent').execute();
  },
};
