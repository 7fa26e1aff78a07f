import type { PublishedKey } from '../../core/fairness/model.ts';
import type { ReceiptKeyRepository, StoredReceiptKey } from '../../core/fairness/ports.ts';
import type { MemoryState } from './state.ts';

const published = ({ keyId, publicKey, from, until }: StoredReceiptKey): PublishedKey => ({
  keyId,
  publicKey,
  from,
  until,
});

export class MemoryReceiptKeyRepository implements ReceiptKeyRepository {
  constructor(private readonly state: () => MemoryState) {}

  async signing(): Promise<StoredReceiptKey | null> {
    const key = this.state().receiptKeys.find((k) => k.until === null);
    return key ? { ...key } : null;
  }

  async startIfNone(key: StoredReceiptKey): Promise<StoredReceiptKey> {
    const signing = await this.signing();
    if (signing) return signing;
    this.state().receiptKeys.push({ ...key, until: null });
    return { ...key, until: null };
  }

  async rotate(key: StoredReceiptKey, until: string): Promise<void> {
    const keys = this.state().receiptKeys;
    for (const k of keys) if (k.until === null) k.until = until;
    const known = keys.find((k) => k.keyId === key.keyId);
    if (known) known.until = null;
    else keys.push({ ...key, until: null });
  }

  async published(): Promise<PublishedKey[]> {
    return this.state().receiptKeys.map(published);
  }
}
