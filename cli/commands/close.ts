import type { Command } from '../command.ts';
import { closeDueGames } from '../../core/game/games.ts';

export const closeCommand: Command = {
  name: 'close',
  args: [],
  options: {},
  summary: 'Close every game whose deadline has passed (idempotent; the command for cron).',
  details: [
    'Resolves each due game (winner, statistics, rewards, streaks) exactly as the server scheduler does,',
    'then makes sure the next game is open. Running it again closes nothing more.',
    'Example crontab line (every minute): * * * * * cd /srv/lowest && npx lowest close',
  ].join('\n'),
  run: async ({ open }) => {
    const { deps } = await open();
    const closed = await closeDueGames(deps);
    const text = closed.length === 0 ? 'Nothing to close: no game is past its deadline.' : `Closed ${closed.length === 1 ? 'game' : `${closed.length} games`}: ${closed.join(', ')}`;
    return { data: { closed }, text };
  },
};
