import { existsSync } from 'node:fs';
// The operators' commands over one temporary SQLite database, in the order an operator would use them.
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { defaultGameConfig } from '../../core/config.ts';
import { closeInstantAfter, gameDateOf, previousDate } from '../../core/game/calendar.ts';
import { parseJson, record, runInProcess, runLowest, tempDatabase } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
afterAll(() => db.remove());

const today = gameDateOf(closeInstantAfter(new Date(), defaultGameConfig), defaultGameConfig);
const yesterday = previousDate(today);

const count = (file: string, sql: string): number => {
  const conn = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (conn.prepare(sql).get() as { n: number }).n;
  } finally {
    conn.close();
  }
};

// Each child process loads the whole stack through tsx (about a second, more on a busy machine): two commands run as
// the real process (a migration, a configuration error at start), the rest through runCli in this process.
describe('lowest on a fresh SQLite database', { timeout: 90_000 }, () => {
  it('migrate creates the schema', async () => {
    const run = await runLowest(['migrate'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Database sqlite:.*x\.db (migrated|is up to date)/);
    expect(
      count(
        db.path,
        "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('games', 'entries', 'users')",
      ),
    ).toBe(3);
    const again = await runInProcess(['migrate', '--json'], env);
    expect(record(parseJson(again.stdout)).applied).toEqual([]);
  });

  it("status shows today's open game", async () => {
    const run = await runInProcess(['status'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Today's game:     ${today} OPEN`);
    expect(run.stdout).toContain('Latest result:    no closed game yet');
    const json = record(parseJson((await runInProcess(['status', '--json'], env)).stdout));
    expect(record(json.today).gameDate).toBe(today);
    expect(json.dueGames).toEqual([]);
  });

  it('close closes a due game once, and a second run closes nothing', async () => {
    // A game for yesterday, created now, is already past its deadline: exactly what cron must close.
    const opened = await runInProcess(['open', yesterday], env);
    expect(opened.code).toBe(0);
    expect(opened.stdout).toContain(`Game ${yesterday} is open`);
    expect((await runInProcess(['status'], env)).stdout).toContain(`${yesterday} (run: lowest close)`);

    const first = await runInProcess(['close', '--json'], env);
    expect(first.code).toBe(0);
    expect(parseJson(first.stdout)).toEqual({ closed: [yesterday] });
    const second = await runInProcess(['close'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('Nothing to close: no game is past its deadline.\n');
    expect(count(db.path, `SELECT COUNT(*) AS n FROM games WHERE key = '${yesterday}' AND status = 'closed'`)).toBe(1);
  });

  it("bots create lets bots play today's game", async () => {
    const run = await runInProcess(['bots', 'create'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`10 bots played game ${today}: 13 submissions.\n`);
    const human = await runInProcess(
      ['bots', 'create', '--count', '20', '--bonus', '0', '--max', '500', '--strategy', 'human', '--json'],
      env,
    );
    expect(human.code).toBe(0);
    expect(parseJson(human.stdout)).toEqual({ botsCreated: 20, submissionsCreated: 20, gameDate: today });
    expect(count(db.path, `SELECT COUNT(*) AS n FROM entries WHERE game_key = '${today}'`)).toBe(33);
    expect(
      count(db.path, `SELECT COUNT(*) AS n FROM entries WHERE game_key = '${today}' AND (number < 1 OR number > 500)`),
    ).toBe(0);
  });

  it("bots create refuses bad numbers with the admin panel's messages (exit 1)", async () => {
    const cases: [string[], string][] = [
      [['--count', '0'], 'Bot count must be between 1 and 1000'],
      [['--count', '1001'], 'Bot count must be between 1 and 1000'],
      [['--bonus=-1'], 'Bonus count cannot be negative'],
      [['--min', '50', '--max', '10'], 'Invalid number range. Min must be >= 1 and <= Max'],
      [['--min', '0'], 'Invalid number range. Min must be >= 1 and <= Max'],
    ];
    for (const [args, message] of cases) {
      const run = await runInProcess(['bots', 'create', ...args], env);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toBe(`Error: ${message}\n`);
    }
    const json = await runInProcess(['bots', 'create', '--count', '0', '--json'], env);
    expect(json.code).toBe(1);
    expect(parseJson(json.stdout)).toEqual({ error: 'Bot count must be between 1 and 1000', code: 'VALIDATION' });
    expect(json.stderr).toBe('Error: Bot count must be between 1 and 1000\n');
  });

  it('backup refuses its own source file and a missing folder with one line and exit 2, creating nothing', async () => {
    const own = await runInProcess(['backup', db.path], env);
    expect(own.code).toBe(2);
    expect(own.stderr.split('\n')[0]).toBe(`Error: ${db.path} is the database being backed up; name another file.`);
    const missing = join(db.dir, 'no', 'such', 'copy.db');
    const run = await runInProcess(['backup', missing], env);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(
      `Error: The folder ${join(db.dir, 'no', 'such')} does not exist; create it first.`,
    );
    expect(existsSync(join(db.dir, 'no'))).toBe(false);
    expect(count(db.path, 'SELECT COUNT(*) AS n FROM entries')).toBe(33);
  });

  it('backup writes a SQLite file holding the same games and entries', async () => {
    const file = join(db.dir, 'copy.db');
    const run = await runInProcess(['backup', file], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Backup written to ${file}\n`);
    for (const sql of [
      'SELECT COUNT(*) AS n FROM games',
      'SELECT COUNT(*) AS n FROM entries',
      "SELECT COUNT(*) AS n FROM games WHERE status = 'closed'",
      'SELECT SUM(number) AS n FROM entries',
    ]) {
      expect(count(file, sql), sql).toBe(count(db.path, sql));
    }
    expect(count(file, 'SELECT COUNT(*) AS n FROM entries')).toBe(33);
  });

  it('bots clear removes the bot entries of the open game', async () => {
    const run = await runInProcess(['bots', 'clear', '--json'], env);
    expect(run.code).toBe(0);
    expect(parseJson(run.stdout)).toEqual({ deletedSubmissions: 33, deletedBonusEntries: 3, botUsersPreserved: 30 });
    expect(count(db.path, `SELECT COUNT(*) AS n FROM entries WHERE game_key = '${today}'`)).toBe(0);
  });

  it("compute closes today's game now and open starts a numbered one", async () => {
    await runInProcess(['bots', 'create', '--count', '5', '--bonus', '0'], env);
    const run = await runInProcess(['compute', today], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Game:           ${today} closed now`);
    expect(run.stdout).toContain('Entries:        5');
    const again = await runInProcess(['compute', today, '--json'], env);
    expect(record(parseJson(again.stdout)).closedNow).toBe(false);

    const open = await runInProcess(['open', today, '--json'], env);
    expect(open.code).toBe(0);
    expect(record(parseJson(open.stdout))).toMatchObject({ gameDate: `${today}-2`, number: 2, status: 'open' });
    expect((await runInProcess(['status'], env)).stdout).toContain(`Today's game:     ${today}-2 OPEN`);
  });

  it('compute and open report bad dates and unknown games in one line (exit 1)', async () => {
    const bad = await runInProcess(['compute', '2026-13-45'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('Error: Date must be a valid date in the form YYYY-MM-DD.\n');
    expect(bad.stdout).toBe('');
    const none = await runInProcess(['compute', '2020-01-01'], env);
    expect([none.code, none.stderr]).toEqual([1, 'Error: No game for 2020-01-01.\n']);
    const badOpen = await runInProcess(['open', 'tomorrow'], env);
    expect([badOpen.code, badOpen.stderr]).toEqual([1, 'Error: Date must be a valid date in the form YYYY-MM-DD.\n']);
    const closed = await runInProcess(['open', yesterday], env);
    expect([closed.code, closed.stderr]).toEqual([1, `Error: The game of ${yesterday} has closed.\n`]);
  });

  it('users promote reports an unknown e-mail', async () => {
    const run = await runInProcess(['users', 'promote', 'nobody@example.com'], env);
    expect([run.code, run.stderr]).toEqual([1, 'Error: No user with e-mail nobody@example.com\n']);
  });

  it('a bad setting in the environment is a one-line error (exit 1)', async () => {
    const run = await runLowest(['status'], { ...env, GAME_CLOSE: '25:00 Mars/Olympus' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Error: Invalid configuration: GAME_CLOSE must look like/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
