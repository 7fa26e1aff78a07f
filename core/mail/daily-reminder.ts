// The daily reminder (DESIGN.md §15): a set time before the deadline, one mail to each player who turned it on
// and has not played that day's game yet. At most one a day per player: the mark is a unique key on player and
// date, taken in the mail's own write, so two instances (or a rerun) never both send. The mail's link turns the
// reminder off without signing in: it carries the player's id signed with a key the database keeps.
import type { Deps } from '../deps.ts';
import { fail } from '../errors.ts';
import type { GameDate } from '../model.ts';
import type { Digest } from '../ports.ts';
import { closeInstantAfter, gameDateOf } from '../game/calendar.ts';
import { mailText, type MailContent } from './mail-text.ts';
import { queueMailTo } from './notifications.ts';

const BATCH = 100;
const LINK_KEY = 'mail-links';
const KEY_BYTES = 32;
export const UNSUBSCRIBE_PATH = '/auth/unsubscribe';

type ReminderDeps = Pick<
  Deps<'users' | 'games' | 'outbox' | 'dailyReminders' | 'signingKeys'>,
  'store' | 'clock' | 'random' | 'digest' | 'config'
>;

/** The key that signs the links in mails: made once, by whichever instance asks first. */
const linkKey = (deps: ReminderDeps): Promise<string> =>
  deps.store.write((repos) =>
    repos.signingKeys.ensure(LINK_KEY, deps.random.tokenHex(KEY_BYTES), deps.clock.now().toISOString()),
  );

const signature = (digest: Digest, key: string, userId: string): string =>
  digest.hmacSha256Hex(key, `daily-reminder-off|${userId}`);

/** `{userId}.{signature}`: no expiry, an unsubscribe link should work whenever the mail is read. */
export const unsubscribeToken = (digest: Digest, key: string, userId: string): string =>
  `${userId}.${signature(digest, key, userId)}`;

/** Compares in time independent of where the texts differ, so a forger learns nothing from timing. */
const sameText = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
};

/** "about 2 hours", "45 minutes". */
const timeLeft = (ms: number): string => {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `about ${Math.round(minutes / 60)} hours`;
};

export const dailyReminderMail = (
  args: { playerName: string; gameDate: GameDate; msLeft: number; unsubscribeUrl: string },
  publicUrl: string,
): MailContent => ({
  subject: mailText`LOWEST UNIQUE: the game of ${args.gameDate} closes in ${timeLeft(args.msLeft)}`,
  body: mailText`Hi ${args.playerName},\n\nYou have not picked a number in the game of ${args.gameDate} yet. It closes in ${timeLeft(args.msLeft)}.\n\nPlay: ${publicUrl}/\n\nYou get this mail because you turned on the daily reminder. Turn it off (no sign-in needed): ${args.unsubscribeUrl}\n`,
});

/**
 * Queues the day's reminders once the deadline is at most `beforeDeadlineMs` away. Run by every delivery pass;
 * returns how many it queued.
 */
export const queueDailyReminders = async (deps: ReminderDeps, beforeDeadlineMs: number): Promise<number> => {
  const now = deps.clock.now();
  const closesAt = closeInstantAfter(now, deps.config);
  const msLeft = closesAt.getTime() - now.getTime();
  if (msLeft > beforeDeadlineMs) return 0;
  const date = gameDateOf(closesAt, deps.config);
  // An admin closed the day's game early and opened no other: nothing is left to play.
  const game = await deps.store.read((repos) => repos.games.latestForDate(date));
  if (game?.status === 'closed') return 0;
  const key = await linkKey(deps);
  let queued = 0;
  for (;;) {
    const due = await deps.store.read((repos) => repos.dailyReminders.due(date, BATCH));
    for (const user of due) {
      const sent = await deps.store.write(async (repos) => {
        if (!(await repos.dailyReminders.mark(user.id, date, now.toISOString()))) return false;
        const unsubscribeUrl = `${deps.config.publicUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(deps.digest, key, user.id)}`;
        const mail = dailyReminderMail(
          { playerName: user.displayName, gameDate: date, msLeft, unsubscribeUrl },
          deps.config.publicUrl,
        );
        return queueMailTo(repos, deps.random, now.toISOString(), user, mail, 'daily');
      });
      if (sent) queued += 1;
    }
    if (due.length < BATCH) return queued;
  }
};

const INVALID_LINK = 'This unsubscribe link is not valid. Turn the reminder off on your profile instead.';

/** The unsubscribe link: turns the daily reminder off (and nothing else) for the player it was signed for. */
export const turnOffDailyReminder = async (deps: ReminderDeps, token: string): Promise<void> => {
  const dot = token.lastIndexOf('.');
  const userId = token.slice(0, dot);
  if (dot <= 0 || !sameText(token.slice(dot + 1), signature(deps.digest, await linkKey(deps), userId)))
    fail('NOT_FOUND', INVALID_LINK);
  await deps.store.write(async (repos) => {
    // A deleted account has nothing left to turn off: the link still says it worked.
    if (await repos.users.byId(userId)) await repos.users.setMailSettings(userId, { dailyReminder: false });
  });
};
