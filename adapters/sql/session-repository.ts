import type { Instant, Session } from '../../core/model.ts';
import type { SessionRepository } from '../../core/accounts/ports.ts';
import { affected, type SqlContext } from './dialect.ts';

export class SqlSessionRepository implements SessionRepository {
  constructor(private readonly ctx: SqlContext) {}

  async create(session: Session): Promise<void> {
    await this.ctx.db
      .insertInto('sessions')
      .values({ token_hash: session.tokenHash, user_id: session.userId, created_at: session.createdAt, expires_at: session.expiresAt })
      .execute();
  }

  async byTokenHash(tokenHash: string): Promise<Session | null> {
    const row = await this.ctx.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row ? { tokenHash: row.token_hash, userId: row.user_id, createdAt: row.created_at, expiresAt: row.expires_at } : null;
  }

  async extend(tokenHash: string, expiresAt: Instant): Promise<void> {
    await this.ctx.db.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.ctx.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.ctx.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpired(now: Instant): Promise<number> {
    return affected(await this.ctx.db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirstOrThrow());
  }
}
