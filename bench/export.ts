// `npm run bench:export [-- --days N --sqlite-only | --postgres-only]`: a player's data export (GET /api/profile/export,
// DESIGN.md §8) after N days of play (default 3,650: ten years), on SQLite and PostgreSQL, through the real app: the
// file's bytes, the time to its last byte, and the peak of the process's RSS above where it stood before the request.
// Each day: the player's signed pick, five other picks, a closed game with its tallies; a bonus pick every tenth day and
// a mine every thirtieth. Not a timed test: a figure for docs and the report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeEd25519 } from '../adapters/crypto/ed25519.ts';
import { nodeDigest } from '../adapters/crypto/node-digest.ts';
import { createPostgresStore } from '../adapters/postgres/store.ts';
import { createSqliteStore } from '../adapters/sqlite/store.ts';
import { createSession } from '../core/accounts/sessions.ts';
import { entryLeaf, mineLeaf } from '../core/fairness/hashes.ts';
import { receiptText } from '../core/fairness/receipt-signature.ts';
import { entryReceipt, mineReceipt } from '../core/fairness/record.ts';
import type { GameStats, Mine } from '../core/model.ts';
import type { NewEntry } from '../core/entries/ports.ts';
import type { Store } from '../core/ports.ts';
import { createApp } from '../server/app.ts';
import { composeServer, coreOnMemory } from '../server/composition-root.ts';
import { loadConfig } from '../server/config.ts';
import { StorePort } from '../server/container/tokens.ts';
import { MemoryRateLimiter } from '../server/security/rate-limit.ts';
import { createTestDatabase, startEmbeddedPostgres } from '../test/support/postgres.ts';

const DEFAULT_DAYS = 3_650;
const DAY_MS = 86_400_000;
const OTHERS = 5;
const PLAYER = 'player';
const DAY_LINE = '\n    {"gameDate"';

export interface ExportBenchResult {
  store: 'sqlite' | 'postgres';
  days: number;
  fillMs: number;
  bytes: number;
  ms: number;
  peakRssDeltaMb: number;
  daysInFile: number;
}

const key = nodeEd25519.generate();
const keyId = nodeEd25519.keyIdOf(key.publicKey);
const salt = (id: string): string => nodeDigest.sha256Hex(`bench|${id}`).slice(0, 32);

const entryOf = (gameKey: string, userId: string, number: number, entryType: NewEntry['entryType'], at: string) => {
  const id = `${gameKey}:${userId}:${number}`;
  const s = salt(id);
  const row: NewEntry = {
    id,
    gameKey,
    userId,
    number,
    entryType,
    submittedAt: at,
    salt: s,
    leaf: entryLeaf(nodeDigest, gameKey, id, number, s),
  };
  if (userId !== PLAYER) return row;
  const text = receiptText(entryReceipt({ ...row, userId }), at);
  return { ...row, signature: { keyId, sig: nodeEd25519.sign(key.privateKey, text) } };
};

const mineOf = (gameKey: string, number: number, at: string): Mine => {
  const id = `mine:${gameKey}`;
  const s = salt(id);
  const row: Mine = {
    id,
    gameKey,
    userId: PLAYER,
    number,
    placedAt: at,
    salt: s,
    leaf: mineLeaf(nodeDigest, gameKey, id, number, s),
  };
  return { ...row, signature: { keyId, sig: nodeEd25519.sign(key.privateKey, receiptText(mineReceipt(row), at)) } };
};

const statsOf = (gameKey: string, mined: number[]): GameStats => ({
  gameKey,
  snapshot: {
    entriesTotal: OTHERS + 1,
    uniquesTotal: OTHERS,
    winningNumber: 2,
    secondPlaceNumber: 3,
    missedWinNumber: null,
    highestNumber: 40,
    mostFrequentNumbers: [],
    mostFrequentCount: 1,
    median: 5,
    average: 8,
    minedNumbers: mined,
  },
  histogram: Array.from({ length: 40 }, (_, i) => ({ number: i + 1, count: 1 })),
  histogramTruncated: false,
});

