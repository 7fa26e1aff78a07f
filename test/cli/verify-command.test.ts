// `lowest verify DATE [--receipt FILE]`: recomputes the root from the database, compares it with the
// stored one, and exits 1 on any mismatch (a changed row, a receipt that is not in the record).
import { afterAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultGameConfig } from '../../core/config.ts';
import { closeInstantAfter, gameDateOf } from '../../core/game/calendar.ts';
import { parseJson, record, runInProcess, runLowest, tempDatabase, withSqlite } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
afterAll(() => db.remove());
const today = gameDateOf(closeInstantAfter(new Date(), defaultGameConfig), defaultGameConfig);

const sqlite = <T>(work: (conn: Database.Database) => T): T => withSqlite(db.path, work);

type Row = { id: string; game_key: string; number: number; salt: string; leaf: string };
const firstEntry = (): Row =>
  sqlite((c) => c.prepare('select id, game_key, number, salt, leaf from entries order by leaf limit 1').get() as Row);

describe('lowest verify', { timeout: 90_000 }, () => {
  it('refuses an open game and says so', async () => {
    expect(
      (await runInProcess(['bots', 'create', '--count', '6', '--bonus', '2', '--min', '1', '--max', '9'], env)).code,
    ).toBe(0);
    const run = await runInProcess(['verify', today], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`Error: The game ${today} is still open: there is nothing to verify yet.\n`);
  });

  it('verifies a closed game: exit 0, the root and the leaf count', async () => {
    expect((await runInProcess(['compute', today], env)).code).toBe(0);
    const run = await runLowest(['verify', today], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Game:    ${today} VERIFIED`);
    expect(run.stdout).toContain('Leaves:  8');
    const stored = sqlite(
      (c) => (c.prepare('select fairness_root as root from games where key = ?').get(today) as { root: string }).root,
    );
    expect(record(parseJson((await runInProcess(['verify', today, '--json'], env)).stdout))).toMatchObject({
      ok: true,
      storedRoot: stored,
      computedRoot: stored,
    });
  });

  it('says INCLUDED for a saved receipt and fails for a forged one or a bad file, naming the option', async () => {
    const e = firstEntry();
    const file = join(db.dir, 'receipt.json');
    writeFileSync(
      file,
      JSON.stringify({ gameDate: e.game_key, entryId: e.id, number: e.number, salt: e.salt, leaf: e.leaf }),
    );
    const ok = await runInProcess(['verify', today, '--receipt', file], env);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/Receipt: +INCLUDED\n/);
    expect(ok.stdout).toMatch(/Signature: +UNSIGNED\n/);

    writeFileSync(
      file,
      JSON.stringify({ gameDate: e.game_key, entryId: e.id, number: e.number + 1, salt: e.salt, leaf: e.leaf }),
    );
    const forged = await runInProcess(['verify', today, '--receipt', file], env);
    expect(forged.code).toBe(1);
    expect(forged.stderr).toBe(`Error: NOT VERIFIED ${today}: The receipt is not in this game's record.\n`);

    writeFileSync(file, '{"gameDate": 1}');
    const bad = await runInProcess(['verify', today, '--receipt', file], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^Error: --receipt: .* is not a receipt/);
  });

  it('exits 1 when a row was changed after the close, naming the entry', async () => {
    const e = firstEntry();
    // Changing the number alone: the stored leaf no longer follows from the row.
    sqlite((c) => c.prepare('update entries set number = number + 1000 where id = ?').run(e.id));
    const changed = await runInProcess(['verify', today], env);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toBe(
      `Error: NOT VERIFIED ${today}: Leaf of entry ${e.id} does not match its number and salt.\n`,
    );
    sqlite((c) => c.prepare('update entries set number = ? where id = ?').run(e.number, e.id));
    // Deleting a row: the root from the database no longer matches the stored one.
    sqlite((c) => c.prepare('delete from entries where id = ?').run(e.id));
    const dropped = await runInProcess(['verify', today], env);
    expect(dropped.code).toBe(1);
    expect(dropped.stderr).toBe(
      `Error: NOT VERIFIED ${today}: The root recomputed from the database differs from the stored root.\n`,
    );
  });
});
