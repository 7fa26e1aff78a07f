// The prize settings' audit trail beside the payouts' one, and both readable newest first by time.
// admin_id has no foreign key: a change stays on record after its admin's account is deleted.
import type { Kysely, Migration } from 'kysely';

export const prizeAudit: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('prize_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('admin_id', 'text', (c) => c.notNull())
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('from_state', 'text')
      .addColumn('to_state', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('prize_audit_at').on('prize_audit').columns(['at', 'id']).execute();
    await db.schema.createIndex('payout_audit_at').on('payout_audit').columns(['at', 'id']).execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('payout_audit_at').execute();
    await db.schema.dropTable('prize_audit').execute();
  },
};
