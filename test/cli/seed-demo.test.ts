// seed-demo fills a fresh database; status then reports the seeded games; users promote/demote work on its players.
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { parseJson, record, runInProcess, runLowest, tempDatabase } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
afterAll(() => db.remove());

const rows = <T>(sql: string): T[] => {
  const conn = new Database(db.path, { readonly: true, fileMustExist: true });
  try {
    return conn.prepare(sql).all() as T[];
  } finally {
    conn.close();
  }
};

describe('lowest seed-demo', { timeout: 120_000 }, () => {
  it('replays past days and opens today with entries', async () => {
    const run = await runLowest(['seed-demo', '--days', '3', '--json'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const summary = record(parseJson(run.stdout));
    expect(summary.closedGames).toHaveLength(3);
    expect(summary.days).toEqual(summary.closedGames);

    const games = rows<{ key: string; status: string }>('SELECT key, status FROM games ORDER BY closes_at');
    expect(games.map((g) => g.status)).toEqual(['closed', 'closed', 'closed', 'open']);
    expect(games.at(-1)?.key).toBe(summary.today);
    // Every past game was played by bots and demo players; today's game already has entries.
    const perGame = rows<{ game_key: string; n: number; humans: number }>(
      `SELECT e.game_key, COUNT(*) AS n, SUM(CASE WHEN u.is_bot THEN 0 ELSE 1 END) AS humans
         FROM entries e JOIN users u ON u.id = e.user_id GROUP BY e.game_key`,
    );
    expect(perGame).toHaveLength(4);
    for (const g of perGame) {
      expect(g.n).toBeGreaterThan(10);
      expect(g.humans).toBeGreaterThan(0);
    }
    // A winning with a pending payout, one paid, a guild with members, a referral, rewards, an admin.
    expect(rows<{ status: string }>('SELECT status FROM payouts ORDER BY status').map((p) => p.status)).toEqual([
      'paid',
      'pending_review',
    ]);
    expect(rows<{ n: number }>('SELECT COUNT(*) AS n FROM guild_members')[0]?.n).toBe(3);
    expect(rows<{ n: number }>('SELECT COUNT(*) AS n FROM referrals')[0]?.n).toBe(2);
    expect(rows<{ n: number }>('SELECT COUNT(*) AS n FROM reward_items')[0]?.n).toBeGreaterThan(0);
    expect(rows<{ role: string }>("SELECT role FROM users WHERE email = 'admin@demo.lowest.invalid'")[0]?.role).toBe(
      'admin',
    );
  });

  it('status then reports the seeded games', async () => {
    const run = await runInProcess(['status'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Closed games:     3');
    expect(run.stdout).toMatch(/Latest result:\s+\d{4}-\d{2}-\d{2}: number 1 won by Alice Archer/);
    expect(run.stdout).toMatch(/Players:\s+6 \(plus \d+ bots\)/);
    const json = record(parseJson((await runInProcess(['status', '--json'], env)).stdout));
    expect(json.closedGamesInHistory).toBe(3);
    expect(record(json.latestResult).status).toBe('closed');
  });

  it('checks --days before touching the database', async () => {
    for (const days of ['0', '61']) {
      const run = await runInProcess(['seed-demo', '--days', days], { DATABASE_URL: 'sqlite:/proc/no-such-dir/x.db' });
      expect([run.code, run.stderr]).toEqual([1, 'Error: Days must be between 1 and 60\n']);
    }
  });

  it('refuses to seed the same database twice', async () => {
    const run = await runInProcess(['seed-demo', '--days', '1'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('Error: This database already holds the demo data (alice@demo.lowest.invalid exists).\n');
  });

  it('users promote and demote change the role', async () => {
    const promote = await runInProcess(['users', 'promote', 'bob@demo.lowest.invalid'], env);
    expect(promote.code).toBe(0);
    expect(promote.stdout).toBe('bob@demo.lowest.invalid (Bob Builder) is now an admin.\n');
    expect(rows<{ role: string }>("SELECT role FROM users WHERE email = 'bob@demo.lowest.invalid'")[0]?.role).toBe(
      'admin',
    );
    const demote = await runInProcess(['users', 'demote', 'BOB@demo.lowest.invalid', '--json'], env);
    expect(record(parseJson(demote.stdout)).role).toBe('player');
    expect(rows<{ role: string }>("SELECT role FROM users WHERE email = 'bob@demo.lowest.invalid'")[0]?.role).toBe(
      'player',
    );
  });
});
