// The signed-in player's own account: profile edits, totals, deletion; and the operators' role change.
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { Role, User } from '../model.ts';
import type { RepositoriesOf } from '../ports.ts';
import { contactEmailVerified, mailAddressOf } from '../mail/notifications.ts';
import { checkDisplayName, checkEmail, toMe, type MeDto } from './account-rules.ts';
import { sendConfirmationLink } from './contact-email.ts';

/**
 * The profile: who the player is, their mail switches (DESIGN.md §15), whether the contact e-mail is verified and
 * where mails go meanwhile (the sign-in's verified e-mail; null when there is none).
 */
export interface ProfileDto extends MeDto {
  emailNotifications: boolean;
  dailyReminder: boolean;
  emailVerified: boolean;
  mailAddress: string | null;
}

const toProfile = async (repos: RepositoriesOf<'users'>, user: User): Promise<ProfileDto> => {
  const settings = await repos.users.mailSettings(user.id);
  return {
    ...toMe(user),
    emailNotifications: !settings.newsOptOut,
    dailyReminder: settings.dailyReminder,
    emailVerified: contactEmailVerified(user, settings),
    mailAddress: mailAddressOf(user, settings),
  };
};

/** GET /api/profile */
export const myProfile = async (deps: Deps<'users'>, userId: string): Promise<ProfileDto> =>
  deps.store.read(async (repos) => {
    const user = await repos.users.byId(userId);
    if (!user) return fail('NOT_FOUND', 'User not found');
    return toProfile(repos, user);
  });

const optionalSwitch = (value: unknown, field: string): boolean | undefined => {
  if (value !== undefined && typeof value !== 'boolean') fail('VALIDATION', `${field} must be true or false`);
  return value as boolean | undefined;
};

/**
 * PUT /api/profile: the username is the e-mail, so only e-mail and display name change; `emailNotifications`
 * (mails not about money) and `dailyReminder` (optional) turn mails on or off. Money mails always go. A new contact
 * e-mail is unverified until its link, mailed to it, is followed.
 */
export const updateProfile = async (
  deps: Deps<'users' | 'outbox' | 'emailConfirmations'>,
  userId: string,
  input: { email?: string | null; displayName?: string | null; emailNotifications?: unknown; dailyReminder?: unknown },
): Promise<ProfileDto> => {
  const displayName = checkDisplayName(input.displayName);
  const email = checkEmail(input.email);
  const notifications = optionalSwitch(input.emailNotifications, 'emailNotifications');
  const dailyReminder = optionalSwitch(input.dailyReminder, 'dailyReminder');
  return deps.store.write(async (repos) => {
    const current = await repos.users.lock(userId);
    if (!current) return fail('NOT_FOUND', 'User not found');
    const user = await repos.users.update(userId, { email, displayName });
    const verified = user.verifiedEmail !== null && user.verifiedEmail.toLowerCase() === email.toLowerCase();
    if (email.toLowerCase() !== current.email.toLowerCase() && !verified) await sendConfirmationLink(repos, deps, user);
    await repos.users.setMailSettings(userId, {
      ...(notifications !== undefined && { newsOptOut: !notifications }),
      ...(dailyReminder !== undefined && { dailyReminder }),
    });
    return toProfile(repos, user);
  });
};

/** GET /api/stats/user/me */
export const userTotals = async (
  deps: Deps<'playerStats'>,
  userId: string,
): Promise<{ entriesCount: number; winsCount: number; currentStreak: number; bestStreak: number }> =>
  deps.store.read(async (repos) => {
    const stats = await repos.playerStats.byUser(userId);
    return {
      entriesCount: stats?.entries ?? 0,
      winsCount: stats?.wins ?? 0,
      currentStreak: stats?.currentStreak ?? 0,
      bestStreak: stats?.bestStreak ?? 0,
    };
  });

export const GUILD_ADMIN_DELETE_MESSAGE =
  'You are the admin of a guild with other members: hand it over or delete the guild before deleting your account.';

export const PAYOUT_IN_PROGRESS_MESSAGE =
  'A prize payout is in progress: you can delete your account once it is paid or rejected.';

/**
 * DELETE /api/profile, in one write (DESIGN.md §8): the person goes, the game's history stays. Gone: the user row,
 * sessions, e-mail links, referrals, rewards, bonus grants, reminders, integrity signals, guild membership and every
 * mail to their addresses. Kept, detached from any person: every entry and Mine, in the open game too (a pick cannot
 * be changed, so a deletion never makes another player's number unique, and the receipts stay INCLUDED); winnings and
 * their paid or failed payouts with their audit rows. A payout still moving (pending review, approved) refuses it.
 */
export const deleteAccount = async (
  deps: Deps<
    | 'users'
    | 'sessions'
    | 'games'
    | 'entries'
    | 'bonusEntries'
    | 'rewards'
    | 'mines'
    | 'referrals'
    | 'winnings'
    | 'guilds'
    | 'emailConfirmations'
    | 'outbox'
  >,
  userId: string,
): Promise<{ message: string }> =>
  deps.store.write(async (repos) => {
    // Open games first, then the user (the order every write locks in): a running close finishes before the entries
    // and mines are detached, and a submit, claim or review in flight finishes before we look at what it wrote.
    for (const game of await repos.games.listOpen()) await repos.games.lock(game.key, 'share');
    const user = await repos.users.lock(userId);
    if (!user) return fail('NOT_FOUND', 'User not found');
    // Only a payout that can no longer change may lose its player: paid or failed.
    const won = await repos.winnings.forUser(userId);
    if (won.some(({ payout }) => payout?.status === 'pending_review' || payout?.status === 'approved'))
      return fail('CONFLICT', PAYOUT_IN_PROGRESS_MESSAGE);
    const membership = await repos.guilds.membershipOf(userId);
    if (membership) {
      const guild = await repos.guilds.byId(membership.guildId);
      if (guild?.adminUserId === userId) {
        const others = (await repos.guilds.members(guild.id)).filter((m) => m.userId !== userId);
        if (others.length > 0) return fail('CONFLICT', GUILD_ADMIN_DELETE_MESSAGE);
        await repos.guilds.delete(guild.id);
      } else {
        await repos.guilds.removeMember(membership.guildId, userId);
      }
    }
    await repos.entries.detachFromUser(userId);
    await repos.mines.detachFromUser(userId);
    await repos.winnings.detachFromUser(userId);
    await repos.outbox.deleteTo([user.email, ...(user.verifiedEmail === null ? [] : [user.verifiedEmail])]);
    await repos.sessions.deleteForUser(userId);
    await repos.emailConfirmations.deleteForUser(userId);
    await repos.referrals.deleteForUser(userId);
    await repos.rewards.deleteForUser(userId);
    // The grants go, used or not; an entry a grant paid for stays in its game like any other.
    await repos.bonusEntries.deleteForUser(userId);
    await repos.users.delete(userId);
    return { message: 'Account deleted' };
  });

/**
 * `lowest users promote EMAIL` (and demote). Matches the e-mail the user signed in with, never the
 * contact e-mail: anyone can type an address into their profile.
 */
export const setRole = async (deps: Deps<'users'>, email: string, role: Role): Promise<User> => {
  if (role !== 'admin' && role !== 'player') return fail('VALIDATION', 'Role must be admin or player');
  return deps.store.write(async (repos) => {
    const user = await repos.users.byVerifiedEmail(email.trim());
    if (!user) return fail('NOT_FOUND', `No user with e-mail ${email.trim()}`);
    return repos.users.update(user.id, { role });
  });
};
