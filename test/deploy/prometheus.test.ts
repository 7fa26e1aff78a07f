// deploy/prometheus: promtool accepts the rules and the unit tests beside them pass; those expect each alert to fire
// (promtool fails a test whose expected alert does not fire) and to stay quiet on healthy series.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const folder = join(import.meta.dirname, '..', '..', 'deploy', 'prometheus');
const PROMTOOL = '/usr/bin/promtool';

const promtool = (args: string[], cwd = folder) => {
  if (!existsSync(PROMTOOL))
    throw new Error('promtool is missing: apt-get install -y prometheus (Debian), as .ci/run does');
  return spawnSync(PROMTOOL, args, { cwd, encoding: 'utf8' });
};

interface RuleFile {
  groups: { name: string; rules: { alert: string; expr: string }[] }[];
}
const rules = parse(readFileSync(join(folder, 'alerts.yml'), 'utf8')) as RuleFile;
const TEST_FILES = ['alerts.test.yml', 'close-alert.test.yml'];
const alerts = rules.groups.flatMap((g) => g.rules.map((r) => r.alert));

describe('deploy/prometheus/alerts.yml', () => {
  it('passes promtool check rules', () => {
    const run = promtool(['check', 'rules', 'alerts.yml']);
    expect(run.stdout + run.stderr).toContain('SUCCESS: 5 rules found');
    expect(run.status).toBe(0);
  });

  it('passes its unit tests (promtool test rules)', { timeout: 60_000 }, () => {
    const run = promtool(['test', 'rules', ...TEST_FILES]);
    expect({ status: run.status, output: run.stdout + run.stderr }).toMatchObject({
      status: 0,
      output: expect.stringContaining('SUCCESS'),
    });
  });

  it('alerts on no close in 25 hours, failed mails, the 5xx share, an instance down and failing SQLite checkpoints, on the metrics the server serves', () => {
    expect(alerts).toEqual([
      'LowestNoCloseIn25Hours',
      'LowestMailFailing',
      'LowestServerErrors',
      'LowestInstanceDown',
      'LowestSqliteCheckpointFailing',
    ]);
    const exprs = rules.groups.flatMap((g) => g.rules.map((r) => r.expr)).join('\n');
    const metrics = readFileSync(
      join(import.meta.dirname, '..', '..', 'server', 'observability', 'metrics.ts'),
      'utf8',
    );
    for (const name of exprs.match(/lowest_[a-z_]+/g) ?? [])
      expect(metrics).toContain(`'${name.replace(/_count$/, '')}'`);
  });

  it('has unit tests in which each alert fires and in which it stays quiet', () => {
    interface AlertTest {
      alertname: string;
      exp_alerts: unknown[];
    }
    const tests = TEST_FILES.flatMap((file) =>
      (parse(readFileSync(join(folder, file), 'utf8')) as { tests: { alert_rule_test: AlertTest[] }[] }).tests.flatMap(
        (t) => t.alert_rule_test,
      ),
    );
    for (const alert of alerts) {
      const mine = tests.filter((t) => t.alertname === alert);
      expect(
        mine.some((t) => t.exp_alerts.length > 0),
        `${alert} fires`,
      ).toBe(true);
      expect(
        mine.some((t) => t.exp_alerts.length === 0),
        `${alert} stays quiet`,
      ).toBe(true);
    }
  });
});
