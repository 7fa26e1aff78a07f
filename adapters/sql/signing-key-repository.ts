import type { SigningKeyRepository } from '../../core/mail/ports.ts';
import type { SqlContext } from './dialect.ts';

export class SqlSigningKeyRepository implements SigningKeyRepository {
  constructor(private readonly ctx: SqlContext) {}

  async ensure(name: string, candidate: string, at: string): Promise<string> {
    const { db } = this.ctx;
    // Two instances asking at once: one insert wins, the other does nothing and reads the winner's key.
    await db
      .insertInto('signing_keys')
      .values({ name, secret: candidate, created_at: at })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('signing_keys').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
    return row.secret;
  }
}
