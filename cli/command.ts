// What a CLI command is: its help text, the options it accepts and the function that runs it.
import type { Runtime } from './runtime.ts';
import type { Progress } from './progress-bar.ts';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** Shown in help, e.g. 'N' for `--count N`. */
  valueName?: string;
  description: string;
  default?: string;
}

export interface CommandInput {
  /** Positional arguments, exactly as many as `args` names. */
  args: string[];
  options: Record<string, string | boolean | undefined>;
  /** The environment the CLI was started with (DATABASE_URL and the rest of the configuration). */
  env: Readonly<Record<string, string | undefined>>;
  /** Opens the database and builds the use cases' Deps (once; closed by the runner). */
  open(): Promise<Runtime>;
  /** A progress bar on a TTY, a silent stand-in otherwise (and with --json). */
  progress(label: string, total: number): Progress;
  /** Writes to stdout as the command goes, for output too large to hold: the command then returns `streamed`. */
  write(text: string): Promise<void>;
}

/** What a command hands back: the data for --json and the lines for people. */
export interface CommandResult {
  data: unknown;
  text: string;
  /** A failure whose output is the point (OMITTED and its evidence): printed like a result, then exit 1. */
  failed?: boolean;
  /** The output went to stdout already (through `write`): nothing more is printed. */
  streamed?: boolean;
}

export interface Command {
  /** One or two words: 'close', 'bots create'. */
  name: string;
  /** Names of the required positional arguments, e.g. ['DATE']. */
  args: string[];
  options: Record<string, OptionSpec>;
  summary: string;
  /** Extra help paragraphs after the usage line. */
  details: string;
  run(input: CommandInput): Promise<CommandResult>;
}

export const usageLine = (command: Command): string => {
  const options = Object.entries(command.options).map(([name, spec]) =>
    spec.type === 'boolean' ? `[--${name}]` : `[--${name} ${spec.valueName ?? 'VALUE'}]`,
  );
  return ['lowest', command.name, ...command.args, ...options, '[--json]'].join(' ');
};

/** A bad command line: exit code 2 with the usage line. */
export class UsageError extends Error {
  readonly usage: string;

  constructor(message: string, usage: string) {
    super(message);
    this.name = 'UsageError';
    this.usage = usage;
  }
}
