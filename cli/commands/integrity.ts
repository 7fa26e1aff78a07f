import type { Command } from '../command.ts';
import { integrityReport, type ClusterReport } from '../../core/integrity/integrity.ts';
import type { SignalEvidence } from '../../core/integrity/model.ts';
import { numberRuns, plural } from '../format.ts';

const signalText = (s: SignalEvidence): string => `${s.kind} ${s.strength} (${plural(s.accounts, 'account')})`;
const flaggedText = (c: ClusterReport): string =>
  c.flaggedAs.length === 0 ? '-' : c.flaggedAs.map((role) => (role === 'winner' ? 'WINNER' : 'RUNNER-UP')).join(', ');

/** Names shown under a cluster's row, in alphabetical order: the first few, then how many more. */
const NAMES_SHOWN = 10;
const namesLine = (c: ClusterReport): string => {
  const shown = [...c.displayNames]
    .sort((a, b) => a.localeCompare(b, 'en'))
    .slice(0, NAMES_SHOWN)
    .join(', ');
  const more = c.displayNames.length - NAMES_SHOWN;
  return more > 0 ? `${shown} and ${String(more)} more` : shown;
};

/** Columns padded to their widest cell. */
const table = (rows: string[][]): string[] => {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length))) ?? [];
  return rows.map((r) =>
    r
      .map((cell, col) => (col === r.length - 1 ? cell : cell.padEnd((widths[col] ?? 0) + 2)))
      .join('')
      .trimEnd(),
  );
};

export const integrityCommand: Command = {
  name: 'integrity',
  args: ['DATE'],
  options: {},
  summary:
    "Show DATE's clusters of linked accounts (2 or more in the game), their evidence and which the close flagged.",
  details: [
    'DATE is the game key (YYYY-MM-DD, or YYYY-MM-DD-n for an extra game). A cluster is a group of accounts linked by a shared',
    'device, a network shared on several days, referrals or picks that tile a range game after game (DESIGN.md §18). The close',
    'flags the winner or runner-up when their cluster has 3 or more accounts in the game; an admin decides at the payout review.',
  ].join('\n'),
  run: async ({ args, open }) => {
    const { deps } = await open();
    const report = await integrityReport(deps, args[0] ?? '');
    const head = `Game ${report.gameKey} (${report.status}): ${plural(report.clusters.length, 'cluster')} of linked accounts.`;
    if (report.clusters.length === 0) return { data: report, text: head };
    const rows = [
      ['CLUSTER', 'ACCOUNTS', 'IN GAME', 'NUMBERS HELD', 'SIGNALS', 'FLAGGED'],
      ...report.clusters.map((c, i) => [
        String(i + 1),
        String(c.memberIds.length),
        String(c.accountsInGame),
        numberRuns(c.numbersHeld) || '-',
        c.signals.map(signalText).join(', '),
        flaggedText(c),
      ]),
    ];
    const names = report.clusters.map((c, i) => `  ${String(i + 1)}: ${namesLine(c)}`);
    return { data: report, text: [head, '', ...table(rows), '', 'Accounts:', ...names].join('\n') };
  },
};
