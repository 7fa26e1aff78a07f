// Every upgrade fixture (DESIGN.md §20, docs/adr/0060): a week an earlier release played through its own API and
// left in SQLite and PostgreSQL (scripts/make-upgrade-fixture.sh). Today's code opens each, migrates it and must
// answer every reading the release recorded as it did, on the fixture's clock; every receipt the release handed out
// is INCLUDED in its closed game, every closed day verifies, the claim under review goes on to paid, and a new pick is
// signed.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPostgresStore } from '../../adapters/postgres/store.ts';
import { createSqliteStore } from '../../adapters/sqlite/store.ts';
import { storedReceiptSignature, verifyStoredGame } from '../../core/fairness/fairness.ts';
import { asReceipt } from '../../core/fairness/record.ts';
import type { Store } from '../../core/ports.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { makeHarness, type Harness } from '../api/harness.ts';
import { fixturesDir, loadPostgresFixture } from './fixture-files.ts';

interface Answer {
  as: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
}
interface Played {
  day: string;
  now: string;
  cookies: Record<string, string>;
  payoutId: string;
  receipts: { as: string; kind: 'entry' | 'mine'; receipt: unknown }[];
  reads: Answer[];
}
interface Answers {
  ref: string;
  commit: string;
  version: string;
  sqlite: Played;
  postgres: Played;
}

const fixtures = readdirSync(fixturesDir).sort();
const answersOf = (fixture: string): Answers =>
  JSON.parse(readFileSync(join(fixturesDir, fixture, 'answers.json'), 'utf8')) as Answers;

const temp = mkdtempSync(join(tmpdir(), 'lowest-upgrade-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(temp, { recursive: true, force: true });
});

/** The fixture's SQLite file, copied (the committed one stays as the release wrote it), opened and migrated. */
const openSqlite = async (fixture: string): Promise<Store> => {
  const file = join(temp, `${fixture}.db`);
  copyFileSync(join(fixturesDir, fixture, 'lowest.db'), file);
  const store = await createSqliteStore(file);
  cleanups.push(() => store.close());
  return store;
};

/** The fixture's dump loaded into a fresh database, then opened and migrated. */
const openPostgres = async (fixture: string): Promise<Store> => {
  const database: TestDatabase = await createTestDatabase(inject('postgresAdminUrl'), 'lowest_upgrade');
  cleanups.push(() => database.drop());
  await loadPostgresFixture(database.url, fixture);
  const store = await createPostgresStore(database.url, { maxConnections: 2 });
  cleanups.push(() => store.close());
  return store;
};

/**
 * `now` keeps what `then` said: every field of an object (a field added since may be there too), every item of an
 * array in its order, every value equal. Returns the first difference's path, or null.
 */
const differenceOf = (then: unknown, now: unknown, path = ''): string | null => {
  if (Array.isArray(then)) {
    if (!Array.isArray(now)) return `${path}: was an array`;
    if (now.length !== then.length) return `${path}: ${String(then.length)} items, now ${String(now.length)}`;
    for (const [i, item] of then.entries()) {
      const difference = differenceOf(item, now[i], `${path}[${String(i)}]`);
      if (difference !== null) return difference;
    }
    return null;
  }
  if (typeof then === 'object' && then !== null) {
    if (typeof now !== 'object' || now === null || Array.isArray(now)) return `${path}: was an object`;
    for (const [key, value] of Object.entries(then)) {
      const difference = differenceOf(value, (now as Record<string, unknown>)[key], `${path}.${key}`);
      if (difference !== null) return difference;
    }
    return null;
  }
  return Object.is(then, now) ? null : `${path}: was ${JSON.stringify(then)}, now ${JSON.stringify(now)}`;
};

const read = async (h: Harness, played: Played, answer: Answer): Promise<Answer> => {
  const res = await h.request(answer.method, answer.path, { cookie: played.cookies[answer.as] ?? null });
  const text = await res.text();
  return { ...answer, status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
};

describe.each(fixtures)('the upgrade fixture %s', (fixture) => {
  const answers = answersOf(fixture);

  describe.each([
    ['SQLite', 'sqlite', openSqlite],
    ['PostgreSQL', 'postgres', openPostgres],
  ] as const)('on %s', (_label, kind, open) => {
    const played = answers[kind];

    it('migrates, answers as the release did, verifies its receipts and days, pays the claim and signs a new pick', async () => {
      // Another seed than the release's harness: the ids it makes must not be the ones the fixture holds.
      const h = await makeHarness({ store: await open(fixture), now: played.now, seed: 20_260_601 });

      for (const answer of played.reads) {
        const now = await read(h, played, answer);
        const where = `${answer.as} GET ${answer.path}`;
        expect(now.status, where).toBe(answer.status);
        expect(differenceOf(answer.body, now.body), where).toBeNull();
      }

      for (const { receipt } of played.receipts) {
        const check = await verifyStoredGame(h.deps, played.day, asReceipt(receipt));
        expect(check).toMatchObject({ ok: true, problem: null, receiptIncluded: true });
      }
      const closedDays = ['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19'];
      for (const day of [...closedDays, '2026-11-20', played.day]) {
        expect((await verifyStoredGame(h.deps, day, null)).ok, day).toBe(true);
      }

      const admin = played.cookies['Admin'] ?? null;
      const payout = `/api/prizes/admin/payouts/${played.payoutId}`;
      const approved = await h.request('POST', payout, {
        cookie: admin,
        json: { status: 'approved', reviewNotes: 'Approved after the upgrade' },
      });
      expect(approved.status).toBe(200);
      const paid = await h.request('POST', payout, {
        cookie: admin,
        json: { status: 'paid', reviewNotes: 'Paid after the upgrade', paymentReference: 'TX-UPGRADE' },
      });
      expect(paid.status).toBe(200);
      const winnings = (await (
        await h.request('GET', '/api/winnings', { cookie: played.cookies['Ann'] ?? null })
      ).json()) as {
        winnings: { gameId: string; status: string; paymentReference: string | null }[];
      };
      expect(winnings.winnings.find((w) => w.gameId === played.day)).toMatchObject({
        status: 'paid',
        paymentReference: 'TX-UPGRADE',
      });

      const pick = await h.request('POST', '/api/entry', {
        cookie: played.cookies['Dan'] ?? null,
        json: { number: 4 },
      });
      expect(pick.status).toBe(201);
      const { receipt } = (await pick.json()) as { receipt: unknown };
      const parsed = asReceipt(receipt);
      if (parsed === null) throw new Error(`not a receipt: ${JSON.stringify(receipt)}`);
      const signed = await storedReceiptSignature(h.deps, parsed.gameDate, parsed);
      expect(signed.verdict.status).toBe('signed');
    });
  });
});
