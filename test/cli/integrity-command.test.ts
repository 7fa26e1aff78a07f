// `lowest integrity DATE`: a closed game where four accounts on one device carpet 1–4 beside two honest players, read
// back as a table and as JSON; and the one-line errors for a missing, malformed or unknown date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../core/accounts/sign-in.ts';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import { closeGame } from '../../core/game/close.ts';
import { closeInstantForDate } from '../../core/game/calendar.ts';
import { integrityReport } from '../../core/integrity/integrity.ts';
import { numberRuns } from '../../cli/format.ts';
import { openRuntime } from '../../cli/runtime.ts';
import { parseJson, record, runInProcess, runLowest, tempDatabase } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
const DATE = '2026-10-07';
const SHARED_DEVICE = 'ab'.repeat(16);

beforeAll(async () => {
  const runtime = await openRuntime(env);
  try {
    const { deps, clock } = runtime;
    const closes = closeInstantForDate(DATE, deps.config).getTime();
    clock.set(new Date(closes - 6 * 3_600_000));
    const play = async (name: string, client: { deviceId: string; address: string }, number: number): Promise<void> => {
      const { user } = await signIn(deps, {
        googleSub: null,
        email: `${name.toLowerCase().replace(/ /g, '.')}@cli.invalid`,
        displayName: name,
        adminEmails: [],
        client,
      });
      await submitEntry(deps, { userId: user.id, number, client });
    };
    // One person's four accounts on one phone and network take 1–4; two strangers pick 1 (so 2 wins) and 9.
    for (const n of [1, 2, 3, 4]) await play(`Sly ${n}`, { deviceId: SHARED_DEVICE, address: '203.0.113.7' }, n);
    await play('Honest Ann', { deviceId: 'c1'.repeat(16), address: '198.51.100.20' }, 1);
    await play('Honest Bob', { deviceId: 'd2'.repeat(16), address: '192.0.2.44' }, 9);
    clock.set(new Date(closes + 1_000));
    await closeGame(deps, DATE);
  } finally {
    await runtime.close();
  }
});
afterAll(() => db.remove());

describe('lowest integrity', { timeout: 90_000 }, () => {
  it("prints the game's cluster, its evidence and the flagged winner and runner-up", async () => {
    const run = await runLowest(['integrity', DATE], env);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(`Game ${DATE} (closed): 1 cluster of linked accounts.`);
    expect(lines[2]).toMatch(/^CLUSTER +ACCOUNTS +IN GAME +NUMBERS HELD +SIGNALS +FLAGGED$/);
    expect(lines[3]).toMatch(/^1 +4 +4 +1–4 +.*device strong \(4 accounts\).* +WINNER, RUNNER-UP$/);
    expect(run.stdout).toContain('Accounts:\n  1: Sly 1, Sly 2, Sly 3, Sly 4');
    expect(run.stdout).not.toContain('Honest');
  });

  it('--json prints the report as the core computes it', async () => {
    const run = await runInProcess(['integrity', DATE, '--json'], env);
    expect(run.code).toBe(0);
    const runtime = await openRuntime(env);
    try {
      expect(parseJson(run.stdout)).toEqual(JSON.parse(JSON.stringify(await integrityReport(runtime.deps, DATE))));
    } finally {
      await runtime.close();
    }
    const json = record(parseJson(run.stdout));
    expect(json.gameKey).toBe(DATE);
    expect((json.flags as unknown[]).map((f) => record(f).role).sort()).toEqual(['runnerUp', 'winner']);
  });

  it('a missing date is bad usage (exit 2); a malformed or unknown date one line (exit 1)', async () => {
    const missing = await runInProcess(['integrity'], env);
    expect([missing.code, missing.stderr.split('\n')[0]]).toEqual([2, 'Error: Missing argument DATE.']);
    const bad = await runInProcess(['integrity', '2026-13-45'], env);
    expect([bad.code, bad.stderr, bad.stdout]).toEqual([
      1,
      'Error: Date must be a valid date in the form YYYY-MM-DD.\n',
      '',
    ]);
    const unknown = await runInProcess(['integrity', '2020-01-01'], env);
    expect([unknown.code, unknown.stderr]).toEqual([1, 'Error: No game for 2020-01-01.\n']);
  });

  it('numbers held read as runs', () => {
    expect(numberRuns([5, 1, 2, 3, 8, 10, 11, 3])).toBe('1–3, 5, 8, 10–11');
    expect(numberRuns([])).toBe('');
  });
});
