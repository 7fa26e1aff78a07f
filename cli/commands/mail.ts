import type { Command } from '../command.ts';
import type { Runtime } from '../runtime.ts';
import { MAX_MAIL_LIMIT, recentMails } from '../../core/mail/outbox.ts';
import { mailQueueStatus, type DeliveryReport } from '../../core/mail/deliver-mails.ts';
import { mailPass, type MailPassReport } from '../../core/mail/mail-pass.ts';
import { numberOption } from '../option-values.ts';
import { instant } from '../format.ts';
import { RuntimeConfigError } from '../runtime.ts';

export const mailListCommand: Command = {
  name: 'mail list',
  args: [],
  options: {
    limit: { type: 'string', valueName: 'N', description: `How many mails, 1-${MAX_MAIL_LIMIT}`, default: '20' },
    failed: { type: 'boolean', description: 'Only the mails that failed for good (dead letters), with the last error' },
  },
  summary: 'Show the newest e-mails in the outbox (time, delivery status, recipient, subject).',
  details: [
    'Mails go to the outbox when a game is won, a winning stays unclaimed for 3 days, and a payout is claimed,',
    'approved, paid or rejected; the mail worker (or lowest mail send) delivers them. --json adds each body.',
  ].join('\n'),
  run: async ({ options, open }) => {
    const limit = numberOption(mailListCommand, options, 'limit', 20);
    const failedOnly = options.failed === true;
    const { deps } = await open();
    const { mails } = await recentMails(deps, limit, failedOnly ? 'failed' : undefined);
    const width = Math.max(0, ...mails.map((m) => m.to.length)) + 2;
    const line = (m: (typeof mails)[number]) =>
      `${instant(m.createdAt)}  ${m.status.padEnd(9)}${m.to.padEnd(width)}${m.subject}${failedOnly && m.lastError ? `\n    ${m.lastError}` : ''}`;
    const text =
      mails.length === 0 ? (failedOnly ? 'No mail has failed.' : 'The outbox is empty.') : mails.map(line).join('\n');
    return { data: { mails }, text };
  },
};

/** One delivery pass with the runtime's sender, as the server's mail worker runs it: reminders due, then every due mail. */
export const deliveryPass = (runtime: Runtime): Promise<MailPassReport> =>
  mailPass(runtime.deps, runtime.mailSender, runtime.reminderBeforeDeadlineMs);

export const deliveryLine = (report: DeliveryReport): string =>
  `Mail: ${report.sent} sent${report.retrying > 0 ? `, ${report.retrying} to retry` : ''}${report.failed > 0 ? `, ${report.failed} failed for good` : ''}.`;

export const mailSendCommand: Command = {
  name: 'mail send',
  args: [],
  options: {},
  summary: 'Deliver every due e-mail now through SMTP_URL (the command for cron; the server does it too).',
  details: [
    'Queues the reminders that are due (a winning unclaimed for 3 days; the daily reminder REMINDER_MINUTES before',
    'the deadline), then sends what is due: new mails and retries whose wait is over.',
    'Safe next to running servers and other runs: each mail is claimed by one sender. Exit 1 without SMTP_URL.',
    'Example crontab line (every minute): * * * * * cd /srv/lowest && npx lowest mail send',
  ].join('\n'),
  run: async ({ open }) => {
    const runtime = await open();
    if (!runtime.mailSender)
      throw new RuntimeConfigError('SMTP_URL is not set, so nothing can be sent: mails wait in the outbox.');
    const report = await deliveryPass(runtime);
    const queue = await mailQueueStatus(runtime.deps);
    const text = [
      `Sent ${report.sent}, to retry ${report.retrying}, failed for good ${report.failed}; reminders queued ${report.reminders}, daily reminders queued ${report.dailyReminders}.`,
      `Outbox: ${queue.backlog} waiting, ${queue.failed} failed (lowest mail list --failed)`,
    ].join('\n');
    return { data: { delivery: report, outbox: queue }, text };
  },
};
