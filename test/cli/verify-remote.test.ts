// `lowest verify DATE --remote URL` against a real server on a free port over SQLite: an open game, a game of version 1,
// then a game of 2,001 items (bots and a mine) with its tree of version 2 stored, read in pages of 700. A tampering
// proxy and a changed database row give exit 1 naming the mismatch; bad input gives one line and exit 1 or 2.
import { serve, type ServerType } from '@hono/node-server';
import type Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as NetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import { createSqliteStore, type SqliteStore } from '../../adapters/sqlite/store.ts';
import { defaultGameConfig } from '../../core/config.ts';
import { nodeEd25519 } from '../../adapters/crypto/ed25519.ts';
import { entryLeaf, mineLeaf } from '../../core/fairness/hashes.ts';
import type { PublishedKey } from '../../core/fairness/model.ts';
import { checkReceiptSignature } from '../../core/fairness/receipt-signature.ts';
import { checkAbsence } from '../../core/fairness/tree-v2-proofs.ts';
import type { FairnessSummaryV2, NeighboursResponse } from '../../server/routes/fairness.schemas.ts';
import { signReceipt, TEST_KEY_ID, testKey } from '../support/receipt-signing.ts';
import { commitTree } from '../../core/fairness/tree-v2-record.ts';
import { commitRoot } from '../../core/fairness/fairness.ts';
import { closeInstantAfter, gameDateOf } from '../../core/game/calendar.ts';
import { makeHarness } from '../api/harness.ts';
import { freePort } from '../support/free-port.ts';
import { runCli } from '../../cli/run.ts';
import { runInProcess, runLowest, tempDatabase, withSqlite, type CliRun } from './run-lowest.ts';

const db = tempDatabase();
const env = { DATABASE_URL: db.url };
const today = gameDateOf(closeInstantAfter(new Date(), defaultGameConfig), defaultGameConfig);
const PAGE = ['--page-size', '700'];

let store: SqliteStore;
let server: ServerType;
let base: string;
const closers: (() => Promise<void>)[] = [];

/** Listens on a free loopback port until the file's end (open sockets cut then); its base URL. */
const listening = async (server: NetServer): Promise<string> => {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
};

beforeAll(async () => {
  store = await createSqliteStore(db.path);
  const h = await makeHarness({ store });
  server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}, 30_000);

afterAll(async () => {
  for (const close of closers) await close();
  (server as Server).closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await store.close();
  db.remove();
});

const sqlite = <T>(work: (conn: Database.Database) => T): T => withSqlite(db.path, work);

type Row = { id: string; number: number; salt: string; leaf: string };
/** The entry with the lowest leaf among those on `number` (ordered so the test reads the same row each time). */
const entryOn = (number: number): Row =>
  sqlite(
    (c) =>
      c
        .prepare('select id, number, salt, leaf from entries where game_key = ? and number = ? order by leaf limit 1')
        .get(today, number) as Row,
  );

const verify = (url: string, ...more: string[]): Promise<CliRun> =>
  runInProcess(['verify', today, '--remote', url, ...PAGE, ...more], {});
const notVerified = (problem: string) => `Error: NOT VERIFIED ${today}: ${problem}\n`;

/** A proxy in front of the server that rewrites the JSON answers of the paths `tamper` picks. */
const tamperingProxy = async (
  tamper: (path: string, body: Record<string, unknown>) => Record<string, unknown> | null,
): Promise<string> => {
  const proxy = createHttpServer((req, res) => {
    void (async () => {
      const upstream = await fetch(`${base}${req.url ?? '/'}`);
      const text = await upstream.text();
      const changed =
        upstream.status === 200
          ? tamper(new URL(req.url ?? '/', base).pathname, JSON.parse(text) as Record<string, unknown>)
          : null;
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      res.end(changed ? JSON.stringify(changed) : text);
    })();
  });
  return listening(proxy);
};

type Item = { kind: string; id: string; number: number; salt: string; leaf: string };
const itemsOf = (body: Record<string, unknown>): Item[] => body['items'] as Item[];