/** N days of play ending yesterday, in write units of 100 days. */
const fill = async (store: Store, days: number, today: number): Promise<void> => {
  await store.write(async (r) => {
    const user = (id: string) => ({
      id,
      email: `${id}@bench.test`,
      verifiedEmail: `${id}@bench.test`,
      displayName: id,
      role: 'player' as const,
      googleSub: null,
      referralCode: id.toUpperCase().padEnd(12, 'X').slice(0, 12),
      isBot: false,
      createdAt: new Date(today - (days + 1) * DAY_MS).toISOString(),
    });
    await r.users.create(user(PLAYER));
    for (let o = 0; o < OTHERS; o += 1) await r.users.create(user(`other${o}`));
    await r.receiptKeys.startIfNone({
      keyId,
      publicKey: key.publicKey,
      privateKey: null,
      from: '2000-01-01T00:00:00.000Z',
      until: null,
    });
  });
  for (let start = 0; start < days; start += 100) {
    await store.write(async (r) => {
      for (let i = start; i < Math.min(days, start + 100); i += 1) {
        const date = new Date(today - (days - i) * DAY_MS).toISOString().slice(0, 10);
        const at = `${date}T12:00:00.000Z`;
        await r.games.create({
          key: date,
          date,
          number: 1,
          status: 'open',
          opensAt: `${date}T00:00:00.000Z`,
          closesAt: `${date}T23:00:00.000Z`,
          closedAt: null,
        });
        await r.entries.add(entryOf(date, PLAYER, 5 + (i % 7), 'standard', at));
        if (i % 10 === 0) await r.entries.add(entryOf(date, PLAYER, 30, 'bonus', at));
        for (let o = 0; o < OTHERS; o += 1) await r.entries.add(entryOf(date, `other${o}`, 2 + o, 'standard', at));
        const mined = i % 30 === 0 ? [40] : [];
        if (mined.length > 0) await r.mines.place(mineOf(date, 40, at));
        await r.tallies.countNumbers(date, mined);
        await r.games.markClosed(date, `${date}T23:00:01.000Z`, statsOf(date, mined));
      }
    });
  }
};

/** Fills `store`, then downloads the export through the app, reading the body as a browser would, piece by piece. */
const measure = async (name: ExportBenchResult['store'], store: Store, days: number): Promise<ExportBenchResult> => {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS / 2;
  const filling = performance.now();
  await fill(store, days, today);
  const fillMs = performance.now() - filling;

  const config = { ...loadConfig({ PUBLIC_URL: 'http://localhost:3000' }), webRoot: '/nonexistent-web-root' };
  const container = coreOnMemory(config);
  container.rebind(StorePort).toConstantValue(store);
  const quiet = { request: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  const services = await composeServer(config, {
    container,
    limiter: new MemoryRateLimiter(),
    logger: quiet,
    processMetrics: false,
  });
  const app = createApp(services);
  const { token } = await createSession(services.deps, PLAYER, 30);

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const response = await app.request('http://localhost:3000/api/profile/export', {
    headers: { cookie: `sid=${token}` },
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`export answered ${response.status}: ${await response.text()}`);
  // Read and dropped piece by piece, so the peak is the server's side, not a copy of the file held here; the days
  // are counted by their lines (one a line, each starting `    {"gameDate"`).
  let bytes = 0;
  let daysInFile = 0;
  let carry = '';
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    bytes += chunk.byteLength;
    const text = carry + decoder.decode(chunk, { stream: true });
    daysInFile += text.split(DAY_LINE).length - 1;
    carry = text.slice(-DAY_LINE.length + 1);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { store: name, days, fillMs, bytes, ms, peakRssDeltaMb: (peak - before) / 1024 / 1024, daysInFile };
};

const print = (r: ExportBenchResult): void =>
  console.log(
    `${r.store.padEnd(8)} ${r.days.toLocaleString('en-US')} days: ${r.bytes.toLocaleString('en-US')} bytes ` +
      `(${(r.bytes / r.days).toFixed(0)} B/day) in ${r.ms.toFixed(0)} ms, peak RSS +${r.peakRssDeltaMb.toFixed(1)} MB ` +
      `(fill ${(r.fillMs / 1000).toFixed(1)} s; ${r.daysInFile} days in the file)`,
  );

export async function runExportBench(
  options: { days?: number; sqliteOnly?: boolean; postgresOnly?: boolean } = {},
): Promise<ExportBenchResult[]> {
  const days = options.days ?? DEFAULT_DAYS;
  console.log(
    `export bench: one player's data after ${days.toLocaleString('en-US')} days, through GET /api/profile/export`,
  );
  const results: ExportBenchResult[] = [];
  if (!options.postgresOnly) {
    const dir = mkdtempSync(join(tmpdir(), 'lowest-export-bench-'));
    const store = await createSqliteStore(join(dir, 'bench.db'));
    try {
      results.push(await measure('sqlite', store, days));
      print(results[results.length - 1]!);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (options.sqliteOnly) return results;
  const given = process.env['TEST_DATABASE_URL'];
  const server = given ? null : await startEmbeddedPostgres();
  try {
    const database = await createTestDatabase(given ?? server?.adminUrl ?? '', 'lowest_export_bench');
    const store = await createPostgresStore(database.url);
    try {
      results.push(await measure('postgres', store, days));
      print(results[results.length - 1]!);
    } finally {
      await store.close();
      await database.drop();
    }
  } finally {
    await server?.stop();
  }
  return results;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--days');
  const days = at >= 0 ? Number(args[at + 1]) : DEFAULT_DAYS;
  if (!Number.isSafeInteger(days) || days < 1) throw new Error('--days must be a whole number ≥ 1');
  const results = await runExportBench({
    days,
    sqliteOnly: args.includes('--sqlite-only'),
    postgresOnly: args.includes('--postgres-only'),
  });
  if (results.some((r) => r.daysInFile !== days)) process.exitCode = 1;
}
