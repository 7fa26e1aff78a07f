// One pass of the outbox (DESIGN.md §15), as every server's mail worker and `lowest mail send` run it: the claim
// reminders and the daily reminder that are due are queued, then every due mail is delivered when there is a sender.
// Each step is safe beside other instances and runs: a reminder is marked in the database, a mail claimed by one sender.
import type { Deps } from '../deps.ts';
import { queueDailyReminders } from './daily-reminder.ts';
import { deliverDueMails, type DeliveryReport } from './deliver-mails.ts';
import type { MailSender } from './mail-sender.ts';
import { queueClaimReminders } from './notifications.ts';

export interface MailPassReport extends DeliveryReport {
  /** Claim reminders queued by this pass. */
  reminders: number;
  /** Daily reminders queued by this pass. */
  dailyReminders: number;
}

/** `sender` null: mails wait in the outbox (no SMTP_URL); `reminderBeforeDeadlineMs`: REMINDER_MINUTES. */
export const mailPass = async (
  deps: Deps<'users' | 'games' | 'winnings' | 'outbox' | 'dailyReminders' | 'signingKeys'>,
  sender: MailSender | null,
  reminderBeforeDeadlineMs: number,
): Promise<MailPassReport> => {
  const reminders = await queueClaimReminders(deps);
  const dailyReminders = await queueDailyReminders(deps, reminderBeforeDeadlineMs);
  const delivered = sender ? await deliverDueMails(deps, sender) : { sent: 0, retrying: 0, failed: 0, lost: 0 };
  return { reminders, dailyReminders, ...delivered };
};
