// Reading the mail outbox: what the notification e-mails (payout claimed/approved/paid/rejected) said, newest first.
import type { Deps } from '../deps.ts';
import type { OutboxMail } from '../model.ts';
import { fail } from '../errors.ts';

export const MAX_MAIL_LIMIT = 500;

export const recentMails = async (deps: Deps, limit: number): Promise<{ mails: OutboxMail[] }> => {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_MAIL_LIMIT) fail('VALIDATION', `Limit must be between 1 and ${MAX_MAIL_LIMIT}`);
  const mails = await deps.store.read((repos) => repos.outbox.list(limit));
  return { mails };
};
