// deploy/systemd: `systemd-analyze verify` accepts the units with nothing to say (it exits 0 on unknown keys and bad
// values, warning only, so any output fails), the server's stop timeout is above its drain, the close timer fires
// a minute after the default GAME_CLOSE, and the backup service's command keeps one copy per weekday.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import { defaultGameConfig } from '../../core/config.ts';
import { loadConfig } from '../../server/config.ts';

const units = join(import.meta.dirname, '..', '..', 'deploy', 'systemd');
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const work = mkdtempSync(join(tmpdir(), 'lowest-units-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const read = (name: string) => readFileSync(join(units, name), 'utf8');
const setting = (unit: string, key: string): string[] =>
  unit.split('\n').flatMap((line) => (line.startsWith(`${key}=`) ? [line.slice(key.length + 1)] : []));

/**
 * `systemd-analyze verify` on copies of the units in which node is this test's: verify checks that each ExecStart's
 * program exists, and the units name /usr/bin/node, which a machine may not have.
 */
const verify = (files: Record<string, string>) => {
  if (!existsSync(SYSTEMD_ANALYZE)) throw new Error('systemd-analyze is missing: apt-get install -y systemd');
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(work, name), text.replaceAll('/usr/bin/node ', `${process.execPath} `));
  return spawnSync(SYSTEMD_ANALYZE, ['verify', ...Object.keys(files).map((name) => join(work, name))], {
    encoding: 'utf8',
  });
};

describe('deploy/systemd', () => {
  const names = readdirSync(units).sort();

  it('holds the server, the close and the mail units and their timers', () => {
    expect(names).toEqual([
      'lowest-backup.service',
      'lowest-backup.timer',
      'lowest-close.service',
      'lowest-close.timer',
      'lowest-mail.service',
      'lowest-mail.timer',
      'lowest.service',
    ]);
  });

  it('passes systemd-analyze verify without a warning', () => {
    const run = verify(Object.fromEntries(names.map((name) => [name, read(name)])));
    expect({ status: run.status, output: run.stdout + run.stderr }).toEqual({ status: 0, output: '' });
  });

  it('gets a warning from verify for a misspelt setting (the check above can fail)', () => {
    const run = verify({ 'lowest.service': read('lowest.service').replace('KillSignal=', 'KilSignal=') });
    expect(run.stderr).toContain("Unknown key 'KilSignal'");
  });

  it('stops the server with SIGTERM and waits longer than its drain', () => {
    const server = read('lowest.service');
    expect(setting(server, 'KillSignal')).toEqual(['SIGTERM']);
    expect(setting(server, 'EnvironmentFile')).toEqual(['/etc/lowest/lowest.env']);
    expect(setting(server, 'ExecStart')[0]).toMatch(/ --max-semi-space-size=8 \/opt\/lowest\/dist\/server\/main\.js$/);
    const timeout = /^(\d+)s$/.exec(setting(server, 'TimeoutStopSec')[0] ?? '');
    expect(Number(timeout?.[1])).toBeGreaterThan(loadConfig({}).shutdownGraceSeconds);
    expect(setting(server, 'Restart')).toEqual(['on-failure']);
  });

  it('runs lowest close a minute after the default GAME_CLOSE and lowest mail send, both with the env file', () => {
    const [hours = 0, minutes = 0] = defaultGameConfig.closeTime.split(':').map(Number);
    const after = new Date(Date.UTC(2000, 0, 1, hours, minutes + 1)).toISOString().slice(11, 16);
    expect(setting(read('lowest-close.timer'), 'OnCalendar')).toEqual([
      `*-*-* ${after}:00 ${defaultGameConfig.closeZone}`,
    ]);
    expect(setting(read('lowest-close.service'), 'ExecStart')).toEqual([
      '/usr/bin/node /opt/lowest/cli/bin.js close --env-file /etc/lowest/lowest.env',
    ]);
    expect(setting(read('lowest-mail.service'), 'ExecStart')).toEqual([
      '/usr/bin/node /opt/lowest/cli/bin.js mail send --env-file /etc/lowest/lowest.env',
    ]);
  });

  it('backs up SQLite daily after the close into one file per weekday, each replaced a week on', async () => {
    const [hours = 0, minutes = 0] = defaultGameConfig.closeTime.split(':').map(Number);
    const after = new Date(Date.UTC(2000, 0, 1, hours, minutes + 30)).toISOString().slice(11, 16);
    expect(setting(read('lowest-backup.timer'), 'OnCalendar')).toEqual([
      `*-*-* ${after}:00 ${defaultGameConfig.closeZone}`,
    ]);
    expect(setting(read('lowest-backup.timer'), 'Persistent')).toEqual(['true']);

    // The service's command as systemd hands it to sh ($$ and %% unescaped), on a database and folders of this test's,
    // with a `date` that says which weekday it is.
    const [execStart = ''] = setting(read('lowest-backup.service'), 'ExecStart');
    const script = /^\/bin\/sh -c '(.*)'$/.exec(execStart)?.[1] ?? '';
    const backups = join(work, 'backups');
    const bin = join(work, 'bin');
    for (const dir of [backups, bin]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(bin, 'date'), '#!/bin/sh\necho "$WEEKDAY"\n', { mode: 0o755 });
    const database = join(work, 'lowest.db');
    await (await createSqliteStore(database)).close();
    writeFileSync(join(work, 'lowest.env'), `DATABASE_URL=sqlite:${database}\n`);
    const command = script
      .replaceAll('$$', '$')
      .replaceAll('%%', '%')
      .replaceAll('/var/lib/lowest/backups', backups)
      .replaceAll('/usr/bin/node ', `${process.execPath} `)
      .replaceAll('/opt/lowest/cli/bin.js', join(import.meta.dirname, '..', '..', 'cli', 'bin.js'))
      .replaceAll('/etc/lowest/lowest.env', join(work, 'lowest.env'));
    const backUp = (weekday: string) => {
      const run = spawnSync('/bin/sh', ['-c', command], {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, WEEKDAY: weekday },
      });
      expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    };
    const usersIn = (file: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('select count(*) from users').pluck().get();
      } finally {
        db.close();
      }
    };

    backUp('Monday');
    backUp('Tuesday');
    const raw = new Database(database);
    raw
      .prepare(
        "insert into users (id, email, display_name, role, referral_code, is_bot, created_at) values ('u1', 'u1@example.test', 'U1', 'player', 'U1XXXXXXXXXX', 0, ?)",
      )
      .run(new Date(0).toISOString());
    raw.close();
    backUp('Monday');
    expect(readdirSync(backups).sort()).toEqual(['lowest-Monday.db', 'lowest-Tuesday.db']);
    expect(usersIn(join(backups, 'lowest-Monday.db'))).toBe(1);
    expect(usersIn(join(backups, 'lowest-Tuesday.db'))).toBe(0);
    // Three runs of the CLI through tsx: about 10 s on an idle machine, 40 s on a loaded one.
  }, 120_000);
});
