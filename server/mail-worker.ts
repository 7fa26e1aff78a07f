// The mail worker every server instance runs (DESIGN.md §15): a delivery pass (claim reminders and the daily
// reminder, then every due mail) at start and then every few seconds. Instances never send a mail twice: claims
// and the reminders' marks are made in the database.
import type { Deps } from '../core/deps.ts';
import { mailPass } from '../core/mail/mail-pass.ts';
import type { MailSender } from '../core/mail/mail-sender.ts';
import type { Logger } from './app-env.ts';

export interface MailWorkerOptions {
  deps: Deps;
  /** null without SMTP_URL: reminders are still queued, and every mail waits in the outbox. */
  sender: MailSender | null;
  logger: Logger;
  /** Pause between passes (default 15 s). */
  intervalMs?: number;
  /** How long before the deadline the daily reminder goes (REMINDER_MINUTES). */
  reminderMinutes: number;
}

export interface MailWorker {
  /** Lets a running pass finish, then stops; resolves when nothing more will run. */
  stop(): Promise<void>;
}

export const startMailWorker = (options: MailWorkerOptions): MailWorker => {
  const { deps, sender, logger } = options;
  const interval = options.intervalMs ?? 15_000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  logger.info(
    sender
      ? `Mail: the outbox is delivered through SMTP_URL every ${Math.round(interval / 1000)} s.`
      : 'Mail: SMTP_URL is not set, so e-mails wait in the outbox (lowest mail list shows them).',
  );

  const pass = async (): Promise<void> => {
    try {
      const report = await mailPass(deps, sender, options.reminderMinutes * 60_000);
      if (report.retrying + report.failed > 0) {
        logger.info(`Mail: ${report.sent} sent, ${report.retrying} to retry, ${report.failed} failed for good`);
      }
    } catch (error) {
      logger.error('Mail delivery pass failed; the next pass retries', error);
    }
  };

  const loop = () => {
    timer = null;
    if (stopped) return;
    running = pass().then(() => {
      if (stopped) return;
      timer = setTimeout(loop, interval);
      // The timer alone must not keep the process alive at shutdown.
      timer.unref();
    });
  };
  loop();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
};
