// What the referrals module needs from the database.
import type { Instant, Referral } from '../model.ts';

export interface ReferralStats {
  totalReferrals: number;
  completedReferrals: number;
  notEligibleReferrals: number;
}

export interface ReferralRepository {
  /** Throws DomainError REFERRAL_NOT_ALLOWED when the referred player already has a referral. */
  create(referral: Referral): Promise<void>;
  byReferred(referredId: string): Promise<Referral | null>;
  markCompleted(id: string, completedAt: Instant): Promise<void>;
  /** The referral ends without a bonus: the two accounts are one cluster. */
  markNotEligible(id: string, at: Instant): Promise<void>;
  stats(referrerId: string): Promise<ReferralStats>;
  /** The referrals the player made, oldest first (the data export). */
  byReferrer(referrerId: string): Promise<Referral[]>;
  /** Removes referrals made by or to the user. */
  deleteForUser(userId: string): Promise<void>;
}
