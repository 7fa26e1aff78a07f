// The progress bar shows only when stdout is a terminal and never pollutes --json or piped output.
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../cli/run.ts';
import { tempDatabase } from './run-lowest.ts';

const db = tempDatabase();
afterAll(() => db.remove());

const capture = (isTTY: boolean): { io: CliIo; out: string[]; err: string[] } => {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      stdout: { isTTY, columns: 100, write: (t: string) => out.push(t) > 0 },
      stderr: { write: (t: string) => err.push(t) > 0 },
      env: { DATABASE_URL: db.url },
    },
  };
};

describe('progress bar and TTY', () => {
  it('draws a bar on a terminal, then erases it before the result', async () => {
    const { io, out } = capture(true);
    expect(await runCli(['bots', 'create', '--count', '3', '--bonus', '0'], io)).toBe(0);
    expect(out.some((w) => w.includes('Creating 3 bots ['))).toBe(true);
    expect(out.at(-2)).toBe('\r\x1b[2K');
    expect(out.at(-1)).toMatch(/^3 bots played game \d{4}-\d{2}-\d{2}: 3 submissions\.\n$/);
  });

  it('draws nothing when stdout is not a terminal, nor with --json', async () => {
    for (const [tty, args] of [
      [false, ['bots', 'create', '--count', '2', '--bonus', '0']],
      [true, ['bots', 'create', '--count', '2', '--bonus', '0', '--json']],
    ] as const) {
      const { io, out } = capture(tty);
      expect(await runCli([...args], io)).toBe(0);
      expect(out.join('')).not.toContain('\x1b');
      expect(out).toHaveLength(1);
    }
  });
});
