import type { Instant, Session, User } from '../../core/model.ts';
import type { SessionRepository } from '../../core/accounts/ports.ts';
import { affected, type SqlContext } from './dialect.ts';
import { prepare } from './prepared.ts';
import { toUser } from './user-repository.ts';

/** Every signed-in request's first statement. */
const sessionWithUser = prepare(1, (db, tokenHash: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select(['s.token_hash', 's.created_at as session_created_at', 's.expires_at'])
    .where('s.token_hash', '=', tokenHash),
);

export class SqlSessionRepository implements SessionRepository {
  constructor(private readonly ctx: SqlContext) {}

  async create(session: Session): Promise<void> {
    await this.ctx.db
      .insertInto('sessions')
      .values({
        token_hash: session.tokenHash,
        user_id: session.userId,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
      })
      .execute();
  }

  async forUser(userId: string): Promise<Session[]> {
    const rows = await this.ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('token_hash')
      .execute();
    return rows.map((r) => ({
      tokenHash: r.token_hash,
      userId: r.user_id,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
    }));
  }

  async withUser(tokenHash: string): Promise<{ session: Session; user: User } | null> {
    const [row] = (await sessionWithUser.run(this.ctx, tokenHash)).rows;
    if (!row) return null;
    const { token_hash, session_created_at, expires_at, ...user } = row;
    return {
      session: { tokenHash: token_hash, userId: user.id, createdAt: session_created_at, expiresAt: expires_at },
      user: toUser(user),
    };
  }

  async extend(tokenHash: string, expiresAt: Instant): Promise<void> {
    await this.ctx.db
      .updateTable('sessions')
      .set({ expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
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
