// The provider-verified sign-in e-mail, kept apart from the contact e-mail the profile edits
// (DESIGN.md §8): ADMIN_EMAILS and `lowest users promote` match it only. Google-signed users get
// their current e-mail, which Google verified at their sign-in; dev-signed users get none (their
// next dev sign-in, on a loopback server only, claims it).
import { sql, type Kysely, type Migration } from 'kysely';

export const verifiedEmail: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').addColumn('verified_email', 'text').execute();
    await sql`update users set verified_email = email where google_sub is not null`.execute(db);
    await db.schema
      .createIndex('users_verified_email_ci')
      .on('users')
      .unique()
      .expression(sql`lower(verified_email)`)
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('users_verified_email_ci').execute();
    await db.schema.alterTable('users').dropColumn('verified_email').execute();
  },
};
