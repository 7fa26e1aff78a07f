import type { MailStatus, OutboxMail, QueuedMail } from '../../core/model.ts';
import type { OutboxRepository } from '../../core/mail/ports.ts';
import type { MemoryState } from './state.ts';

export class MemoryOutboxRepository implements OutboxRepository {
  constructor(private readonly state: () => MemoryState) {}

  async add(mail: OutboxMail): Promise<void> {
    this.state().outbox.push({
      ...mail,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: mail.createdAt,
      lastError: null,
      sentAt: null,
    });
  }

  /** Newest first. */
  async list(limit: number, status?: MailStatus): Promise<QueuedMail[]> {
    return [...this.state().outbox]
      .reverse()
      .filter((m) => status === undefined || m.status === status)
      .slice(0, limit)
      .map((m) => ({ ...m }));
  }

  async claimDue(now: string, claimedUntil: string, token: string, limit: number): Promise<QueuedMail[]> {
    const claims = this.#claims();
    const due = this.state()
      .outbox.filter(
        (m) =>
          (m.status === 'pending' && m.nextAttemptAt <= now) ||
          (m.status === 'sending' && (claims.get(m.id)?.until ?? '') <= now),
      )
      .sort((a, b) =>
        a.nextAttemptAt < b.nextAttemptAt ? -1 : a.nextAttemptAt > b.nextAttemptAt ? 1 : a.id < b.id ? -1 : 1,
      )
      .slice(0, Math.max(0, limit));
    for (const m of due) {
      m.status = 'sending';
      m.attempts += 1;
      claims.set(m.id, { token, until: claimedUntil });
    }
    return due.map((m) => ({ ...m }));
  }

  async settle(
    id: string,
    token: string,
    outcome:
      | { status: 'sent'; at: string }
      | { status: 'pending'; nextAttemptAt: string; error: string }
      | { status: 'failed'; error: string },
  ): Promise<boolean> {
    const claims = this.#claims();
    const mail = this.state().outbox.find((m) => m.id === id);
    if (!mail || mail.status !== 'sending' || claims.get(id)?.token !== token) return false;
    claims.delete(id);
    mail.status = outcome.status;
    if (outcome.status === 'sent') {
      mail.sentAt = outcome.at;
      mail.lastError = null;
    } else {
      mail.lastError = outcome.error;
      if (outcome.status === 'pending') mail.nextAttemptAt = outcome.nextAttemptAt;
    }
    return true;
  }

  async queueStatus(): Promise<{ backlog: number; failed: number }> {
    const outbox = this.state().outbox;
    return {
      backlog: outbox.filter((m) => m.status === 'pending' || m.status === 'sending').length,
      failed: outbox.filter((m) => m.status === 'failed').length,
    };
  }

  async deleteTo(addresses: readonly string[]): Promise<number> {
    const wanted = new Set(addresses.map((a) => a.toLowerCase()));
    return this.#deleteWhere((m) => wanted.has(m.to.toLowerCase()));
  }

  async prune(sentBefore: string, failedBefore: string): Promise<{ sent: number; failed: number }> {
    const sent = this.#deleteWhere((m) => m.status === 'sent' && m.sentAt !== null && m.sentAt < sentBefore);
    const failed = this.#deleteWhere((m) => m.status === 'failed' && m.createdAt < failedBefore);
    return { sent, failed };
  }

  #deleteWhere(matches: (m: QueuedMail) => boolean): number {
    const s = this.state();
    const kept = s.outbox.filter((m) => !matches(m));
    const deleted = s.outbox.length - kept.length;
    for (const m of s.outbox) if (matches(m)) s.outboxClaims.delete(m.id);
    s.outbox = kept;
    return deleted;
  }

  #claims(): MemoryState['outboxClaims'] {
    return this.state().outboxClaims;
  }
}
