import type { Command } from '../command.ts';
import { clearBots, createBots } from '../../core/bots/bots.ts';
import { choiceOption, numberOption } from '../option-values.ts';
import { plural } from '../format.ts';

export const strategies = ['uniform', 'human'] as const;

export const botsCreateCommand: Command = {
  name: 'bots create',
  args: [],
  options: {
    count: { type: 'string', valueName: 'N', description: 'Number of bots, 1-1000', default: '10' },
    bonus: { type: 'string', valueName: 'N', description: 'How many of them also play a bonus entry', default: '3' },
    min: { type: 'string', valueName: 'N', description: 'Lowest number a bot picks', default: '1' },
    max: { type: 'string', valueName: 'N', description: 'Highest number a bot picks', default: '100' },
    strategy: {
      type: 'string',
      valueName: 'S',
      description: 'uniform (any number in range alike) or human (how people really pick)',
      default: 'uniform',
    },
  },
  summary: "Let bots play today's open game (as the admin BOTS tab does).",
  details:
    'Bots are users bot:0001… named "Bot Player"; they are reused from day to day and build statistics like real players.',
  run: async ({ options, open, progress }) => {
    const self = botsCreateCommand;
    const input = {
      botCount: numberOption(self, options, 'count', 10),
      bonusCount: numberOption(self, options, 'bonus', 3),
      minNumber: numberOption(self, options, 'min', 1),
      maxNumber: numberOption(self, options, 'max', 100),
      strategy: choiceOption(self, options, 'strategy', strategies, 'uniform'),
    };
    const { deps } = await open();
    // One use-case call does the work in one transaction; the bar shows it is running.
    const bar = progress(`Creating ${plural(input.botCount, 'bot')}`, 1);
    const result = await createBots(deps, input).finally(() => bar.done());
    return {
      data: result,
      text: `${plural(result.botsCreated, 'bot')} played game ${result.gameDate}: ${plural(result.submissionsCreated, 'submission')}.`,
    };
  },
};

export const botsClearCommand: Command = {
  name: 'bots clear',
  args: [],
  options: {},
  summary: "Delete the bots' entries and bonus entries in today's open game (bot users are kept).",
  details: '',
  run: async ({ open }) => {
    const { deps } = await open();
    const result = await clearBots(deps);
    return {
      data: result,
      text: `Deleted ${plural(result.deletedSubmissions, 'bot submission')} and ${plural(result.deletedBonusEntries, 'bonus entry', 'bonus entries')}; ${plural(result.botUsersPreserved, 'bot user')} kept.`,
    };
  },
};
