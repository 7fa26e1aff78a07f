import type { Selectable } from 'kysely';
import type { PublishedKey } from '../../core/fairness/model.ts';
import type { ReceiptKeyRepository, StoredReceiptKey } from '../../core/fairness/ports.ts';
import type { SqlContext } from './dialect.ts';
import type { ReceiptKeysTable } from './schema.ts';

const toKey = (row: Selectable<ReceiptKeysTable>): StoredReceiptKey => ({
  keyId: row.key_id,
  publicKey: row.public_key,
  privateKey: row.private_key,
  from: row.from_at,
  until: row.until_at,
});

/** The row of a key that signs from now on. */
const signingRow = (key: StoredReceiptKey) => ({
  key_id: key.keyId,
  public_key: key.publicKey,
  private_key: key.privateKey,
  from_at: key.from,
  until_at: null,
  signing: 1,
});

export class SqlReceiptKeyRepository implements ReceiptKeyRepository {
  constructor(private readonly ctx: SqlContext) {}

  async signing(): Promise<StoredReceiptKey | null> {
    const row = await this.ctx.db.selectFrom('receipt_keys').selectAll().where('signing', '=', 1).executeTakeFirst();
    return row ? toKey(row) : null;
  }

  async startIfNone(key: StoredReceiptKey): Promise<StoredReceiptKey> {
    // Two instances making the first key at once: `signing` is unique, so one insert wins and the other reads it.
    await this.ctx.db
      .insertInto('receipt_keys')
      .values(signingRow(key))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const signing = await this.signing();
    if (!signing) throw new Error('No receipt key signs after one was started.');
    return signing;
  }

  async rotate(key: StoredReceiptKey, until: string): Promise<void> {
    const { db } = this.ctx;
    await db
      .updateTable('receipt_keys')
      .set({ signing: null, until_at: until })
      .where('signing', '=', 1)
      .where('key_id', '!=', key.keyId)
      .execute();
    await db
      .insertInto('receipt_keys')
      .values(signingRow(key))
      .onConflict((oc) => oc.column('key_id').doUpdateSet({ signing: 1, until_at: null }))
      .execute();
  }

  async published(): Promise<PublishedKey[]> {
    const rows = await this.ctx.db
      .selectFrom('receipt_keys')
      .select(['key_id', 'public_key', 'from_at', 'until_at'])
      .orderBy('from_at')
      .orderBy('key_id')
      .execute();
    return rows.map((r) => ({ keyId: r.key_id, publicKey: r.public_key, from: r.from_at, until: r.until_at }));
  }
}
