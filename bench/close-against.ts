// `npm run bench:close -- --against no-tree|no-signals`: the close of one filled game timed against a baseline, in
// alternated pairs, each close on a fresh copy of the same filled database (SQLite: a copy of the file; PostgreSQL: a
// database made from it as a template), so both sides meet the same rows, the same machine and the same moment.
// - `no-tree`: the same close with the fairness tree's keys left unread (an empty tree is stored), against DESIGN.md
//   §16's limit: the tree adds at most 1.5 s to the close of 1,000,000 entries.
// - `no-signals`: the same close on a database filled without integrity signals, against §18's limit: with the
//   signals in place the close of 200,000 entries takes at most 20 % longer.
// Single runs of one close differ by up to a second on a shared machine; medians of alternated pairs do not.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createPostgresStore } from '../adapters/postgres/store.ts';
import { createSqliteStore } from '../adapters/sqlite/store.ts';
import { closeGame } from '../core/game/close.ts';
import type { Repositories, Store } from '../core/ports.ts';
import { startEmbeddedPostgres } from '../test/support/postgres.ts';
import { closeDeps, fillPostgres, fillSqlite, GAME_KEY, makeEntries, type FillOptions } from './close-fixture.ts';

export type Baseline = 'no-tree' | 'no-signals';

export interface AgainstOptions {
  entries: number;
  against: Baseline;
  pairs: number;
  sqliteOnly?: boolean;
  postgresOnly?: boolean;
}

export interface AgainstResult {
  database: string;
  /** Seconds of each close of this code, and of the baseline's, in the order they ran. */
  closes: number[];
  baseline: number[];
  passes: boolean;
}

const LIMIT: Record<Baseline, { text: string; holds: (close: number, baseline: number) => boolean }> = {
  'no-tree': { text: '≤ +1.5 s', holds: (close, baseline) => close - baseline <= 1.5 },
  'no-signals': { text: '≤ +20 %', holds: (close, baseline) => close <= baseline * 1.2 },
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? Number.NaN) + (sorted[mid] ?? Number.NaN)) / 2;
};

