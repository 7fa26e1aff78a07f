// Fixed-window rate-limit counters shared by every server instance on one database (DESIGN.md §14).
// One row per key; the window it counts is part of the row, so an upsert can start a new window.
import type { Kysely, Migration } from 'kysely';

export const rateLimits: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rate_limits').execute();
  },
};
