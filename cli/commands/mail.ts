import type { Command } from '../command.ts';
import { MAX_MAIL_LIMIT, recentMails } from '../../core/mail/outbox.ts';
import { numberOption } from '../option-values.ts';
import { instant } from '../format.ts';

export const mailListCommand: Command = {
  name: 'mail list',
  args: [],
  options: {
    limit: { type: 'string', valueName: 'N', description: `How many mails, 1-${MAX_MAIL_LIMIT}`, default: '20' },
  },
  summary: 'Show the newest notification e-mails in the outbox (time, recipient, subject).',
  details: 'Mails go to the outbox when a payout is claimed, approved, paid or rejected. --json adds each body.',
  run: async ({ options, open }) => {
    const limit = numberOption(mailListCommand, options, 'limit', 20);
    const { deps } = await open();
    const { mails } = await recentMails(deps, limit);
    const width = Math.max(0, ...mails.map((m) => m.to.length)) + 2;
    const text =
      mails.length === 0
        ? 'The outbox is empty.'
        : mails.map((m) => `${instant(m.createdAt)}  ${m.to.padEnd(width)}${m.subject}`).join('\n');
    return { data: { mails }, text };
  },
};
