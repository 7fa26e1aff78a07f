import type { OutboxMail } from '../../core/model.ts';
import type { OutboxRepository } from '../../core/ports.ts';
import type { MemoryState } from './state.ts';

export class MemoryOutboxRepository implements OutboxRepository {
  constructor(private readonly state: () => MemoryState) {}

  async add(mail: OutboxMail): Promise<void> {
    this.state().outbox.push({ ...mail });
  }

  /** Newest first. */
  async list(limit: number): Promise<OutboxMail[]> {
    return [...this.state().outbox]
      .reverse()
      .slice(0, limit)
      .map((m) => ({ ...m }));
  }
}
