import type { Instant, Session, User } from '../../core/model.ts';
import type { SessionRepository } from '../../core/accounts/ports.ts';
import type { MemoryState } from './state.ts';

export class MemorySessionRepository implements SessionRepository {
  constructor(private readonly state: () => MemoryState) {}

  async create(session: Session): Promise<void> {
    this.state().sessions.set(session.tokenHash, { ...session });
  }

  async withUser(tokenHash: string): Promise<{ session: Session; user: User } | null> {
    const session = this.state().sessions.get(tokenHash);
    const user = session ? this.state().users.get(session.userId) : undefined;
    return session && user ? { session: { ...session }, user: { ...user } } : null;
  }

  async extend(tokenHash: string, expiresAt: Instant): Promise<void> {
    const session = this.state().sessions.get(tokenHash);
    if (session) session.expiresAt = expiresAt;
  }

  async delete(tokenHash: string): Promise<void> {
    this.state().sessions.delete(tokenHash);
  }

  async deleteForUser(userId: string): Promise<void> {
    const sessions = this.state().sessions;
    for (const [hash, s] of sessions) if (s.userId === userId) sessions.delete(hash);
  }

  async forUser(userId: string): Promise<Session[]> {
    return [...this.state().sessions.values()]
      .filter((s) => s.userId === userId)
      .sort((a, b) =>
        a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a.tokenHash < b.tokenHash ? -1 : 1,
      )
      .map((s) => ({ ...s }));
  }

  async deleteExpired(now: Instant): Promise<number> {
    const sessions = this.state().sessions;
    let removed = 0;
    for (const [hash, s] of sessions) {
      if (s.expiresAt <= now) {
        sessions.delete(hash);
        removed += 1;
      }
    }
    return removed;
  }
}
