// The verify page on a big day: builds the web app, fills a SQLite database with a game of 1,000,000 entries
// (`--entries N` for another size) as bench:close does and closes it through the real closeGame, then starts the
// server as `npm start` does (development sign-in) and measures in headless Chromium:
// (a) /verify/{date} for a player who owns two of its entries, on bench:web's mobile profile, cold cache: the time
//     until the winner proof shows VERIFIED and both entries INCLUDED, and the bytes transferred (median of 3);
// (b) FULL AUDIT of the whole game on a desktop (no throttling): the time until it reports VERIFIED (once).
// `--database FILE` keeps the filled database in FILE and reuses it on the next run (the fill takes minutes at 1M).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { closeGame } from '../core/game/close.ts';
import { createSqliteStore } from '../adapters/sqlite/store.ts';
import { closeDeps, fillSqlite, GAME_KEY, makeEntries } from './close-fixture.ts';
import { build, CPU_SLOWDOWN, kb, launchBenchBrowser, median, MOBILE, PHONE, signIn, startServer } from './web.ts';

const DEFAULT_ENTRIES = 1_000_000;
const RUNS = 3;
const GOAL_MOBILE_MS = 3_000;
const GOAL_MOBILE_BYTES = 300 * 1024;
const GOAL_AUDIT_MS = 60_000;
/** makeEntries' first player (short name p000000), with two entries. Made without a verified e-mail, so development sign-in finds it by this address. */
const PLAYER = { email: 'p000000@bench.invalid', displayName: 'Bench p000000' };
const PLAYER_ENTRIES = 2;

export interface VerifyMobileRun {
  ms: number;
  bytes: number;
  requests: number;
}

export interface WebVerifyResult {
  entries: number;
  mobile: { runs: VerifyMobileRun[]; ms: number; bytes: number; passes: boolean };
  /** `serverCpuS` and `browserCpuS`: CPU seconds each used during the audit, which a busy machine does not inflate as it does the wall time. */
  audit: { ms: number; outcome: string; serverCpuS: number; browserCpuS: number; passes: boolean };
  load: [number, number];
}

