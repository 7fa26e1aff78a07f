import type { Command } from '../command.ts';
import { computeGame } from '../../core/game/close.ts';
import { gameResult } from '../../core/game/game-views.ts';
import { formatMoney } from '../../core/prizes/money.ts';
import { keyValues } from '../format.ts';

export const computeCommand: Command = {
  name: 'compute',
  args: ['DATE'],
  options: {},
  summary: "Force-close DATE's game now, even before its deadline, and compute its result.",
  details: 'DATE is YYYY-MM-DD (the game date). A game that is already closed keeps its stored result.',
  run: async ({ args, open }) => {
    const { deps } = await open();
    const outcome = await computeGame(deps, args[0] ?? '');
    const result = await gameResult(deps, outcome.gameKey);
    if (result.status !== 'closed') return { data: result, text: `Game ${result.gameDate} is still open.` };
    return {
      data: { ...result, closedNow: outcome.closedNow, snapshot: outcome.stats?.snapshot ?? null },
      text: keyValues([
        ['Game', `${result.gameDate} ${outcome.closedNow ? 'closed now' : 'was already closed (stored result)'}`],
        ['Entries', result.entriesTotal],
        ['Winning number', result.winningNumber ?? 'none (no unique number)'],
        ['Winner', result.winnerName],
        [
          'Prize',
          result.prize
            ? `${formatMoney(result.prize.amountCents, result.prize.currency)} ${result.prize.prizeType}`
            : null,
        ],
      ]),
    };
  },
};
