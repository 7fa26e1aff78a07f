// The mails the game sends about a win (DESIGN.md §15), and the rule for who gets them: never bots, only at a
// verified address, and news (mails not about money) only to players who did not turn them off. Plain text built
// by mailText, links to publicUrl.
import type { Deps } from '../deps.ts';
import type { GameKey, Instant, Prize, User } from '../model.ts';
import type { Random, RepositoriesOf } from '../ports.ts';
import type { MailSettings } from '../accounts/ports.ts';
import { formatMoney } from '../prizes/money.ts';
import { mailText, oneLine, type MailContent } from './mail-text.ts';

/**
 * `money`: about a prize or a payout, always sent. `news`: the player may turn these off on the profile.
 * `daily`: the daily reminder, which the caller sends only to players who turned it on.
 */
export type MailKind = 'money' | 'news' | 'daily';

export const REMINDER_AFTER_MS = 3 * 24 * 3_600_000;
const REMINDER_BATCH = 100;

const sameAddress = (a: string | null, b: string | null): boolean =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/** Whether the contact e-mail is verified: it is the sign-in's verified e-mail, or its link was followed. */
export const contactEmailVerified = (
  user: Pick<User, 'email' | 'verifiedEmail'>,
  settings: Pick<MailSettings, 'contactEmailConfirmed'>,
): boolean => settings.contactEmailConfirmed || sameAddress(user.email, user.verifiedEmail);

/** Where the player's mails go: the contact e-mail once verified, else the sign-in's verified e-mail; null for none. */
export const mailAddressOf = (
  user: Pick<User, 'isBot' | 'email' | 'verifiedEmail'>,
  settings: Pick<MailSettings, 'contactEmailConfirmed'>,
): string | null => {
  if (user.isBot) return null;
  return contactEmailVerified(user, settings) ? user.email : user.verifiedEmail;
};

/** Queues a mail to the user's verified address inside the caller's unit of work; returns whether it was queued. */
export const queueMailTo = async (
  repos: RepositoriesOf<'users' | 'outbox'>,
  random: Random,
  now: Instant,
  user: User,
  mail: MailContent,
  kind: MailKind,
): Promise<boolean> => {
  if (user.isBot) return false;
  const settings = await repos.users.mailSettings(user.id);
  if (kind === 'news' && settings.newsOptOut) return false;
  const to = mailAddressOf(user, settings);
  if (to === null) return false;
  // The subject is a header: one line whatever its builder did.
  await repos.outbox.add({ id: random.id(), to, subject: oneLine(mail.subject), body: mail.body, createdAt: now });
  return true;
};

/**
 * The one mail that goes to an address nobody verified: the link that confirms it, and nothing else (no name,
 * no text a player typed), so a stranger's address gains nothing but a link they may ignore.
 */
export const queueConfirmationMail = async (
  repos: RepositoriesOf<'outbox'>,
  random: Random,
  now: Instant,
  to: string,
  link: string,
): Promise<void> => {
  const mail = confirmationMail(link);
  await repos.outbox.add({ id: random.id(), to, subject: mail.subject, body: mail.body, createdAt: now });
};

export const confirmationMail = (link: string): MailContent => ({
  subject: 'LOWEST UNIQUE: confirm your e-mail address',
  body: mailText`Someone entered this address as the contact e-mail of a LOWEST UNIQUE account. If it was you, confirm it within 24 hours:\n\n${link}\n\nIf it was not you, ignore this mail: no game mail comes to this address unless the link is followed.\n`,
});

export const describePrize = (prize: Pick<Prize, 'amountCents' | 'currency' | 'prizeType' | 'description'>): string =>
  mailText`${formatMoney(prize.amountCents, prize.currency)} ${prize.prizeType === 'cash' ? 'cash prize' : 'voucher'} (${prize.description})`;

/** To the winner at the close. `prize` is null on a day without a prize: the win still counts. */
export const winnerMail = (
  args: { playerName: string; gameKey: GameKey; gameDate: string; number: number; prize: Prize | null },
  publicUrl: string,
): MailContent => {
  const game = args.gameKey === args.gameDate ? `the game of ${args.gameDate}` : `game ${args.gameKey}`;
  const prizeLines = args.prize
    ? mailText`Your prize: ${describePrize(args.prize)}.\nClaim it here: ${publicUrl}/winnings`
    : mailText`No prize was offered that day, but the win counts on the leaderboard: ${publicUrl}/leaderboard`;
  return {
    subject: mailText`You won LOWEST UNIQUE on ${args.gameDate}`,
    body: `${mailText`Hi ${args.playerName},\n\nYour number ${args.number} was the lowest number nobody else picked in ${game}: you won!`}\n\n${prizeLines}\n`,
  };
};

export const reminderMail = (
  args: { playerName: string; gameDate: string; number: number; prize: Prize },
  publicUrl: string,
): MailContent => ({
  subject: mailText`LOWEST UNIQUE: your prize for ${args.gameDate} is waiting`,
  body: mailText`Hi ${args.playerName},\n\nYou won the game of ${args.gameDate} with ${args.number} and have not claimed your ${describePrize(args.prize)} yet.\n\nClaim it here: ${publicUrl}/winnings\n`,
});

/**
 * Queues the one claim reminder of each winning still unclaimed 3 days after its close. Run by every delivery
 * pass (the server's mail worker, `lowest mail send`); the conditional mark makes it once, whoever runs it.
 */
export const queueClaimReminders = async (
  deps: Pick<Deps<'users' | 'winnings' | 'outbox'>, 'store' | 'clock' | 'random' | 'config'>,
): Promise<number> => {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - REMINDER_AFTER_MS).toISOString();
  let queued = 0;
  for (;;) {
    const due = await deps.store.read((repos) => repos.winnings.dueForReminder(before, REMINDER_BATCH));
    for (const winning of due) {
      const sent = await deps.store.write(async (repos) => {
        if (!(await repos.winnings.markReminded(winning.id, now.toISOString()))) return false;
        const user = winning.userId ? await repos.users.byId(winning.userId) : null;
        if (!user) return false;
        // Claimed since the list was read: no reminder (the mark stays, nothing more is due).
        if ((await repos.winnings.forUser(user.id)).some((w) => w.winning.id === winning.id && w.payout !== null))
          return false;
        const mail = reminderMail(
          {
            playerName: user.displayName,
            gameDate: winning.gameDate,
            number: winning.winningNumber,
            prize: winning.prize,
          },
          deps.config.publicUrl,
        );
        return queueMailTo(repos, deps.random, now.toISOString(), user, mail, 'news');
      });
      if (sent) queued += 1;
    }
    if (due.length < REMINDER_BATCH) return queued;
  }
};
