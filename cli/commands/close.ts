import type { Command } from '../command.ts';
import { closeDueGames } from '../../core/game/close.ts';
import { deliveryLine, deliveryPass } from './mail.ts';

export const closeCommand: Command = {
  name: 'close',
  args: [],
  options: {},
  summary: 'Close every game whose deadline has passed (idempotent; the command for cron).',
  details: [
    'Resolves each due game (winner, statistics, rewards, streaks) exactly as the server scheduler does,',
    'then makes sure the next game is open. Running it again closes nothing more. With SMTP_URL set it then',
    "delivers the due mails (the winner's among them), like lowest mail send.",
    'Example crontab line (every minute): * * * * * cd /srv/lowest && npx lowest close',
  ].join('\n'),
  run: async ({ open }) => {
    const runtime = await open();
    const { closed } = await closeDueGames(runtime.deps);
    const text =
      closed.length === 0
        ? 'Nothing to close: no game is past its deadline.'
        : `Closed ${closed.length === 1 ? 'game' : `${closed.length} games`}: ${closed.join(', ')}`;
    // With SMTP_URL the winner hears at once, even where no server runs the mail worker.
    if (!runtime.mailSender) return { data: { closed }, text };
    const mail = await deliveryPass(runtime);
    return {
      data: { closed, mail },
      text: `${text}
${deliveryLine(mail)}`,
    };
  },
};
