// Runs one command line: finds the command, parses its options with node:util parseArgs, runs it,
// prints the result, and turns failures into exit codes (0 ok, 1 failure, 2 bad usage).
import { parseArgs } from 'node:util';
import { isDomainError } from '../core/errors.ts';
import { UsageError, usageLine, type Command, type CommandResult } from './command.ts';
import { commands, findCommand } from './command-table.ts';
import { commandHelp, overviewHelp } from './help.ts';
import { ProgressBar, silentProgress, type BarStream, type Progress } from './progress-bar.ts';
import type { Runtime } from './runtime.ts';
import { packageVersion } from './version.ts';

export interface CliIo {
  /** `once('drain')` when it is a stream: a large output waits for the pipe. */
  stdout: BarStream & { isTTY?: boolean; once?(event: 'drain', listener: () => void): unknown };
  stderr: { write(text: string): boolean };
  env: Record<string, string | undefined>;
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export const runCli = async (argv: string[], io: CliIo): Promise<number> => {
  const json = argv.includes('--json');
  try {
    const parsed = parseCommandLine(argv);
    if (parsed.kind === 'help') {
      io.stdout.write(parsed.text + '\n');
      return EXIT_OK;
    }
    if (parsed.kind === 'version') {
      const version = packageVersion();
      io.stdout.write(json ? JSON.stringify({ version }) + '\n' : `lowest ${version}\n`);
      return EXIT_OK;
    }
    const result = await execute(parsed.command, parsed.args, parsed.options, io, json);
    if (result.streamed !== true)
      io.stdout.write(json ? JSON.stringify(result.data, null, 2) + '\n' : result.text + '\n');
    return result.failed === true ? EXIT_FAILURE : EXIT_OK;
  } catch (error) {
    return report(error, io, json);
  }
};

type ParsedLine =
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | { kind: 'run'; command: Command; args: string[]; options: Record<string, string | boolean | undefined> };

export const parseCommandLine = (argv: string[]): ParsedLine => {
  const words = argv.filter((a) => a !== '--json');
  const first = words[0];
  if ((first === '--version' || first === 'version') && words.length === 1) return { kind: 'version' };
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    const topic = words.slice(1).filter((w) => !w.startsWith('-'));
    if (topic.length === 0) return { kind: 'help', text: overviewHelp() };
    const found = findCommand(topic);
    // `help bots` shows the group's page, as `lowest bots` does.
    const group = commands.filter((c) => c.name.startsWith(`${topic[0]} `));
    if (!found && topic.length === 1 && group.length > 0)
      return { kind: 'help', text: groupHelp(topic[0] ?? '', group) };
    if (!found || found.rest.length > 0)
      throw new UsageError(`Unknown command '${topic.join(' ')}'.`, 'lowest help [COMMAND]');
    return { kind: 'help', text: commandHelp(found.command) };
  }
  const found = findCommand(words);
  if (!found) {
    const group = commands.filter((c) => c.name.startsWith(first + ' '));
    if (group.length > 0) {
      const sub = words[1];
      if (sub === undefined || sub === '--help' || sub === '-h') return { kind: 'help', text: groupHelp(first, group) };
      throw new UsageError(`Unknown command '${first} ${sub}'.`, group.map((c) => usageLine(c)).join('\n'));
    }
    throw new UsageError(`Unknown command '${first}'.`, 'lowest COMMAND [options] (see lowest help)');
  }
  const { command, rest } = found;
  if (rest.includes('--help') || rest.includes('-h')) return { kind: 'help', text: commandHelp(command) };

  const usage = usageLine(command);
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    const options = Object.fromEntries(
      Object.entries(command.options).map(([name, spec]) => [name, { type: spec.type }]),
    );
    ({ values, positionals } = parseArgs({ args: rest, options, allowPositionals: true, strict: true }));
  } catch (error) {
    throw new UsageError(parseArgsProblem(error), usage);
  }
  if (positionals.length < command.args.length) {
    throw new UsageError(`Missing argument ${command.args[positionals.length]}.`, usage);
  }
  if (positionals.length > command.args.length) {
    throw new UsageError(`Unexpected argument '${positionals[command.args.length]}'.`, usage);
  }
  return { kind: 'run', command, args: positionals, options: values };
};

/** parseArgs names the problem well ("Unknown option '--x'"); keep its first sentence and the dash hint. */
const parseArgsProblem = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  const first = (text.split(/\.(\s|$)/)[0] ?? text).trim();
  const hint = text.split('\n').find((line) => line.startsWith('To specify an option argument starting with a dash'));
  return hint ? `${first}. ${hint}` : `${first}.`;
};

const groupHelp = (group: string, members: Command[]): string =>
  [
    `lowest ${group}: ${members.map((c) => c.name.split(' ')[1]).join(' | ')}`,
    '',
    ...members.map((c) => `  ${usageLine(c)}\n      ${c.summary}`),
  ].join('\n');

const execute = async (
  command: Command,
  args: string[],
  options: Record<string, string | boolean | undefined>,
  io: CliIo,
  json: boolean,
): Promise<CommandResult> => {
  let runtime: Runtime | null = null;
  const showBars = io.stdout.isTTY === true && !json;
  try {
    return await command.run({
      args,
      options,
      env: io.env,
      open: async () => {
        // Loaded on first use: help and usage errors need no database driver.
        const { openRuntime } = await import('./runtime.ts');
        runtime ??= await openRuntime(io.env);
        return runtime;
      },
      progress: (label, total): Progress => (showBars ? new ProgressBar(io.stdout, label, total) : silentProgress),
      // Waits for a full pipe to drain, so a large output is held a piece at a time.
      write: (text) =>
        new Promise((resolve) => {
          const { stdout } = io;
          if (stdout.write(text) || stdout.once === undefined) resolve();
          else stdout.once('drain', () => resolve());
        }),
    });
  } finally {
    if (runtime !== null) await (runtime as Runtime).close();
  }
};

const report = (error: unknown, io: CliIo, json: boolean): number => {
  if (error instanceof UsageError) {
    io.stderr.write(`Error: ${error.message}\nUsage: ${error.usage}\n`);
    return EXIT_USAGE;
  }
  // One line on stderr; with --json the same error as JSON on stdout, like the HTTP API's error body.
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  const code = isDomainError(error) ? error.code : 'FAILURE';
  if (json) io.stdout.write(JSON.stringify({ error: message, code }) + '\n');
  io.stderr.write(`Error: ${message}\n`);
  if (!isDomainError(error) && io.env.LOWEST_DEBUG && error instanceof Error && error.stack)
    io.stderr.write(error.stack + '\n');
  return EXIT_FAILURE;
};
