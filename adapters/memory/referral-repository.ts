import { DomainError } from '../../core/errors.ts';
import type { Instant, Referral } from '../../core/model.ts';
import type { ReferralRepository, ReferralStats } from '../../core/referrals/ports.ts';
import type { MemoryState } from './state.ts';

export class MemoryReferralRepository implements ReferralRepository {
  constructor(private readonly state: () => MemoryState) {}

  async create(referral: Referral): Promise<void> {
    const referrals = this.state().referrals;
    if ([...referrals.values()].some((r) => r.referredId === referral.referredId)) {
      throw new DomainError('REFERRAL_NOT_ALLOWED', 'You have already used a referral code.', {
        reason: 'already_referred',
      });
    }
    referrals.set(referral.id, { ...referral });
  }

  async byReferred(referredId: string): Promise<Referral | null> {
    const referral = [...this.state().referrals.values()].find((r) => r.referredId === referredId);
    return referral ? { ...referral } : null;
  }

  async markCompleted(id: string, completedAt: Instant): Promise<void> {
    const referrals = this.state().referrals;
    const referral = referrals.get(id);
    if (referral) referrals.set(id, { ...referral, status: 'completed', completedAt });
  }

  async markNotEligible(id: string, at: Instant): Promise<void> {
    const referrals = this.state().referrals;
    const referral = referrals.get(id);
    if (referral) referrals.set(id, { ...referral, status: 'not_eligible', completedAt: at });
  }

  async stats(referrerId: string): Promise<ReferralStats> {
    const made = [...this.state().referrals.values()].filter((r) => r.referrerId === referrerId);
    const count = (status: Referral['status']): number => made.filter((r) => r.status === status).length;
    return {
      totalReferrals: made.length,
      completedReferrals: count('completed'),
      notEligibleReferrals: count('not_eligible'),
    };
  }

  async byReferrer(referrerId: string): Promise<Referral[]> {
    return [...this.state().referrals.values()]
      .filter((r) => r.referrerId === referrerId)
      .sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a.id < b.id ? -1 : 1))
      .map((r) => ({ ...r }));
  }

  async deleteForUser(userId: string): Promise<void> {
    const referrals = this.state().referrals;
    for (const r of [...referrals.values()])
      if (r.referrerId === userId || r.referredId === userId) referrals.delete(r.id);
  }
}
