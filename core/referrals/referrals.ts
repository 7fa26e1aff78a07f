// Referral codes (DESIGN.md §5): a new player enters a friend's code and gets a bonus entry; the friend
// gets one when the new player makes their first entry (see submitEntry).
import type { Deps } from '../deps.ts';
import type { Random } from '../ports.ts';
import { DomainError } from '../errors.ts';
import { bonusEntryView, grantBonusEntry, type BonusEntryView } from '../entries/bonus-entries.ts';
import { sameCluster } from '../integrity/integrity.ts';
import type { ReferralStats } from './ports.ts';

export const REFERRAL_CODE_LENGTH = 12;
export const NOT_ELIGIBLE_MESSAGE = 'Referral code recorded. Referrals between linked accounts earn no bonus.';
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const isValidCodeFormat = (code: string): boolean => /^[A-Z0-9]{12}$/.test(code);

/** Codes are typed by people: accept surrounding spaces and lower case. */
const normalise = (code: string): string => code.trim().toUpperCase();

export const newReferralCode = (random: Random): string => {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) {
    code += CODE_ALPHABET[Math.floor(random.next() * CODE_ALPHABET.length)] ?? 'A';
  }
  return code;
};

export const validateReferralCode = async (deps: Deps<'users'>, code: string): Promise<boolean> => {
  const wanted = normalise(code);
  if (!isValidCodeFormat(wanted)) return false;
  return (await deps.store.read((repos) => repos.users.byReferralCode(wanted))) !== null;
};

export const myReferralCode = async (deps: Deps<'users'>, userId: string): Promise<{ referralCode: string }> => {
  const user = await deps.store.read((repos) => repos.users.byId(userId));
  if (!user) throw new DomainError('NOT_FOUND', 'User not found.');
  return { referralCode: user.referralCode };
};

export const processReferral = async (
  deps: Deps<'users' | 'games' | 'entries' | 'bonusEntries' | 'referrals' | 'integrity'>,
  input: { userId: string; referralCode: string },
): Promise<{ message: string }> => {
  const code = normalise(input.referralCode);
  const now = deps.clock.now();
  return deps.store.write(async (repos) => {
    // Serialised with the player's own submits (the first entry ends eligibility) and deletion.
    if (!(await repos.users.lock(input.userId))) throw new DomainError('UNAUTHENTICATED', 'Please sign in first.');
    const referrer = isValidCodeFormat(code) ? await repos.users.byReferralCode(code) : null;
    if (!referrer) throw new DomainError('REFERRAL_INVALID', 'Invalid referral code.');
    if (referrer.id === input.userId)
      throw new DomainError('REFERRAL_NOT_ALLOWED', 'You cannot use your own referral code.', { reason: 'own_code' });
    if (await repos.referrals.byReferred(input.userId)) {
      throw new DomainError('REFERRAL_NOT_ALLOWED', 'You have already used a referral code.', {
        reason: 'already_referred',
      });
    }
    if ((await repos.entries.countForPlayer(input.userId)) > 0) {
      throw new DomainError('REFERRAL_NOT_ALLOWED', 'Referral codes are only for new players.', {
        reason: 'already_played',
      });
    }
    // Between two accounts of one cluster (DESIGN.md §18) the referral is kept on record and grants nothing.
    const game = await repos.games.latestClosed();
    const linked = await sameCluster(repos, game?.key ?? null, input.userId, referrer.id, now);
    await repos.referrals.create({
      id: deps.random.id(),
      referrerId: referrer.id,
      referredId: input.userId,
      code,
      status: linked ? 'not_eligible' : 'pending',
      createdAt: now.toISOString(),
      completedAt: linked ? now.toISOString() : null,
    });
    if (linked) return { message: NOT_ELIGIBLE_MESSAGE };
    await grantBonusEntry(repos, deps.random, { userId: input.userId, sourceType: 'referral', now });
    return { message: 'Referral code applied: you have a bonus entry!' };
  });
};

export const referralStats = (deps: Deps<'referrals'>, userId: string): Promise<ReferralStats> =>
  deps.store.read((repos) => repos.referrals.stats(userId));

export const referralBonuses = async (
  deps: Deps<'bonusEntries'>,
  userId: string,
): Promise<{ availableBonuses: number; bonusEntries: BonusEntryView[] }> => {
  const grants = await deps.store.read((repos) => repos.bonusEntries.available(userId, deps.clock.now().toISOString()));
  return {
    availableBonuses: grants.reduce((sum, g) => sum + g.remainingEntries, 0),
    bonusEntries: grants.map(bonusEntryView),
  };
};
