// `lowest users export EMAIL [--out FILE]`: the player's DOWNLOAD MY DATA file, for an operator, on stdout or in a file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../../core/accounts/sign-in.ts';
import { createSession } from '../../core/accounts/sessions.ts';
import { submitEntry } from '../../core/entries/submit-entry.ts';
import { playerExport } from '../../core/accounts/export.ts';
import type { PlayerExportResponse } from '../../server/routes/profile.schemas.ts';
import { openRuntime } from '../../cli/runtime.ts';
import { parseJson, runLowest, tempDatabase } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
afterAll(() => db.remove());

const withoutTime = (text: string): unknown => ({ ...(parseJson(text) as PlayerExportResponse), exportedAt: null });

describe('lowest users export', { timeout: 90_000 }, () => {
  it('writes the same file the player downloads, to stdout or to --out FILE, never a session token', async () => {
    const runtime = await openRuntime(env);
    let expected: string;
    let token: string;
    try {
      const { user } = await signIn(runtime.deps, {
        googleSub: 'sub-ann',
        email: 'ann@example.com',
        displayName: 'Ann',
        adminEmails: [],
      });
      token = (await createSession(runtime.deps, user.id, 30)).token;
      await submitEntry(runtime.deps, { userId: user.id, number: 12 });
      const file = await playerExport(runtime.deps, user.id, { sessionDays: 30 });
      expected = '';
      for await (const piece of file.text) expected += piece;
    } finally {
      await runtime.close();
    }

    const printed = await runLowest(['users', 'export', 'ann@example.com'], env);
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    expect(withoutTime(printed.stdout)).toEqual(withoutTime(expected));
    expect(printed.stdout).not.toContain(token);
    const data = parseJson(printed.stdout) as PlayerExportResponse;
    expect(data.days.map((d) => d.entries.map((e) => e.receipt.number))).toEqual([[12]]);

    const out = join(db.dir, 'ann.json');
    const written = await runLowest(['users', 'export', 'ann@example.com', '--out', out], env);
    expect(written.code).toBe(0);
    expect(written.stdout).toMatch(
      /^Wrote \d+ bytes about ann@example.com to .*ann\.json \(a player downloads it as lowest-unique-\d{4}-\d{2}-\d{2}\.json\)\.\n$/,
    );
    expect(withoutTime(readFileSync(out, 'utf8'))).toEqual(withoutTime(expected));
    // An existing file is never overwritten.
    const again = await runLowest(['users', 'export', 'ann@example.com', '--out', out], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('EEXIST');
  });

  it('says so for an unknown e-mail', async () => {
    const run = await runLowest(['users', 'export', 'nobody@example.com'], env);
    expect([run.code, run.stderr]).toEqual([1, 'Error: No user has the e-mail nobody@example.com.\n']);
    expect(run.stdout).toBe('');
  });
});
