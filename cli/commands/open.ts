import type { Command } from '../command.ts';
import { ensureGame } from '../../core/game/current-game.ts';
import { instant } from '../format.ts';

export const openCommand: Command = {
  name: 'open',
  args: ['DATE'],
  options: {},
  summary: 'Make sure a game exists for DATE; if that game is closed and its deadline is ahead, open DATE-n.',
  details: 'DATE is YYYY-MM-DD. An extra game of a date is numbered (2026-11-22-2, shown as "(Game #2)").',
  run: async ({ args, open }) => {
    const { deps } = await open();
    const game = await ensureGame(deps, args[0] ?? '');
    return {
      data: {
        gameDate: game.key,
        number: game.number,
        status: game.status,
        opensAt: game.opensAt,
        closesAt: game.closesAt,
      },
      text: `Game ${game.key} is ${game.status} (opens ${instant(game.opensAt)}, closes ${instant(game.closesAt)}).`,
    };
  },
};
