// Confirming a contact e-mail (DESIGN.md §15): a one-time link, valid 24 hours, stored only as its hash. Until the
// player follows it, mails go to the sign-in's verified e-mail; the link's mail is the only one an unverified
// address ever gets.
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { User } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import { contactEmailVerified, queueConfirmationMail } from '../mail/notifications.ts';
import { hashToken } from './sessions.ts';

export const CONFIRMATION_TTL_MS = 24 * 3_600_000;
/** Links a player may have sent in 24 hours: each is a mail to an address nobody verified. */
export const CONFIRMATION_LINKS_PER_DAY = 5;
const TOKEN_BYTES = 32;

export const CONFIRMATION_PATH = '/auth/confirm-email';
export const INVALID_CONFIRMATION_LINK =
  'This link has expired or was already used. Ask for a new one on your profile.';

/** Inside the caller's write: a new link for the user's contact e-mail, mailed to that address. */
export const sendConfirmationLink = async (
  repos: RepositoriesOf<'outbox' | 'emailConfirmations'>,
  deps: Pick<Deps, 'clock' | 'random' | 'digest' | 'config'>,
  user: User,
): Promise<void> => {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  await repos.emailConfirmations.deleteExpired(user.id, nowIso);
  const since = new Date(now.getTime() - CONFIRMATION_TTL_MS).toISOString();
  if ((await repos.emailConfirmations.countSince(user.id, since)) >= CONFIRMATION_LINKS_PER_DAY) {
    fail(
      'CONFLICT',
      `You can ask for at most ${CONFIRMATION_LINKS_PER_DAY} confirmation links a day. Please try again tomorrow.`,
    );
  }
  const token = deps.random.tokenHex(TOKEN_BYTES);
  await repos.emailConfirmations.add({
    tokenHash: hashToken(deps, token),
    userId: user.id,
    email: user.email,
    createdAt: nowIso,
    expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS).toISOString(),
  });
  await queueConfirmationMail(
    repos,
    deps.random,
    nowIso,
    user.email,
    `${deps.config.publicUrl}${CONFIRMATION_PATH}?token=${token}`,
  );
};

/** POST /api/profile/email-confirmation: another link to the unconfirmed contact e-mail. */
export const resendConfirmation = async (
  deps: Deps<'users' | 'outbox' | 'emailConfirmations'>,
  userId: string,
): Promise<{ message: string }> =>
  deps.store.write(async (repos) => {
    const user = await repos.users.lock(userId);
    if (!user) return fail('NOT_FOUND', 'User not found');
    if (contactEmailVerified(user, await repos.users.mailSettings(userId)))
      return fail('CONFLICT', 'Your e-mail address is already confirmed.');
    await sendConfirmationLink(repos, deps, user);
    return { message: `We sent a new link to ${user.email}.` };
  });

/** The address a link would confirm, or null when it is unknown, expired, or for an address the account no longer has. */
export const confirmationTarget = async (
  deps: Deps<'users' | 'emailConfirmations'>,
  token: string,
): Promise<string | null> =>
  deps.store.read(async (repos) => {
    const link = await repos.emailConfirmations.byTokenHash(hashToken(deps, token));
    if (!link || link.expiresAt <= deps.clock.now().toISOString()) return null;
    const user = await repos.users.byId(link.userId);
    return user && user.email.toLowerCase() === link.email.toLowerCase() ? user.email : null;
  });

/** Following the link: the contact e-mail becomes confirmed and every link of the account is used up. */
export const confirmContactEmail = async (
  deps: Deps<'users' | 'emailConfirmations'>,
  token: string,
): Promise<{ email: string }> =>
  deps.store.write(async (repos) => {
    const link = await repos.emailConfirmations.byTokenHash(hashToken(deps, token));
    if (!link || link.expiresAt <= deps.clock.now().toISOString()) return fail('NOT_FOUND', INVALID_CONFIRMATION_LINK);
    const user = await repos.users.lock(link.userId);
    // The account changed its e-mail since: this link proves nothing about the new one.
    if (!user || user.email.toLowerCase() !== link.email.toLowerCase())
      return fail('NOT_FOUND', INVALID_CONFIRMATION_LINK);
    await repos.users.setMailSettings(user.id, { contactEmailConfirmed: true });
    await repos.emailConfirmations.deleteForUser(user.id);
    return { email: user.email };
  });
