import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { MailStatus, OutboxMail, QueuedMail } from '../../core/model.ts';
import type { OutboxRepository } from '../../core/mail/ports.ts';
import { affected, toNumber, type SqlContext } from './dialect.ts';
import type { Database, OutboxTable } from './schema.ts';

const STATUSES: readonly MailStatus[] = ['pending', 'sending', 'sent', 'failed'];
const toStatus = (value: string): MailStatus => STATUSES.find((s) => s === value) ?? 'pending';

const toMail = (r: Selectable<OutboxTable>): QueuedMail => ({
  id: r.id,
  to: r.recipient,
  subject: r.subject,
  body: r.body,
  createdAt: r.created_at,
  status: toStatus(r.status),
  attempts: toNumber(r.attempts),
  nextAttemptAt: r.next_attempt_at ?? r.created_at,
  lastError: r.last_error,
  sentAt: r.sent_at,
});

export class SqlOutboxRepository implements OutboxRepository {
  constructor(private readonly ctx: SqlContext) {}

  async add(mail: OutboxMail): Promise<void> {
    await this.ctx.db
      .insertInto('outbox')
      .values({
        id: mail.id,
        recipient: mail.to,
        subject: mail.subject,
        body: mail.body,
        created_at: mail.createdAt,
        status: 'pending',
        next_attempt_at: mail.createdAt,
      })
      .execute();
  }

  /** Newest first. */
  async list(limit: number, status?: MailStatus): Promise<QueuedMail[]> {
    let query = this.ctx.db.selectFrom('outbox').selectAll();
    if (status) query = query.where('status', '=', status);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(Math.max(0, limit)).execute();
    return rows.map(toMail);
  }

  async claimDue(now: string, claimedUntil: string, token: string, limit: number): Promise<QueuedMail[]> {
    const { db, dialect } = this.ctx;
    const isDue = (eb: ExpressionBuilder<Database, 'outbox'>) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', now)]),
      ]);
    let due = db.selectFrom('outbox').select('id').where(isDue).orderBy('next_attempt_at').orderBy('id').limit(limit);
    // Two workers' claims skip each other's rows instead of waiting, and never share one.
    // SQLite needs nothing: the single statement runs while the write holds the whole database.
    if (dialect.rowLocks) due = due.forUpdate().skipLocked();
    const rows = await db
      .updateTable('outbox')
      .set((eb) => ({
        status: 'sending',
        claim_token: token,
        claimed_until: claimedUntil,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', due)
      // Checked again on the row as it is when updated: a claim made meanwhile is never taken over.
      .where(isDue)
      .returningAll()
      .execute();
    return rows
      .map(toMail)
      .sort((a, b) => (a.nextAttemptAt < b.nextAttemptAt ? -1 : a.nextAttemptAt > b.nextAttemptAt ? 1 : 0));
  }

  async settle(
    id: string,
    token: string,
    outcome:
      | { status: 'sent'; at: string }
      | { status: 'pending'; nextAttemptAt: string; error: string }
      | { status: 'failed'; error: string },
  ): Promise<boolean> {
    const fields =
      outcome.status === 'sent'
        ? { status: 'sent', sent_at: outcome.at, last_error: null }
        : outcome.status === 'pending'
          ? { status: 'pending', next_attempt_at: outcome.nextAttemptAt, last_error: outcome.error }
          : { status: 'failed', last_error: outcome.error };
    const result = await this.ctx.db
      .updateTable('outbox')
      .set({ ...fields, claim_token: null, claimed_until: null })
      .where('id', '=', id)
      .where('claim_token', '=', token)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    return affected(result) > 0;
  }

  async queueStatus(): Promise<{ backlog: number; failed: number }> {
    const row = await this.ctx.db
      .selectFrom('outbox')
      .select([
        sql<number>`sum(case when status in ('pending', 'sending') then 1 else 0 end)`.as('backlog'),
        sql<number>`sum(case when status = 'failed' then 1 else 0 end)`.as('failed'),
      ])
      .executeTakeFirstOrThrow();
    return { backlog: toNumber(row.backlog), failed: toNumber(row.failed) };
  }

  async deleteTo(addresses: readonly string[]): Promise<number> {
    if (addresses.length === 0) return 0;
    // lower(recipient) is indexed (migration 0014), so a deletion does not read the whole outbox.
    const result = await this.ctx.db
      .deleteFrom('outbox')
      .where(
        sql`lower(recipient)`,
        'in',
        addresses.map((a) => a.toLowerCase()),
      )
      .executeTakeFirstOrThrow();
    return affected(result);
  }

  async prune(sentBefore: string, failedBefore: string): Promise<{ sent: number; failed: number }> {
    const { db } = this.ctx;
    const sent = await db
      .deleteFrom('outbox')
      .where('status', '=', 'sent')
      .where('sent_at', '<', sentBefore)
      .executeTakeFirstOrThrow();
    const failed = await db
      .deleteFrom('outbox')
      .where('status', '=', 'failed')
      .where('created_at', '<', failedBefore)
      .executeTakeFirstOrThrow();
    return { sent: affected(sent), failed: affected(failed) };
  }
}
