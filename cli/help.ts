// Help texts: the overview (`lowest help`) and one page per command (`lowest help close`, `lowest close --help`).
import { usageLine, type Command } from './command.ts';
import { commands } from './command-table.ts';

export const overviewHelp = (): string => {
  const width = Math.max('help [COMMAND]'.length, ...commands.map((c) => c.name.length)) + 2;
  return [
    'lowest: operate LOWEST UNIQUE from the command line (same database and rules as the server).',
    '',
    'Usage: lowest COMMAND [arguments] [options] [--json] [--env-file FILE]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    `  ${'help [COMMAND]'.padEnd(width)}Show this overview or one command's help.`,
    `  ${'version'.padEnd(width)}Print the version (also --version).`,
    '',
    'Every command accepts --json (machine-readable output), --help and --env-file FILE (settings read from FILE',
    "with Node's loader; a variable already in the environment wins).",
    'Environment: DATABASE_URL (default sqlite:./data/lowest.db), GAME_CLOSE, GAME_DATE_ZONE, CURRENCY, as for the server.',
    'Exit codes: 0 success, 1 failure (one-line error; LOWEST_DEBUG=1 adds the stack of unexpected ones), 2 bad usage.',
  ].join('\n');
};

export const commandHelp = (command: Command): string => {
  const options = Object.entries(command.options).map(([name, spec]) => {
    const flag = spec.type === 'boolean' ? `--${name}` : `--${name} ${spec.valueName ?? 'VALUE'}`;
    const fallback = spec.default === undefined ? '' : ` (default ${spec.default})`;
    return `  ${flag.padEnd(22)}${spec.description}${fallback}`;
  });
  return [
    `Usage: ${usageLine(command)}`,
    '',
    command.summary,
    ...(command.details ? ['', command.details] : []),
    '',
    'Options:',
    ...options,
    `  ${'--json'.padEnd(22)}Print the result as JSON`,
    `  ${'--help'.padEnd(22)}Show this help`,
  ].join('\n');
};