/** The game, filled and closed in `file` unless it is there already. */
async function prepareDatabase(file: string, count: number): Promise<void> {
  if (existsSync(file)) return;
  const store = await createSqliteStore(file);
  try {
    const fillStart = performance.now();
    await fillSqlite(store.db, makeEntries(count));
    const closeStart = performance.now();
    const outcome = await closeGame(closeDeps(store), GAME_KEY);
    if (!outcome.closedNow) throw new Error(`The game ${GAME_KEY} did not close.`);
    console.log(
      `filled ${count.toLocaleString('en-US')} entries in ${((closeStart - fillStart) / 1000).toFixed(1)} s, closed in ${((performance.now() - closeStart) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await store.close();
    rmSync(file, { force: true });
    throw error;
  }
  await store.close();
}

/**
 * Runs in the page before its own scripts (a string, as in web.ts): notes performance.now() the first time the
 * winner proof says VERIFIED and `entries` receipts say INCLUDED, or the first mismatch's text.
 */
const watchForVerdict = (entries: number): string => `(() => {
  const observer = new MutationObserver(() => {
    if (window.__verdictAt !== undefined) return;
    const mismatch = [...document.querySelectorAll('[role=alert]')].find((e) => e.textContent.includes('MISMATCH') || e.textContent.includes('NOT CHECKED'));
    const verified = [...document.querySelectorAll('[role=status]')].some((e) => e.textContent.trim() === 'VERIFIED');
    const included = document.querySelectorAll('[role=status][aria-label$=": INCLUDED"]').length;
    if (mismatch !== undefined) window.__verdict = mismatch.textContent;
    else if (verified && included >= ${entries}) window.__verdict = 'ok';
    else return;
    window.__verdictAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;

async function measureMobile(browser: Browser, baseUrl: string): Promise<VerifyMobileRun> {
  const context = await browser.newContext(PHONE);
  try {
    await signIn(context, baseUrl, PLAYER);
    const page = await context.newPage();
    await page.addInitScript(watchForVerdict(PLAYER_ENTRIES));
    const cdp = await context.newCDPSession(page);
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event) => {
      requests += 1;
      bytes += event.encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', MOBILE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${baseUrl}/verify/${GAME_KEY}`, { waitUntil: 'commit', timeout: 60_000 });
    const at = await page.waitForFunction(
      () => (window as unknown as { __verdictAt?: number }).__verdictAt,
      undefined,
      { timeout: 120_000, polling: 100 },
    );
    const ms = Number(await at.jsonValue());
    const verdict = String(await page.evaluate(() => (window as unknown as { __verdict?: string }).__verdict));
    if (verdict !== 'ok') throw new Error(`The verify page found a mismatch: ${verdict}`);
    // What the page still loads on its own counts toward its bytes too.
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    return { ms, bytes, requests };
  } finally {
    await context.close();
  }
}

/** CPU seconds (user + system) that a process and all its descendants have used so far, from /proc. */
function cpuSecondsOfTree(root: number): number {
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // After the command's closing parenthesis: state, ppid, … utime (12th), stime (13th), in clock ticks of 1/100 s.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }];
      } catch {
        return [];
      }
    });
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of processes) {
      if (tree.has(p.pid) || !tree.has(p.ppid)) continue;
      tree.add(p.pid);
      grew = true;
    }
  }
  return processes.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0) / 100;
}

/** FULL AUDIT on a desktop without throttling: from the click to its verdict in the FULL AUDIT card. */
async function measureAudit(browser: Browser, baseUrl: string): Promise<{ ms: number; outcome: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/verify/${GAME_KEY}`);
    const card = page.getByRole('region', { name: 'FULL AUDIT' });
    await card.getByRole('button', { name: 'START FULL AUDIT' }).click();
    const start = performance.now();
    const verdict = card
      .getByRole('status')
      .filter({ hasText: /^VERIFIED$/ })
      .or(card.getByRole('alert'));
    await verdict.first().waitFor({ timeout: 600_000 });
    const ms = performance.now() - start;
    return { ms, outcome: (await verdict.first().textContent()) ?? '' };
  } finally {
    await context.close();
  }
}

export async function runWebVerifyBench(
  options: { entries?: number; database?: string; build?: boolean } = {},
): Promise<WebVerifyResult> {
  const entries = options.entries ?? DEFAULT_ENTRIES;
  if (options.build ?? true) build();
  const dir = options.database === undefined ? mkdtempSync(join(tmpdir(), 'lowest-bench-verify-')) : null;
  const file = options.database ?? join(dir ?? '', 'verify.db');
  let browser: Browser | null = null;
  try {
    await prepareDatabase(file, entries);
    const server = await startServer(file);
    try {
      browser = await launchBenchBrowser();
      // One unmeasured load first: the server's first requests (module loading, SQLite warm-up) are not the page's cost.
      await measureMobile(browser, server.baseUrl);
      const loadBefore = loadavg()[0] ?? 0;
      const runs: VerifyMobileRun[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measureMobile(browser, server.baseUrl));
      const ms = median(runs.map((r) => r.ms));
      const bytes = median(runs.map((r) => r.bytes));
      // This process's tree holds the server and Chromium (and this process, idle meanwhile).
      const [allBefore, serverBefore] = [cpuSecondsOfTree(process.pid), cpuSecondsOfTree(server.pid)];
      const measured = await measureAudit(browser, server.baseUrl);
      const serverCpuS = cpuSecondsOfTree(server.pid) - serverBefore;
      const audit = { ...measured, serverCpuS, browserCpuS: cpuSecondsOfTree(process.pid) - allBefore - serverCpuS };
      return {
        entries,
        mobile: { runs, ms, bytes, passes: ms <= GOAL_MOBILE_MS && bytes <= GOAL_MOBILE_BYTES },
        audit: { ...audit, passes: audit.outcome === 'VERIFIED' && audit.ms <= GOAL_AUDIT_MS },
        load: [loadBefore, loadavg()[0] ?? 0],
      };
    } finally {
      await browser?.close();
      await server.stop();
    }
  } finally {
    if (dir !== null) rmSync(dir, { recursive: true, force: true });
  }
}

export function printWebVerifyBench(r: WebVerifyResult): void {
  const runs = r.mobile.runs.map((run) => `${Math.round(run.ms)} ms/${kb(run.bytes)}/${run.requests} req`).join(', ');
  console.log(
    `Verify page, game of ${r.entries.toLocaleString('en-US')} entries, player with ${PLAYER_ENTRIES} entries:`,
  );
  console.log(
    `mobile (150 ms RTT, 1.6 Mbit/s down, CPU ${CPU_SLOWDOWN}× slower, cold), VERIFIED + INCLUDED, median of ${RUNS}: ` +
      `${Math.round(r.mobile.ms)} ms, ${kb(r.mobile.bytes)}  (${runs})  ${r.mobile.passes ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `desktop (no throttling), FULL AUDIT: ${(r.audit.ms / 1000).toFixed(1)} s, ${r.audit.outcome}  ${r.audit.passes ? 'PASS' : 'FAIL'}` +
      `  (CPU used meanwhile: server ${r.audit.serverCpuS.toFixed(1)} s, browser ${r.audit.browserCpuS.toFixed(1)} s)`,
  );
  console.log(
    `Machine: ${availableParallelism()} cores; 1-minute load average ${r.load.map((l) => l.toFixed(1)).join('→')} across the runs.`,
  );
  console.log(
    `Goals: mobile ≤ ${GOAL_MOBILE_MS} ms and ≤ ${kb(GOAL_MOBILE_BYTES)} transferred; FULL AUDIT VERIFIED in ≤ ${GOAL_AUDIT_MS / 1000} s.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--entries');
  const entries = at >= 0 ? Number(args[at + 1]) : DEFAULT_ENTRIES;
  if (!Number.isSafeInteger(entries) || entries < 2 || entries % 2 !== 0)
    throw new Error('--entries must be an even whole number ≥ 2 (two entries per player)');
  const dbAt = args.indexOf('--database');
  const database = dbAt >= 0 ? args[dbAt + 1] : undefined;
  if (dbAt >= 0 && (database === undefined || database.startsWith('--')))
    throw new Error('--database needs a file path');
  const result = await runWebVerifyBench({ entries, database });
  printWebVerifyBench(result);
  if (!result.mobile.passes || !result.audit.passes) process.exitCode = 1;
}
