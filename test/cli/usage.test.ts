// Help and bad usage: exit 0 with help text, exit 2 with an error and a usage line. The matrix runs
// in-process through runCli (the code main.ts runs); a few cases also run the real child process.
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, runInProcess, runLowest, tempDatabase } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
afterAll(() => db.remove());

const inProcess = (args: string[], environment: Record<string, string> = env) => runInProcess(args, environment);

describe('lowest help', () => {
  it('lists every command (child process)', async () => {
    const run = await runLowest(['help'], env);
    expect(run.code).toBe(0);
    for (const name of [
      'migrate',
      'status',
      'close',
      'compute',
      'open',
      'integrity',
      'bots create',
      'bots clear',
      'users promote',
      'users demote',
      'mail list',
      'mail send',
      'backup',
      'seed-demo',
    ]) {
      expect(run.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    }
  });

  it('prints one command with `help COMMAND` and with --help', async () => {
    const viaHelp = await inProcess(['help', 'bots', 'create']);
    const viaFlag = await inProcess(['bots', 'create', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toContain(
      'Usage: lowest bots create [--count N] [--bonus N] [--min N] [--max N] [--strategy S] [--json]',
    );
    expect(viaHelp.stdout).toContain('--count N             Number of bots, 1-1000 (default 10)');
    expect(viaFlag.stdout).toBe(viaHelp.stdout);
    expect((await inProcess(['--help'])).stdout).toBe((await inProcess([])).stdout);
  });

  it('has a help page for every command, without touching the database', async () => {
    const nowhere = { DATABASE_URL: 'sqlite:/proc/no-such-dir/x.db' };
    for (const [args, usage] of [
      [['migrate'], 'lowest migrate [--json]'],
      [['status'], 'lowest status [--json]'],
      [['close'], 'lowest close [--json]'],
      [['compute'], 'lowest compute DATE [--json]'],
      [['open'], 'lowest open DATE [--json]'],
      [['integrity'], 'lowest integrity DATE [--json]'],
      [['bots', 'clear'], 'lowest bots clear [--json]'],
      [['users', 'promote'], 'lowest users promote EMAIL [--json]'],
      [['users', 'demote'], 'lowest users demote EMAIL [--json]'],
      [['mail', 'list'], 'lowest mail list [--limit N] [--failed] [--json]'],
      [['mail', 'send'], 'lowest mail send [--json]'],
      [['backup'], 'lowest backup FILE [--json]'],
      [['seed-demo'], 'lowest seed-demo [--days N] [--strategy S] [--json]'],
    ] as const) {
      const run = await inProcess([...args, '--help'], nowhere);
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout.split('\n')[0]).toBe(`Usage: ${usage}`);
    }
    const group = await inProcess(['bots'], nowhere);
    expect(group.code).toBe(0);
    expect(group.stdout).toContain('lowest bots create');
    expect(group.stdout).toContain('lowest bots clear');
    const mail = await inProcess(['help', 'mail'], nowhere);
    expect(mail.code).toBe(0);
    expect(mail.stdout).toBe((await inProcess(['mail'], nowhere)).stdout);
    expect(mail.stdout).toContain('lowest mail list [--limit N] [--failed] [--json]');
    expect(mail.stdout).toContain('lowest mail send [--json]');
  });
});

describe('bad usage exits 2 with a usage line', () => {
  const cases: [string, string[], string][] = [
    ['an unknown command', ['launch'], "Error: Unknown command 'launch'."],
    ['an unknown subcommand', ['bots', 'fly'], "Error: Unknown command 'bots fly'."],
    ['an unknown option', ['close', '--force'], "Error: Unknown option '--force'."],
    ['a missing argument', ['compute'], 'Error: Missing argument DATE.'],
    ['a missing e-mail', ['users', 'promote'], 'Error: Missing argument EMAIL.'],
    ['a missing file', ['backup', '--json'], 'Error: Missing argument FILE.'],
    ['an extra argument', ['status', 'now'], "Error: Unexpected argument 'now'."],
    ['an option without its value', ['bots', 'create', '--count'], "Error: Option '--count <value>' argument missing."],
    [
      'a number option that is not a number',
      ['bots', 'create', '--count', 'ten'],
      "Error: --count expects a whole number, got 'ten'.",
    ],
    [
      'a negative number without =',
      ['bots', 'create', '--bonus', '-1'],
      "Error: Option '--bonus' argument is ambiguous. To specify an option argument starting with a dash use '--bonus=-XYZ'.",
    ],
    [
      'an unknown strategy',
      ['bots', 'create', '--strategy', 'smart'],
      "Error: --strategy must be uniform or human, got 'smart'.",
    ],
    ['a bad --days', ['seed-demo', '--days', 'many'], "Error: --days expects a whole number, got 'many'."],
    ['a bad --limit', ['mail', 'list', '--limit', '1e3'], "Error: --limit expects a whole number, got '1e3'."],
    ['an unknown mail subcommand', ['mail', 'purge'], "Error: Unknown command 'mail purge'."],
    ['help for an unknown subcommand', ['help', 'mail', 'purge'], "Error: Unknown command 'mail purge'."],
    ['help for an unknown command', ['help', 'launch'], "Error: Unknown command 'launch'."],
  ];
  for (const [what, args, message] of cases) {
    it(`for ${what}`, async () => {
      const run = await inProcess(args);
      expect(run.code).toBe(2);
      const [error, usage, ...rest] = run.stderr.split('\n');
      expect(error).toBe(message);
      expect(usage).toMatch(/^Usage: lowest /);
      expect(rest.join('')).not.toMatch(/^Error/m);
      expect(run.stdout).toBe('');
    });
  }

  it('as a child process: exit code 2, the error and the usage on stderr', async () => {
    const run = await runLowest(['compute'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('Error: Missing argument DATE.\nUsage: lowest compute DATE [--json]\n');
    expect(run.stdout).toBe('');
  });
});

describe('the lowest bin', () => {
  it('runs main.ts through tsx and forwards the exit code', async () => {
    const [ok, bad] = await Promise.all([
      runLowest(['help', 'close'], env, ['cli/bin.js']),
      runLowest(['launch'], env, ['cli/bin.js']),
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('Usage: lowest close [--json]');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Unknown command 'launch'");
  });
});

describe('lowest --version', () => {
  const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

  it("prints package.json's version for --version and version, as JSON with --json", async () => {
    expect(await inProcess(['--version'])).toEqual({ code: 0, stdout: `lowest ${version}\n`, stderr: '' });
    expect(await inProcess(['version'])).toEqual({ code: 0, stdout: `lowest ${version}\n`, stderr: '' });
    expect(JSON.parse((await inProcess(['--version', '--json'])).stdout)).toEqual({ version });
    expect((await inProcess(['help'])).stdout).toMatch(/^ {2}version +Print the version \(also --version\)\.$/m);
  });

  it('prints it through the bin too, without a database', async () => {
    const run = await runLowest(['--version'], { DATABASE_URL: 'sqlite:/proc/no-such-dir/x.db' }, ['cli/bin.js']);
    expect([run.code, run.stdout]).toEqual([0, `lowest ${version}\n`]);
  });
});
