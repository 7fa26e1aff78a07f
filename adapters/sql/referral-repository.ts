import type { Selectable } from 'kysely';
import { DomainError } from '../../core/errors.ts';
import type { Instant, Referral } from '../../core/model.ts';
import type { ReferralRepository, ReferralStats } from '../../core/referrals/ports.ts';
import { affected, toNumber, type SqlContext } from './dialect.ts';
import { prepare } from './prepared.ts';
import type { ReferralsTable } from './schema.ts';

/** A player's first submission looks for the referral it completes (prepared.ts). */
const referralOf = prepare(1, (db, referredId: string) =>
  db.selectFrom('referrals').selectAll().where('referred_id', '=', referredId),
);

const toReferral = (row: Selectable<ReferralsTable>): Referral => ({
  id: row.id,
  referrerId: row.referrer_id,
  referredId: row.referred_id,
  code: row.code,
  status: row.status === 'completed' || row.status === 'not_eligible' ? row.status : 'pending',
  createdAt: row.created_at,
  completedAt: row.completed_at,
});

export class SqlReferralRepository implements ReferralRepository {
  constructor(private readonly ctx: SqlContext) {}

  async create(referral: Referral): Promise<void> {
    const result = await this.ctx.db
      .insertInto('referrals')
      .values({
        id: referral.id,
        referrer_id: referral.referrerId,
        referred_id: referral.referredId,
        code: referral.code,
        status: referral.status,
        created_at: referral.createdAt,
        completed_at: referral.completedAt,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirstOrThrow();
    if (affected(result) === 0)
      throw new DomainError('REFERRAL_NOT_ALLOWED', 'You have already used a referral code.', {
        reason: 'already_referred',
      });
  }

  async byReferrer(referrerId: string): Promise<Referral[]> {
    const rows = await this.ctx.db
      .selectFrom('referrals')
      .selectAll()
      .where('referrer_id', '=', referrerId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toReferral);
  }

  async byReferred(referredId: string): Promise<Referral | null> {
    const [row] = (await referralOf.run(this.ctx, referredId)).rows;
    return row ? toReferral(row) : null;
  }

  async markCompleted(id: string, completedAt: Instant): Promise<void> {
    await this.ctx.db
      .updateTable('referrals')
      .set({ status: 'completed', completed_at: completedAt })
      .where('id', '=', id)
      .execute();
  }

  async markNotEligible(id: string, at: Instant): Promise<void> {
    await this.ctx.db
      .updateTable('referrals')
      .set({ status: 'not_eligible', completed_at: at })
      .where('id', '=', id)
      .execute();
  }

  async stats(referrerId: string): Promise<ReferralStats> {
    const row = await this.ctx.db
      .selectFrom('referrals')
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum(eb.case().when('status', '=', 'completed').then(1).else(0).end()).as('completed'),
        eb.fn.sum(eb.case().when('status', '=', 'not_eligible').then(1).else(0).end()).as('not_eligible'),
      ])
      .where('referrer_id', '=', referrerId)
      .executeTakeFirstOrThrow();
    return {
      totalReferrals: toNumber(row.total),
      completedReferrals: toNumber(row.completed),
      notEligibleReferrals: toNumber(row.not_eligible),
    };
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.ctx.db
      .deleteFrom('referrals')
      .where((eb) => eb.or([eb('referrer_id', '=', userId), eb('referred_id', '=', userId)]))
      .execute();
  }
}
