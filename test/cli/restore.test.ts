// `lowest backup` and `lowest restore` as an operator uses them (DESIGN.md §20): a backup taken while picks stream in,
// the database lost, the backup restored; the server starts on it, the day's results and receipts verify, and the
// claim under review goes on to paid. Restore refuses while a process holds the database, and keeps the database it
// replaces whole (its WAL folded in, nothing of it left beside the restored file).
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../../adapters/sqlite/store.ts';
import { verifyStoredGame } from '../../core/fairness/fairness.ts';
import { asReceipt } from '../../core/fairness/record.ts';
import { ADMIN_EMAIL, closeToday, makeHarness } from '../api/harness.ts';
import { freePort } from '../support/free-port.ts';
import { startServer, until, type ServerProcess } from '../scale-out/server-process.ts';
import { repoRoot, runInProcess, runLowest, tempDatabase } from './run-lowest.ts';

const DAY = '2026-11-20';
const db = tempDatabase();
const env = { DATABASE_URL: db.url };
const backupFile = join(db.dir, 'backup.db');
let server: ServerProcess | null = null;
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  db.remove();
});

const rows = <T>(file: string, query: string): T[] => {
  const raw = new Database(file, { fileMustExist: true });
  try {
    return raw.prepare(query).all() as T[];
  } finally {
    raw.close();
  }
};
const entryIdsOf = (file: string, game: string): Set<string> =>
  new Set(rows<{ id: string }>(file, `select id from entries where game_key = '${game}'`).map((r) => r.id));
const filesBeside = (): string[] => readdirSync(db.dir).sort();
const catName = "select display_name as name from users where email = 'cat@example.com'";

