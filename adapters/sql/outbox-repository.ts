import type { OutboxMail } from '../../core/model.ts';
import type { OutboxRepository } from '../../core/ports.ts';
import type { SqlContext } from './dialect.ts';

export class SqlOutboxRepository implements OutboxRepository {
  constructor(private readonly ctx: SqlContext) {}

  async add(mail: OutboxMail): Promise<void> {
    await this.ctx.db
      .insertInto('outbox')
      .values({ id: mail.id, recipient: mail.to, subject: mail.subject, body: mail.body, created_at: mail.createdAt })
      .execute();
  }

  /** Newest first. */
  async list(limit: number): Promise<OutboxMail[]> {
    const rows = await this.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.max(0, limit))
      .execute();
    return rows.map((r) => ({ id: r.id, to: r.recipient, subject: r.subject, body: r.body, createdAt: r.created_at }));
  }
}
