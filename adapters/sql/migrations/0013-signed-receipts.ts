// Signed receipts (DESIGN.md §16): the Ed25519 keys that sign them, and each entry's and mine's signature. The one
// key that signs has `signing` = 1 (a unique column, so two instances making the first key at once keep one); a key
// that stopped signing has `signing` null and `until_at` set. `private_key` is null for RECEIPT_SIGNING_KEY's key,
// which only the environment holds.
import type { Kysely, Migration } from 'kysely';

export const signedReceipts: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('receipt_keys')
      .addColumn('key_id', 'text', (c) => c.primaryKey())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('private_key', 'text')
      .addColumn('from_at', 'text', (c) => c.notNull())
      .addColumn('until_at', 'text')
      .addColumn('signing', 'integer', (c) => c.unique())
      .execute();
    for (const table of ['entries', 'mines']) {
      await db.schema.alterTable(table).addColumn('receipt_key_id', 'text').execute();
      await db.schema.alterTable(table).addColumn('receipt_sig', 'text').execute();
    }
  },
};