describe('lowest backup and lowest restore', () => {
  it('a backup taken during a stream of picks comes back in place of the lost database and plays on', async () => {
    // The day: three players pick, the day closes, Cat (the lowest unique) claims her prize.
    let store: SqliteStore | null = await createSqliteStore(db.path);
    const h = await makeHarness({ store });
    const ann = await h.signIn('ann@example.com', 'Ann');
    const bob = await h.signIn('bob@example.com', 'Bob');
    const cat = await h.signIn('cat@example.com', 'Cat');
    const receipts: unknown[] = [];
    for (const [cookie, number] of [
      [ann, 2],
      [bob, 2],
      [cat, 4],
      [ann, 6],
    ] as const) {
      const res = await h.request('POST', '/api/entry', { cookie, json: { number } });
      if (res.status !== 201) continue; // Ann's second pick needs a bonus entry she does not have.
      receipts.push(((await res.json()) as { receipt: unknown }).receipt);
    }
    expect(receipts).toHaveLength(3);
    await closeToday(h);
    const claim = await h.request('POST', '/api/prizes/winner-payout', {
      cookie: cat,
      json: { gameId: DAY, paypalEmail: 'cat@paypal.test', preferredName: 'Cat' },
    });
    expect(claim.status).toBe(200);
    const { payoutId } = (await claim.json()) as { payoutId: string };
    const results = await (await h.request('GET', `/api/stats/daily/${DAY}`)).json();

    // The next day's picks stream in, one new player after another, while `lowest backup` copies the database.
    const nextDay = h.clock.now().toISOString().slice(0, 10);
    /** The picks answered 201, in the order their answers came. */
    const acknowledged: string[] = [];
    let streaming = true;
    const stream = (async () => {
      for (let i = 0; streaming; i += 1) {
        const cookie = await h.signIn(`stream${String(i)}@example.com`, `Stream ${String(i)}`);
        const res = await h.request('POST', '/api/entry', { cookie, json: { number: 10 + i } });
        expect(res.status).toBe(201);
        const { entry } = (await res.json()) as { entry: { id: string } };
        acknowledged.push(entry.id);
      }
    })();
    await until(async () => acknowledged.length >= 5, 10_000, 5);
    // Counted, not timed: picks answered within the same millisecond would fall on either side of a clock reading.
    const answeredBefore = acknowledged.length;
    const backup = await runLowest(['backup', backupFile], env);
    const answeredAfter = acknowledged.length;
    streaming = false;
    await stream;
    expect(backup).toMatchObject({ code: 0, stdout: `Backup written to ${backupFile}\n` });
    // Every pick answered before the backup began is in it; none answered after it ended.
    const inBackup = entryIdsOf(backupFile, nextDay);
    const before = acknowledged.slice(0, answeredBefore);
    const after = acknowledged.slice(answeredAfter);
    expect(before.length).toBeGreaterThanOrEqual(5);
    expect(before.filter((id) => !inBackup.has(id))).toEqual([]);
    expect(after.filter((id) => inBackup.has(id))).toEqual([]);

    // Refused while the database is open in another process (this one's store), and nothing changes.
    const listing = filesBeside();
    const refused = await runLowest(['restore', backupFile], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Error: ${db.path} is open in another process (the server, or a lowest command): stop it first (e.g. systemctl stop lowest), then restore.\n`,
    );
    expect(filesBeside()).toEqual(listing);

    // The database is lost.
    await store.close();
    store = null;
    for (const suffix of ['', '-wal', '-shm']) rmSync(db.path + suffix, { force: true });

    const restored = await runLowest(['restore', backupFile], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(new RegExp(`^Restored:\\s+${db.path}$`, 'm'));
    expect(restored.stdout).toMatch(/^Kept:\s+nothing \(there was no database\)$/m);
    expect(restored.stdout).toMatch(new RegExp(`^Verified:\\s+${DAY} VERIFIED$`, 'm'));
    expect(entryIdsOf(db.path, nextDay)).toEqual(inBackup);

    // The server starts on it: the day's results are as they were, and the claim goes on to paid.
    const port = await freePort();
    const origin = `http://127.0.0.1:${String(port)}`;
    server = await startServer({ ...env, PORT: String(port), PUBLIC_URL: origin, ADMIN_EMAILS: ADMIN_EMAIL });
    const url = server.url;
    await until(async () => (await fetch(`${url}/readyz`)).status === 200);
    expect(await (await fetch(`${url}/api/stats/daily/${DAY}`)).json()).toEqual(results);
    const signIn = async (email: string): Promise<string> => {
      const res = await fetch(`${url}/auth/dev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email, displayName: email.split('@')[0] }),
      });
      expect(res.status).toBe(200);
      return (
        res.headers
          .getSetCookie()
          .find((c) => c.startsWith('sid='))
          ?.split(';')[0] ?? ''
      );
    };
    const admin = await signIn(ADMIN_EMAIL);
    const review = (json: unknown) =>
      fetch(`${url}/api/prizes/admin/payouts/${payoutId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie: admin },
        body: JSON.stringify(json),
      });
    expect((await review({ status: 'approved', reviewNotes: 'Checked after the restore' })).status).toBe(200);
    expect((await review({ status: 'paid', reviewNotes: 'Paid', paymentReference: 'TX-RESTORED' })).status).toBe(200);
    const winnings = (await (
      await fetch(`${url}/api/winnings`, { headers: { cookie: await signIn('cat@example.com') } })
    ).json()) as { winnings: { gameId: string; status: string }[] };
    expect(winnings.winnings.find((w) => w.gameId === DAY)?.status).toBe('paid');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // Every receipt of the day is INCLUDED in the restored record.
    store = await createSqliteStore(db.path);
    const { deps } = await makeHarness({ store });
    for (const receipt of receipts) {
      expect(await verifyStoredGame(deps, DAY, asReceipt(receipt))).toMatchObject({ ok: true, receiptIncluded: true });
    }
    await store.close();
  }, 120_000);

  it('keeps the database it replaces whole: its WAL folded in, none of it left beside the restored file', async () => {
    // A process that wrote and died: its last write is only in the WAL.
    const crashed = spawnSync(
      process.execPath,
      [
        '-e',
        `const D = require('better-sqlite3'); const d = new D(process.argv[1]); d.pragma('wal_autocheckpoint = 0');
         d.prepare("update users set display_name = 'Crashed' where email = 'cat@example.com'").run();
         process.kill(process.pid, 'SIGKILL');`,
        db.path,
      ],
      { cwd: repoRoot },
    );
    expect(crashed.signal).toBe('SIGKILL');
    expect(statSync(`${db.path}-wal`).size).toBeGreaterThan(0);

    const run = await runLowest(['restore', backupFile], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const kept = /^Kept:\s+(\S+)$/m.exec(run.stdout)?.[1] ?? '';
    expect(kept.startsWith(`${db.path}.before-restore-`)).toBe(true);
    expect(kept.slice(db.path.length)).toMatch(/^\.before-restore-\d{8}T\d{6}Z$/);
    const catIn = (file: string) => rows<{ name: string }>(file, catName)[0]?.name;
    // The kept file is the whole old database on its own, the dead process's write included.
    expect(existsSync(`${kept}-wal`)).toBe(false);
    expect(catIn(kept)).toBe('Crashed');
    // The restored database is the backup's: the old WAL was not replayed into it.
    expect(catIn(db.path)).toBe('Cat');
  }, 60_000);

  it('refuses a file that is not a LOWEST UNIQUE database of this release, and PostgreSQL, changing nothing', async () => {
    const refusal = async (file: string) => {
      const listing = filesBeside();
      const run = await runInProcess(['restore', file], env);
      expect(run.code).toBe(1);
      expect(filesBeside()).toEqual(listing);
      return run.stderr;
    };
    const text = join(db.dir, 'notes.txt');
    writeFileSync(text, 'not a database, but long enough to have a header of sorts '.repeat(10));
    expect(await refusal(text)).toBe(`Error: ${text} is not a SQLite database.\n`);
    rmSync(text);

    const other = join(db.dir, 'other.db');
    const raw = new Database(other);
    raw.exec('create table notes (id integer primary key, body text)');
    raw.close();
    expect(await refusal(other)).toBe(
      `Error: ${other} is a SQLite database but not a LOWEST UNIQUE one: it records no migrations.\n`,
    );
    rmSync(other);

    const newer = join(db.dir, 'newer.db');
    await (await createSqliteStore(newer)).close();
    const stamped = new Database(newer);
    stamped
      .prepare("insert into schema_migrations (name, timestamp) values ('9999-from-the-future', ?)")
      .run(new Date(0).toISOString());
    stamped.close();
    expect(await refusal(newer)).toBe(
      `Error: ${newer} was written by a newer release (migrations 9999-from-the-future are unknown here): restore it with that release.\n`,
    );
    rmSync(newer);

    expect(await refusal(join(db.dir, 'missing.db'))).toBe(`Error: ${join(db.dir, 'missing.db')} does not exist.\n`);
    const postgres = await runInProcess(['restore', backupFile], {
      DATABASE_URL: 'postgres://lowest@db.example/lowest',
    });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toContain('restore puts back SQLite databases only. For PostgreSQL use pg_restore');
  });
});