describe('lowest verify --remote', { timeout: 120_000 }, () => {
  it('says an open game is still open', async () => {
    expect(
      (await runInProcess(['bots', 'create', '--count', '1000', '--bonus', '1000', '--min', '1', '--max', '900'], env))
        .code,
    ).toBe(0);
    // A mine on the lowest number that only one bot picked: resolution must count it.
    const lone = sqlite(
      (c) =>
        c
          .prepare(
            'select number from entries where game_key = ? group by number having count(*) = 1 order by number limit 1',
          )
          .get(today) as { number: number },
    );
    const user = sqlite(
      (c) => c.prepare('select user_id from entries where game_key = ? limit 1').get(today) as { user_id: string },
    );
    const salt = 'a'.repeat(32);
    await store.write((r) =>
      r.mines.place({
        id: 'mine-1',
        gameKey: today,
        userId: user.user_id,
        number: lone.number,
        placedAt: new Date().toISOString(),
        salt,
        leaf: mineLeaf(nodeDigest, today, 'mine-1', lone.number, salt),
      }),
    );
    const run = await verify(base);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: The game ${today} is still open: there is nothing to verify yet.\n`,
    });
  });

  it('checks a game closed with tree version 1 from its whole record', async () => {
    expect((await runInProcess(['compute', today], env)).code).toBe(0);
    // As a game closed before tree version 2: its version 1 root in place of the tree.
    await store.write((r) => commitRoot(r, nodeDigest, today));
    const run = await verify(base);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${today} VERIFIED`);
    expect(run.stdout).toMatch(/Tree: +version 1\n/);
    expect(run.stdout).toMatch(/Leaves: +2001\n/);
  });

  it('audits a game of version 2 through the public API: VERIFIED, every item read across pages', async () => {
    const snapshot = await store.read(async (r) => (await r.games.stats(today))?.snapshot);
    expect(snapshot?.minedNumbers).toHaveLength(1);
    const root = await store.write((r) =>
      commitTree(r, nodeDigest, today, snapshot ?? { winningNumber: null, secondPlaceNumber: null }),
    );
    const run = await runLowest(['verify', today, '--remote', `${base}/`, ...PAGE], {});
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`Game: +${today} VERIFIED\\n`));
    expect(run.stdout).toMatch(/Tree: +version 2\n/);
    expect(run.stdout).toContain(root);
    expect(run.stdout).toMatch(/Items: +2001\n/);
  });

  it('draws a progress bar of items read on a terminal, and nothing of it when piped', async () => {
    const out: string[] = [];
    const io = {
      stdout: { isTTY: true, columns: 100, write: (t: string) => out.push(t) > 0 },
      stderr: { write: () => true },
      env: {},
    };
    expect(await runCli(['verify', today, '--remote', base, ...PAGE], io)).toBe(0);
    const bars = out.filter((w) => w.includes(`Auditing ${today} [`));
    expect(bars.map((w) => w.match(/\] (\d+)\/2001/)?.[1])).toEqual(['0', '700', '1400', '2001']);
    expect(out.at(-2)).toBe('\r\x1b[2K');
    expect(out.at(-1)).toMatch(/VERIFIED/);
    expect((await verify(base)).stdout).not.toContain('\x1b');
  });

  it('says INCLUDED for a receipt, by its inclusion proof, and fails a receipt the game does not hold', async () => {
    const e = entryOn(sqlite((c) => (c.prepare('select max(number) as n from entries').get() as { n: number }).n));
    const file = join(db.dir, 'receipt.json');
    writeFileSync(
      file,
      JSON.stringify({ gameDate: today, entryId: e.id, number: e.number, salt: e.salt, leaf: e.leaf }),
    );
    const ok = await verify(base, '--receipt', file);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/Receipt: +INCLUDED\n/);
    const mine = join(db.dir, 'mine.json');
    const m = sqlite((c) => c.prepare('select id, number, salt, leaf from mines').get() as Row);
    writeFileSync(
      mine,
      JSON.stringify({ gameDate: today, mineId: m.id, number: m.number, salt: m.salt, leaf: m.leaf }),
    );
    expect((await verify(base, '--receipt', mine)).stdout).toMatch(/Receipt: +INCLUDED\n/);

    // A receipt whose leaf follows from its fields, but that the game never held: the server has no proof for it.
    const salt = 'b'.repeat(32);
    const forged = {
      gameDate: today,
      mineId: 'mine-2',
      number: 5,
      salt,
      leaf: mineLeaf(nodeDigest, today, 'mine-2', 5, salt),
    };
    writeFileSync(file, JSON.stringify(forged));
    expect(await verify(base, '--receipt', file)).toEqual({
      code: 1,
      stdout: '',
      stderr: notVerified("The receipt is not in this game's record."),
    });
    // A proof that does not lead to the root.
    writeFileSync(
      file,
      JSON.stringify({ gameDate: today, entryId: e.id, number: e.number, salt: e.salt, leaf: e.leaf }),
    );
    const lying = await tamperingProxy((path, body) =>
      path.includes('/proof/')
        ? {
            ...body,
            path: (body['path'] as { hash: string }[]).map((s, i) => (i === 0 ? { ...s, hash: '0'.repeat(64) } : s)),
          }
        : null,
    );
    expect((await verify(lying, '--receipt', file)).stderr).toBe(
      notVerified('Receipt: The proof does not lead to the published root: this item is not in the game as published.'),
    );
  });

  it('checks a signed receipt against the published keys: SIGNED and INCLUDED, OMITTED with the evidence, or BAD SIGNATURE', async () => {
    // The deployment publishes the test key of docs/fairness.md: a proxy answers GET /api/fairness/keys with it.
    let keyRequests = 0;
    const published = testKey('2020-01-01T00:00:00.000Z');
    const withKeys = await listening(
      createHttpServer((req, res) => {
        void (async () => {
          if (req.url === '/api/fairness/keys') {
            keyRequests += 1;
            res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([published]));
            return;
          }
          const upstream = await fetch(`${base}${req.url ?? '/'}`);
          res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
        })();
      }),
    );
    const summary = (await (await fetch(`${base}/api/fairness/${today}`)).json()) as FairnessSummaryV2;
    const closedAt = summary.closedAt ?? '';
    const before = new Date(Date.parse(closedAt) - 60_000).toISOString();
    const file = join(db.dir, 'signed.json');
    const check = async (receipt: object, ...more: string[]) => {
      writeFileSync(file, JSON.stringify(receipt));
      return verify(withKeys, '--receipt', file, ...more);
    };

    const e = entryOn(sqlite((c) => (c.prepare('select max(number) as n from entries').get() as { n: number }).n));
    const held = signReceipt({ gameDate: today, entryId: e.id, number: e.number, salt: e.salt, leaf: e.leaf }, before);
    const ok = await check(held);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(new RegExp(`Signature: +SIGNED by key ${TEST_KEY_ID} at ${before}\n`));
    expect(ok.stdout).toMatch(/Receipt: +INCLUDED\n/);

    // A pick the game signed and left out: the game's record still verifies, the receipt proves the omission.
    const salt = '5a'.repeat(16);
    const number = e.number - 1;
    const leftOut = signReceipt(
      {
        gameDate: today,
        entryId: 'left-out',
        number,
        salt,
        leaf: entryLeaf(nodeDigest, today, 'left-out', number, salt),
      },
      before,
    );
    const omitted = await check(leftOut);
    expect(omitted.code).toBe(1);
    expect(omitted.stderr).toBe('');
    const omittedLine = `OMITTED — the game signed this pick at ${before} and left it out of the closed game`;
    expect(omitted.stdout).toMatch(new RegExp(`Receipt: +${omittedLine}\n`));
    const [, evidenceText] = omitted.stdout.split(`Evidence (omission-${today}-${leftOut.leaf.slice(0, 8)}.json):\n`);
    const evidence = JSON.parse(evidenceText ?? '') as {
      format: string;
      receipt: typeof leftOut;
      key: PublishedKey;
      summary: FairnessSummaryV2;
      neighbours: NeighboursResponse;
    };
    expect(evidence).toMatchObject({ format: 'lowest-unique/omission-evidence/v1', receipt: leftOut, key: published });
    expect(evidence.summary).toEqual(summary);
    // Anyone rechecks the evidence offline, with nothing but what it holds.
    expect(checkReceiptSignature(evidence.receipt, [evidence.key], evidence.summary.closedAt, nodeEd25519).status).toBe(
      'signed',
    );
    expect(
      checkAbsence(nodeDigest, { ...evidence.summary, gameKey: today }, evidence.receipt, evidence.neighbours),
    ).toEqual({ ok: true });
    const asJson = await check(leftOut, '--json');
    expect(asJson.code).toBe(1);
    expect(JSON.parse(asJson.stdout)).toMatchObject({ ok: false, problem: omittedLine, omission: evidence });

    // Changed after it was signed, or signed after the close: BAD SIGNATURE, never OMITTED.
    expect(await check({ ...held, signedAt: new Date(Date.parse(before) + 1).toISOString() })).toEqual({
      code: 1,
      stdout: '',
      stderr: notVerified('Receipt: BAD SIGNATURE (the signature does not match).'),
    });
    const late = new Date(Date.parse(closedAt) + 1).toISOString();
    expect(
      await check(signReceipt({ ...leftOut, signedAt: undefined, keyId: undefined, sig: undefined }, late)),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: notVerified(
        `The receipt is not in this game's record. Receipt: BAD SIGNATURE (signed after the game closed (${late} is after ${closedAt}: refused)).`,
      ),
    });
    // Unsigned and left out: not in the record, never OMITTED, and no key asked for.
    const asked = keyRequests;
    const { signedAt, keyId, sig, ...unsigned } = leftOut;
    expect([signedAt, keyId, sig].every(Boolean)).toBe(true);
    expect(await check(unsigned)).toEqual({
      code: 1,
      stdout: '',
      stderr: notVerified("The receipt is not in this game's record."),
    });
    expect(keyRequests).toBe(asked);
    // The database mode checks against the keys the database keeps, which do not hold the proxy's key.
    writeFileSync(file, JSON.stringify(held));
    const local = await runInProcess(['verify', today, '--receipt', file], env);
    expect(local.code).toBe(1);
    expect(local.stderr).toContain(`Receipt: BAD SIGNATURE (unknown key ${held.keyId ?? ''}).`);
  });

  it('exits 1 naming the first mismatch when a proxy changes what the server answers', async () => {
    const onPage =
      (from: number, change: (items: Item[]) => Item[]) => (path: string, body: Record<string, unknown>) =>
        path.endsWith('/items') && body['from'] === from ? { ...body, items: change(itemsOf(body)) } : null;
    const cases: [string, Parameters<typeof tamperingProxy>[0], string | RegExp][] = [
      [
        'an item of the second page with another number',
        onPage(700, (items) => items.map((i, n) => (n === 5 ? { ...i, number: i.number + 1 } : i))),
        /^The leaf of entry \S+ \(item 705\) does not match its number and salt\.$/,
      ],
      [
        'two items swapped',
        onPage(1400, (items) => [items[1] as Item, items[0] as Item, ...items.slice(2)]),
        /^The items are out of order at (entry|mine) \S+ \(item 1401\): \d+ after \d+\.$/,
      ],
      [
        'an item dropped',
        onPage(0, (items) => items.slice(1)),
        'The page from item 0 has 699 items, not 700: the summary says the game has 2001.',
      ],
      [
        'a lower winning number',
        (path, body) => (path.endsWith(`/fairness/${today}`) ? { ...body, winningNumber: 0 } : null),
        /^The items give winning number \d+, the game says 0\.$/,
      ],
      [
        'another root',
        (path, body) => (path.endsWith(`/fairness/${today}`) ? { ...body, root: 'f'.repeat(64) } : null),
        'The root recomputed from every item differs from the published root.',
      ],
      [
        'a complement node moved under the bound',
        (path, body) =>
          path.endsWith('/winner-proof')
            ? {
                ...body,
                complement: (body['complement'] as { lo: number }[]).map((n, i) => (i === 0 ? { ...n, lo: 1 } : n)),
              }
            : null,
        /^Winner proof: A node left out covers number 1/,
      ],
    ];
    for (const [what, tamper, problem] of cases) {
      const run = await verify(await tamperingProxy(tamper));
      expect(run.code, what).toBe(1);
      expect(run.stderr.endsWith('\n') && run.stderr.split('\n').length, what).toBe(2);
      expect(run.stderr.slice(`Error: NOT VERIFIED ${today}: `.length, -1), what).toMatch(
        typeof problem === 'string' ? new RegExp(`^${problem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : problem,
      );
    }
  });

  it('exits 1 naming the entry when a row of the database changed after the close', async () => {
    const e = entryOn(sqlite((c) => (c.prepare('select max(number) as n from entries').get() as { n: number }).n));
    sqlite((c) => c.prepare('update entries set salt = ? where id = ?').run('c'.repeat(32), e.id));
    try {
      const run = await verify(base);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        new RegExp(
          `^Error: NOT VERIFIED ${today}: The leaf of entry ${e.id} \\(item \\d+\\) does not match its number and salt\\.\\n$`,
        ),
      );
    } finally {
      sqlite((c) => c.prepare('update entries set salt = ? where id = ?').run(e.salt, e.id));
    }
    expect((await verify(base)).code).toBe(0);
  });

  it('gives one line and exit 1 or 2 for bad input, never a crash', async () => {
    const notJson = join(db.dir, 'not-json.txt');
    writeFileSync(notJson, 'hello');
    const huge = join(db.dir, 'huge.json');
    writeFileSync(huge, `{"pad": "${'x'.repeat(70_000)}"}`);
    const refused = `http://127.0.0.1:${String(await freePort())}`;
    const silent = createTcpServer((socket: Socket) => socket.on('error', () => undefined));
    const hanging = await listening(silent);
    const html = await listening(
      createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>')),
    );
    const shapeless = await listening(
      createHttpServer((_req, res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"gameDate": 7}'),
      ),
    );
    const cases: [string[], number, RegExp][] = [
      [['--receipt', '/dev/zero'], 1, /^Error: --receipt: \/dev\/zero is not a regular file\.$/],
      [['--receipt', join(db.dir, 'missing.json')], 1, /^Error: --receipt: cannot read \S+missing\.json \(ENOENT/],
      [['--receipt', db.dir], 1, /^Error: --receipt: \S+ is not a regular file\.$/],
      [['--receipt', notJson], 1, /^Error: --receipt: cannot read \S+not-json\.txt as JSON \(/],
      [['--receipt', huge], 1, /^Error: --receipt: \S+huge\.json has 70\d{3} bytes; a receipt has at most 65536\.$/],
      [['--remote', refused], 1, new RegExp(`^Error: ${refused}/api/fairness/${today}: connection refused\\.$`)],
      [
        ['--remote', hanging, '--timeout', '1'],
        1,
        new RegExp(`^Error: ${hanging}/api/fairness/${today}: no answer within 1 s\\.$`),
      ],
      [
        ['--remote', html],
        1,
        new RegExp(`^Error: ${html}/api/fairness/${today} answered HTTP 200 that is not JSON\\.$`),
      ],
      [
        ['--remote', shapeless],
        1,
        new RegExp(`^Error: ${shapeless}/api/fairness/${today} answered an unexpected shape \\(gameDate: `),
      ],
      [['--remote', 'not a url'], 2, /^Error: --remote: 'not a url' is not an http:\/\/ or https:\/\/ URL\.$/],
      [
        ['--remote', 'ftp://example.com'],
        2,
        /^Error: --remote: 'ftp:\/\/example\.com' is not an http:\/\/ or https:\/\/ URL\.$/,
      ],
      [['--remote', base, '--page-size', '0'], 2, /^Error: --page-size must be a whole number from 1 to/],
      [['--page-size', '10'], 2, /^Error: --page-size and --timeout go with --remote\.$/],
    ];
    for (const [args, code, line] of cases) {
      const withRemote = args.includes('--remote') ? args : ['--remote', base, ...args];
      const run = await runInProcess(
        ['verify', today, ...(args.includes('--page-size') && !args.includes('--remote') ? args : withRemote)],
        env,
      );
      expect(run.code, args.join(' ')).toBe(code);
      expect(run.stderr.split('\n')[0], args.join(' ')).toMatch(line);
      expect(run.stderr.split('\n').filter(Boolean).length, args.join(' ')).toBe(code === 2 ? 2 : 1);
    }
    const unknown = await runInProcess(['verify', '2001-01-01', '--remote', base], {});
    expect(unknown).toEqual({ code: 1, stdout: '', stderr: 'Error: No game 2001-01-01 at this deployment (404).\n' });
  });

  it('reads /dev/zero as a receipt in the real CLI process without a crash', async () => {
    const run = await runLowest(['verify', today, '--receipt', '/dev/zero'], env);
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'Error: --receipt: /dev/zero is not a regular file.\n' });
  });
});
