import type { Command } from '../command.ts';
import { DEMO_ADMIN, seedDemo } from '../demo-scenario.ts';
import { choiceOption, numberOption } from '../option-values.ts';
import { keyValues } from '../format.ts';
import { strategies } from './bots.ts';
import { fail } from '../../core/errors.ts';

export const seedDemoCommand: Command = {
  name: 'seed-demo',
  args: [],
  options: {
    days: { type: 'string', valueName: 'N', description: 'Past days to replay, 1-60', default: '14' },
    strategy: { type: 'string', valueName: 'S', description: "Bots' picks: human or uniform", default: 'human' },
  },
  summary: "Fill the database with demo data: past games played by bots and demo players, and today's game.",
  details: [
    'Replays N past days through the same use cases as the server (fewer bots at weekends), with demo players',
    'alice, bob, carol, dave and erin @demo.lowest.invalid: streaks and rewards, a referral, a guild, winnings with',
    `a pending and a paid payout. Sign in (development sign-in) as ${DEMO_ADMIN.email} to see the admin tabs.`,
    'Refuses to run twice on the same database.',
  ].join('\n'),
  run: async ({ options, open, progress }) => {
    const self = seedDemoCommand;
    const days = numberOption(self, options, 'days', 14);
    const strategy = choiceOption(self, options, 'strategy', strategies, 'human');
    if (days < 1 || days > 60) fail('VALIDATION', 'Days must be between 1 and 60');
    const { deps, clock } = await open();
    const bar = progress('Seeding demo days', days + 2);
    const summary = await seedDemo(deps, clock, { days, strategy }, bar).finally(() => bar.done());
    const text = [
      keyValues([
        [
          'Past games',
          summary.closedGames.length === 0
            ? 'none'
            : `${summary.closedGames.length} closed (${summary.days[0] ?? ''} … ${summary.days.at(-1) ?? ''})`,
        ],
        ["Today's game", `${summary.today} open`],
        ['Bot entries', summary.botEntries],
        ['Demo entries', summary.demoEntries],
        ['Rewards used', summary.rewardsUsed],
        [
          'Winnings',
          summary.winnings.map((w) => `${w.player.split('@')[0]} ${w.gameDate} (${w.status})`).join(', ') || 'none',
        ],
        ['Guild', summary.guild],
      ]),
      '',
      `Demo players: ${summary.players.join(', ')}`,
      `Admin: sign in as ${summary.admin} (development sign-in) to see the admin tabs.`,
    ].join('\n');
    return { data: summary, text };
  },
};
