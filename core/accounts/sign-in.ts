// Sign-in (Google or dev): find the player by Google sub, else by verified e-mail, else create them.
import type { Deps } from '../deps.ts';
import { fail, isDomainError } from '../errors.ts';
import type { User } from '../model.ts';
import type { Random, RepositoriesOf } from '../ports.ts';
import type { UserChanges } from './ports.ts';
import { newReferralCode } from '../referrals/referrals.ts';
import { checkEmail } from './account-rules.ts';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN } from './profile-fields.ts';
import { oneLine } from '../mail/mail-text.ts';
import type { ClientSignals } from '../integrity/model.ts';
import { integrityKey, recordSignals } from '../integrity/integrity.ts';

export interface SignInInput {
  /** null for dev sign-in. */
  googleSub: string | null;
  email: string;
  displayName: string;
  /** ADMIN_EMAILS, compared case-insensitively with the verified e-mail (`email`) only. */
  adminEmails: readonly string[];
  /** The request's device and address, recorded as integrity signals (DESIGN.md §18). */
  client?: ClientSignals;
}

const isAdminEmail = (email: string, adminEmails: readonly string[]): boolean =>
  adminEmails.some((a) => a.trim().toLowerCase() === email.toLowerCase());

/** A usable display name from what the provider gave (on one line: it goes into mails), else the e-mail's local part. */
const displayNameFrom = (raw: string, email: string): string => {
  const given = [...oneLine(raw).trim()].slice(0, DISPLAY_NAME_MAX).join('');
  if ([...given].length >= DISPLAY_NAME_MIN) return given;
  const local = [...(email.split('@')[0] ?? '')].slice(0, DISPLAY_NAME_MAX).join('');
  return [...local].length >= DISPLAY_NAME_MIN ? local : 'Player';
};

/** A referral code no one holds yet (collisions among 36^12 codes are rare; a broken Random must not loop forever). */
export const uniqueReferralCode = async (repos: RepositoriesOf<'users'>, random: Random): Promise<string> => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const code = newReferralCode(random);
    if (!(await repos.users.byReferralCode(code))) return code;
  }
  return fail('CONFLICT', 'Could not find a free referral code');
};

/**
 * The account this sign-in is for, found by Google sub, else by verified e-mail; and, for a dev
 * sign-in only, an account made before verified e-mails existed, found by its contact e-mail. A
 * contact e-mail alone never identifies anyone: a player may type any free address there.
 */
const findAccount = async (repos: RepositoriesOf<'users'>, input: SignInInput, email: string): Promise<User | null> => {
  const bySub = input.googleSub === null ? null : await repos.users.byGoogleSub(input.googleSub);
  if (bySub) return bySub;
  const byVerified = await repos.users.byVerifiedEmail(email);
  if (byVerified) {
    // The e-mail belongs to another Google account: linking would hand that account over.
    if (input.googleSub !== null && byVerified.googleSub !== null) {
      return fail('CONFLICT', 'This e-mail address is linked to a different Google account');
    }
    return byVerified;
  }
  if (input.googleSub !== null) return null;
  const legacy = await repos.users.byEmail(email);
  return legacy && legacy.verifiedEmail === null && legacy.googleSub === null ? legacy : null;
};

/** Signs in an existing account (promoting, linking, recording the verified e-mail), or null when there is none. */
const signInExisting = async (
  repos: RepositoriesOf<'users'>,
  input: SignInInput,
  email: string,
  admin: boolean,
): Promise<{ user: User; isNew: boolean } | null> => {
  const existing = await findAccount(repos, input, email);
  if (!existing) return null;
  if (existing.isBot) return fail('FORBIDDEN', 'Bot accounts cannot sign in');
  const fields: UserChanges = {};
  // Promote from ADMIN_EMAILS, never demote: a role given by the CLI survives later sign-ins.
  if (admin && existing.role !== 'admin') fields.role = 'admin';
  if (input.googleSub !== null && existing.googleSub === null) fields.googleSub = input.googleSub;
  // Google may report a changed address for the same sub: keep the one it vouches for now, if free.
  if (existing.verifiedEmail?.toLowerCase() !== email.toLowerCase()) {
    const holder = await repos.users.byVerifiedEmail(email);
    if (!holder || holder.id === existing.id) fields.verifiedEmail = email;
  }
  const user = Object.keys(fields).length > 0 ? await repos.users.update(existing.id, fields) : existing;
  return { user, isNew: false };
};

/**
 * Before a new account takes its verified e-mail as contact e-mail, another account using that
 * address only as its contact e-mail gives it back and returns to its own verified e-mail: the
 * address's owner wins over whoever typed it into a profile first.
 */
const reclaimContactEmail = async (repos: RepositoriesOf<'users'>, email: string): Promise<void> => {
  const holder = await repos.users.byEmail(email);
  if (!holder) return;
  if (holder.verifiedEmail === null) return fail('CONFLICT', 'This e-mail address is in use by another account');
  await repos.users.update(holder.id, { email: holder.verifiedEmail });
};

/** The account signing in: an existing one, else a new one. */
const signInOrCreate = async (
  deps: Omit<Deps, 'store'>,
  repos: RepositoriesOf<'users'>,
  input: SignInInput,
  email: string,
  admin: boolean,
): Promise<{ user: User; isNew: boolean }> => {
  const known = await signInExisting(repos, input, email, admin);
  if (known) return known;
  await reclaimContactEmail(repos, email);
  try {
    const user = await repos.users.create({
      id: deps.random.id(),
      email,
      verifiedEmail: email,
      displayName: displayNameFrom(input.displayName, email),
      role: admin ? 'admin' : 'player',
      googleSub: input.googleSub,
      referralCode: await uniqueReferralCode(repos, deps.random),
      isBot: false,
      createdAt: deps.clock.now().toISOString(),
    });
    return { user, isNew: true };
  } catch (error) {
    // A parallel first sign-in (double click, two tabs) created the account meanwhile: use it.
    const raced =
      isDomainError(error) && error.code === 'EMAIL_TAKEN' ? await signInExisting(repos, input, email, admin) : null;
    if (!raced) throw error;
    return raced;
  }
};

export const signIn = async (
  deps: Deps<'users' | 'signingKeys' | 'integrity'>,
  input: SignInInput,
): Promise<{ user: User; isNew: boolean }> => {
  const email = checkEmail(input.email);
  const admin = isAdminEmail(email, input.adminEmails);
  const key = input.client ? await integrityKey(deps) : '';
  const now = deps.clock.now();
  return deps.store.write(async (repos) => {
    const result = await signInOrCreate(deps, repos, input, email, admin);
    await recordSignals(repos, deps, key, result.user.id, input.client, now);
    return result;
  });
};
