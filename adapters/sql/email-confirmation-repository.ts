import type { Selectable } from 'kysely';
import type { EmailConfirmation, EmailConfirmationRepository } from '../../core/accounts/ports.ts';
import { affected, toNumber, type SqlContext } from './dialect.ts';
import type { EmailConfirmationsTable } from './schema.ts';

const toConfirmation = (row: Selectable<EmailConfirmationsTable>): EmailConfirmation => ({
  tokenHash: row.token_hash,
  userId: row.user_id,
  email: row.email,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

export class SqlEmailConfirmationRepository implements EmailConfirmationRepository {
  constructor(private readonly ctx: SqlContext) {}

  async add(c: EmailConfirmation): Promise<void> {
    await this.ctx.db
      .insertInto('email_confirmations')
      .values({
        token_hash: c.tokenHash,
        user_id: c.userId,
        email: c.email,
        created_at: c.createdAt,
        expires_at: c.expiresAt,
      })
      .execute();
  }

  async byTokenHash(tokenHash: string): Promise<EmailConfirmation | null> {
    const row = await this.ctx.db
      .selectFrom('email_confirmations')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row ? toConfirmation(row) : null;
  }

  async countSince(userId: string, since: string): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('email_confirmations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return toNumber(row.n);
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.ctx.db.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
  }

  async deleteExpired(userId: string, now: string): Promise<void> {
    await this.ctx.db
      .deleteFrom('email_confirmations')
      .where('user_id', '=', userId)
      .where('expires_at', '<=', now)
      .execute();
  }

  async pruneExpired(now: string): Promise<number> {
    const result = await this.ctx.db
      .deleteFrom('email_confirmations')
      .where('expires_at', '<=', now)
      .executeTakeFirstOrThrow();
    return affected(result);
  }
}
