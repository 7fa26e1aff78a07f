// Reading the mail outbox: what the notification e-mails said and whether they went out, newest first.
import type { Deps } from '../deps.ts';
import type { MailStatus, QueuedMail } from '../model.ts';
import { fail } from '../errors.ts';

export const MAX_MAIL_LIMIT = 500;

/** `status` narrows the list (e.g. `failed`: the dead letters an operator must look at). */
export const recentMails = async (
  deps: Deps<'outbox'>,
  limit: number,
  status?: MailStatus,
): Promise<{ mails: QueuedMail[] }> => {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_MAIL_LIMIT)
    fail('VALIDATION', `Limit must be between 1 and ${MAX_MAIL_LIMIT}`);
  const mails = await deps.store.read((repos) => repos.outbox.list(limit, status));
  return { mails };
};
