// The mails the game sends about a win (DESIGN.md §15), and the rule for who gets them: never bots, and
// news (mails not about money) only to players who did not turn them off. Plain text, links to publicUrl.
import type { Deps } from '../deps.ts';
import type { GameKey, Instant, Prize, User } from '../model.ts';
import type { Random, Repositories } from '../ports.ts';
import { formatMoney } from '../prizes/money.ts';

/** `money`: about a prize or a payout, always sent. `news`: the player may turn these off on the profile. */
export type MailKind = 'money' | 'news';

export const REMINDER_AFTER_MS = 3 * 24 * 3_600_000;
const REMINDER_BATCH = 100;

/** Queues a mail to the user inside the caller's unit of work; returns whether it was queued. */
export const queueMailTo = async (
  repos: Repositories,
  random: Random,
  now: Instant,
  user: User,
  mail: { subject: string; body: string },
  kind: MailKind,
): Promise<boolean> => {
  if (user.isBot) return false;
  if (kind === 'news' && (await repos.users.mailOptOut(user.id))) return false;
  await repos.outbox.add({ id: random.id(), to: user.email, subject: mail.subject, body: mail.body, createdAt: now });
  return true;
};

const describePrize = (prize: Prize): string =>
  `${formatMoney(prize.amountCents, prize.currency)} ${prize.prizeType === 'cash' ? 'cash prize' : 'voucher'} (${prize.description})`;

/** To the winner at the close. `prize` is null on a day without a prize: the win still counts. */
export const winnerMail = (
  args: { playerName: string; gameKey: GameKey; gameDate: string; number: number; prize: Prize | null },
  publicUrl: string,
): { subject: string; body: string } => {
  const game = args.gameKey === args.gameDate ? `the game of ${args.gameDate}` : `game ${args.gameKey}`;
  const prizeLines = args.prize
    ? `Your prize: ${describePrize(args.prize)}.\nClaim it here: ${publicUrl}/winnings`
    : `No prize was offered that day, but the win counts on the leaderboard: ${publicUrl}/leaderboard`;
  return {
    subject: `You won LOWEST UNIQUE on ${args.gameDate}`,
    body: `Hi ${args.playerName},\n\nYour number ${args.number} was the lowest number nobody else picked in ${game}: you won!\n\n${prizeLines}\n`,
  };
};

export const reminderMail = (
  args: { playerName: string; gameDate: string; number: number; prize: Prize },
  publicUrl: string,
): { subject: string; body: string } => ({
  subject: `LOWEST UNIQUE: your prize for ${args.gameDate} is waiting`,
  body: `Hi ${args.playerName},\n\nYou won the game of ${args.gameDate} with ${args.number} and have not claimed your ${describePrize(args.prize)} yet.\n\nClaim it here: ${publicUrl}/winnings\n`,
});

/**
 * Queues the one claim reminder of each winning still unclaimed 3 days after its close. Run by every delivery
 * pass (the server's mail worker, `lowest mail send`); the conditional mark makes it once, whoever runs it.
 */
export const queueClaimReminders = async (deps: Pick<Deps, 'store' | 'clock' | 'random' | 'config'>): Promise<number> => {
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
        if ((await repos.winnings.forUser(user.id)).some((w) => w.winning.id === winning.id && w.payout !== null)) return false;
        const mail = reminderMail({ playerName: user.displayName, gameDate: winning.gameDate, number: winning.winningNumber, prize: winning.prize }, deps.config.publicUrl);
        return queueMailTo(repos, deps.random, now.toISOString(), user, mail, 'news');
      });
      if (sent) queued += 1;
    }
    if (due.length < REMINDER_BATCH) return queued;
  }
};