/** The store as the close sees it, with the fairness tree's keys read as none: the close without its tree. */
const withoutTreeKeys = (store: Store): Store => {
  const strip = (repos: Repositories): Repositories => ({
    ...repos,
    fairness: new Proxy(repos.fairness, {
      get(target, key) {
        if (key === 'treeKeys') return async function* () {};
        const value: unknown = Reflect.get(target, key);
        // Bound to the repository itself: its methods use private members a proxy does not have.
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }),
  });
  return {
    read: (work) => store.read((repos) => work(strip(repos))),
    write: (work) => store.write((repos) => work(strip(repos))),
    close: () => store.close(),
    submitStandardPick: (pick) => store.submitStandardPick(pick),
  };
};

/** Seconds one close takes on `store`; the game must close now (a fresh copy). */
const timeClose = async (store: Store): Promise<number> => {
  const start = performance.now();
  const outcome = await closeGame(closeDeps(store), GAME_KEY);
  if (!outcome.closedNow) throw new Error('The bench game was already closed: each close needs a fresh copy.');
  return (performance.now() - start) / 1000;
};

/**
 * The pairs on one database: `fresh(side)` makes a copy for one close and hands back its store and the way to drop
 * it. The order alternates from pair to pair, so neither side always runs first.
 */
async function pairsOn(
  database: string,
  options: AgainstOptions,
  fresh: (side: 'this' | 'baseline') => Promise<{ store: Store; drop: () => Promise<void> }>,
): Promise<AgainstResult> {
  const closes: number[] = [];
  const baseline: number[] = [];
  for (let pair = 0; pair < options.pairs; pair += 1) {
    const sides = pair % 2 === 0 ? (['this', 'baseline'] as const) : (['baseline', 'this'] as const);
    for (const side of sides) {
      const { store, drop } = await fresh(side);
      try {
        const seconds = await timeClose(
          side === 'baseline' && options.against === 'no-tree' ? withoutTreeKeys(store) : store,
        );
        (side === 'this' ? closes : baseline).push(seconds);
      } finally {
        await store.close();
        await drop();
      }
    }
  }
  return { database, closes, baseline, passes: LIMIT[options.against].holds(median(closes), median(baseline)) };
}

/** Which filled databases a run needs: one, or a second without signals for the `no-signals` baseline. */
const fillsFor = (against: Baseline): { side: 'this' | 'baseline'; fill: FillOptions }[] =>
  against === 'no-signals'
    ? [
        { side: 'this', fill: {} },
        { side: 'baseline', fill: { signals: false } },
      ]
    : [{ side: 'this', fill: {} }];

async function onSqlite(options: AgainstOptions): Promise<AgainstResult> {
  const dir = mkdtempSync(join(tmpdir(), 'lowest-bench-against-'));
  try {
    const templates = new Map<'this' | 'baseline', string>();
    for (const { side, fill } of fillsFor(options.against)) {
      const file = join(dir, `${side}.db`);
      const store = await createSqliteStore(file);
      await fillSqlite(store.db, makeEntries(options.entries), fill);
      // Closing checkpoints the write-ahead log into the file, so a copy of the file alone is the whole database.
      await store.close();
      templates.set(side, file);
    }
    let copies = 0;
    return await pairsOn('sqlite', options, async (side) => {
      const file = join(dir, `copy-${String((copies += 1))}.db`);
      copyFileSync(templates.get(side) ?? templates.get('this') ?? '', file);
      const store = await createSqliteStore(file);
      return {
        store,
        drop: async () => {
          for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
        },
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(options: AgainstOptions): Promise<AgainstResult> {
  const given = process.env['TEST_DATABASE_URL'];
  const server = given ? null : await startEmbeddedPostgres();
  const adminUrl = given ?? server?.adminUrl ?? '';
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  const urlOf = (name: string): string => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const suffix = `${String(process.pid)}_${String(Date.now())}`;
  const made: string[] = [];
  try {
    const templates = new Map<'this' | 'baseline', string>();
    for (const { side, fill } of fillsFor(options.against)) {
      const name = `lowest_against_${side}_${suffix}`;
      await admin.unsafe(`create database "${name}"`);
      made.push(name);
      const store = await createPostgresStore(urlOf(name));
      await fillPostgres(store.db, urlOf(name), makeEntries(options.entries), fill);
      // A template must have no connection open when a database is made from it.
      await store.close();
      templates.set(side, name);
    }
    let copies = 0;
    return await pairsOn('postgres', options, async (side) => {
      const name = `lowest_against_copy_${String((copies += 1))}_${suffix}`;
      await admin.unsafe(`create database "${name}" template "${templates.get(side) ?? templates.get('this') ?? ''}"`);
      const store = await createPostgresStore(urlOf(name));
      return {
        store,
        drop: () => admin.unsafe(`drop database if exists "${name}" with (force)`).then(() => undefined),
      };
    });
  } finally {
    for (const name of made) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await server?.stop();
  }
}

const BASELINE_NAMES: Record<Baseline, string> = {
  'no-tree': 'without the tree',
  'no-signals': 'without integrity signals',
};

export function printAgainst(options: AgainstOptions, r: AgainstResult): void {
  const list = (values: readonly number[]) => values.map((v) => v.toFixed(2)).join(' ');
  const close = median(r.closes);
  const base = median(r.baseline);
  const change =
    options.against === 'no-tree'
      ? `${close - base >= 0 ? '+' : ''}${(close - base).toFixed(2)} s`
      : `${close >= base ? '+' : ''}${((close / base - 1) * 100).toFixed(1)} %`;
  console.log(
    `${r.database.padEnd(9)} this close ${close.toFixed(2)} s (${list(r.closes)})   ${BASELINE_NAMES[options.against]} ${base.toFixed(2)} s (${list(r.baseline)})   ` +
      `${change}  goal ${LIMIT[options.against].text}  ${r.passes ? 'PASS' : 'FAIL'}`,
  );
}

export async function runCloseAgainst(options: AgainstOptions): Promise<AgainstResult[]> {
  console.log(
    `close bench against ${options.against}: ${options.entries.toLocaleString('en-US')} entries, ${String(options.pairs)} alternated pairs, ` +
      'each close on a fresh copy of one filled database (medians)',
  );
  const results: AgainstResult[] = [];
  for (const [skip, run] of [
    [options.postgresOnly, onSqlite],
    [options.sqliteOnly, onPostgres],
  ] as const) {
    if (skip) continue;
    const result = await run(options);
    printAgainst(options, result);
    results.push(result);
  }
  return results;
}
