import { sql, type Selectable } from 'kysely';
import { DomainError } from '../../core/errors.ts';
import type { User } from '../../core/model.ts';
import type { MailSettings, NewUser, UserChanges, UserRepository } from '../../core/accounts/ports.ts';
import { affected, fromSqlBoolean, toNumber, type SqlContext } from './dialect.ts';
import type { UsersTable } from './schema.ts';
import { prepareLocking } from './prepared.ts';

/** Every submission locks its player (prepared.ts). */
const lockUser = prepareLocking(1, (db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id));

const emailTaken = () => new DomainError('EMAIL_TAKEN', 'That e-mail address is already in use.');

export const toUser = (row: Selectable<UsersTable>): User => ({
  id: row.id,
  email: row.email,
  verifiedEmail: row.verified_email,
  displayName: row.display_name,
  role: row.role === 'admin' ? 'admin' : 'player',
  googleSub: row.google_sub,
  referralCode: row.referral_code,
  isBot: fromSqlBoolean(row.is_bot),
  createdAt: row.created_at,
});

export class SqlUserRepository implements UserRepository {
  constructor(private readonly ctx: SqlContext) {}

  async create(user: NewUser): Promise<User> {
    const { db, dialect } = this.ctx;
    if (await this.#emailHeld(user.email, user.id)) throw emailTaken();
    const result = await db
      .insertInto('users')
      .values({
        id: user.id,
        email: user.email,
        verified_email: user.verifiedEmail,
        display_name: user.displayName,
        role: user.role,
        google_sub: user.googleSub,
        referral_code: user.referralCode,
        is_bot: dialect.bool(user.isBot),
        created_at: user.createdAt,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirstOrThrow();
    if (affected(result) === 0) {
      if (await this.byEmail(user.email)) throw emailTaken();
      if (user.verifiedEmail !== null && (await this.byVerifiedEmail(user.verifiedEmail))) throw emailTaken();
      throw new DomainError('CONFLICT', `User ${user.id} already exists.`);
    }
    await db
      .insertInto('player_stats')
      .values({
        user_id: user.id,
        wins: 0,
        entries: 0,
        current_streak: 0,
        best_streak: 0,
        last_played_date: null,
        last_played_at: null,
      })
      .execute();
    return { ...user };
  }

  async byId(id: string): Promise<User | null> {
    const row = await this.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async lock(id: string): Promise<User | null> {
    this.ctx.lockOrder?.player();
    const [row] = (await lockUser.run(this.ctx, 'update', id)).rows;
    return row ? toUser(row) : null;
  }

  async byEmail(email: string): Promise<User | null> {
    const row = await this.ctx.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
      .executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async byVerifiedEmail(email: string): Promise<User | null> {
    const row = await this.ctx.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(verified_email)`, '=', sql<string>`lower(${email})`)
      .executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async byGoogleSub(sub: string): Promise<User | null> {
    const row = await this.ctx.db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async byReferralCode(code: string): Promise<User | null> {
    const row = await this.ctx.db.selectFrom('users').selectAll().where('referral_code', '=', code).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async update(id: string, fields: UserChanges): Promise<User> {
    const { db, dialect } = this.ctx;
    const current = await this.byId(id);
    if (!current) throw new DomainError('NOT_FOUND', 'User not found.');
    if (fields.email !== undefined && (await this.#emailHeld(fields.email, id))) throw emailTaken();
    if (fields.verifiedEmail !== undefined) {
      const other = await this.byVerifiedEmail(fields.verifiedEmail);
      if (other && other.id !== id) throw emailTaken();
    }
    const emailChanged = fields.email !== undefined && fields.email.toLowerCase() !== current.email.toLowerCase();
    const changes = {
      ...(fields.email !== undefined && { email: fields.email }),
      // A new contact e-mail is unconfirmed until its own link is followed.
      ...(emailChanged && { email_confirmed: dialect.bool(false) }),
      ...(fields.displayName !== undefined && { display_name: fields.displayName }),
      ...(fields.role !== undefined && { role: fields.role }),
      ...(fields.googleSub !== undefined && { google_sub: fields.googleSub }),
      ...(fields.verifiedEmail !== undefined && { verified_email: fields.verifiedEmail }),
    };
    if (Object.keys(changes).length > 0) {
      try {
        await db.updateTable('users').set(changes).where('id', '=', id).execute();
      } catch (error) {
        // A concurrent write took the e-mail between the check and the write.
        if (dialect.isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    }
    return { ...current, ...fields };
  }

  /** Whether a user other than `exceptId` has the address as contact or verified e-mail. */
  async #emailHeld(email: string, exceptId: string): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('users')
      .select('id')
      .where('id', '!=', exceptId)
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`),
          eb(sql<string>`lower(verified_email)`, '=', sql<string>`lower(${email})`),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  async mailSettings(id: string): Promise<MailSettings> {
    const row = await this.ctx.db
      .selectFrom('users')
      .select(['mail_opt_out', 'daily_reminder', 'email_confirmed'])
      .where('id', '=', id)
      .executeTakeFirst();
    return {
      newsOptOut: row ? fromSqlBoolean(row.mail_opt_out) : false,
      dailyReminder: row ? fromSqlBoolean(row.daily_reminder) : false,
      contactEmailConfirmed: row ? fromSqlBoolean(row.email_confirmed) : false,
    };
  }

  async setMailSettings(id: string, changes: Partial<MailSettings>): Promise<void> {
    const { bool } = this.ctx.dialect;
    const set = {
      ...(changes.newsOptOut !== undefined && { mail_opt_out: bool(changes.newsOptOut) }),
      ...(changes.dailyReminder !== undefined && { daily_reminder: bool(changes.dailyReminder) }),
      ...(changes.contactEmailConfirmed !== undefined && { email_confirmed: bool(changes.contactEmailConfirmed) }),
    };
    if (Object.keys(set).length > 0) await this.ctx.db.updateTable('users').set(set).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.ctx.db.deleteFrom('player_stats').where('user_id', '=', id).execute();
    await this.ctx.db.deleteFrom('users').where('id', '=', id).execute();
  }

  async count(): Promise<{ users: number; bots: number }> {
    const { db, dialect } = this.ctx;
    const row = await db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll().as('users'),
        eb.fn.sum(eb.case().when('is_bot', '=', dialect.bool(true)).then(1).else(0).end()).as('bots'),
      ])
      .executeTakeFirstOrThrow();
    return { users: toNumber(row.users), bots: toNumber(row.bots) };
  }

  async listBots(): Promise<User[]> {
    const rows = await this.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('is_bot', '=', this.ctx.dialect.bool(true))
      .orderBy('id')
      .execute();
    return rows.map(toUser);
  }
}
