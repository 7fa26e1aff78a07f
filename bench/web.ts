// The play screen on a phone: builds the web app, starts the server as `npm start` does (on a temporary SQLite
// database, development sign-in) and loads / in headless Chromium with Lighthouse's mobile profile (150 ms round
// trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4×), cold cache. Measures the time until SUBMIT & PRAY is
// visible and enabled, median of 5, for a visitor and a signed-in player, and the bytes transferred.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { freePort } from '../test/support/free-port.ts';

const ROOT = join(import.meta.dirname, '..');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 5;
const GOAL_USABLE_MS = 1_500;
const GOAL_JS_BYTES = 120 * 1024;
const BUTTON = 'SUBMIT & PRAY';
const PLAYER = { email: 'bench@web.lowest.test', displayName: 'Bench Player' };

/** Lighthouse's mobile profile; throughputs are in bytes per second as CDP expects them. */
export const MOBILE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const CPU_SLOWDOWN = 4;
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

export type Visitor = 'visitor' | 'player';

export interface WebBenchRun {
  usableMs: number;
  jsBytes: number;
  totalBytes: number;
  requests: number;
}

export interface WebBenchResult {
  who: Visitor;
  /** The machine's 1-minute load average before and after this visitor's runs: the figures mean little on a busy machine. */
  load: [number, number];
  runs: WebBenchRun[];
  usableMs: number;
  jsBytes: number;
  totalBytes: number;
  passes: boolean;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export function build(): void {
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed (see its output above).');
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
}

/** `node scripts/start.mjs`, the same entry as `npm start`, on a throw-away database (or `databaseFile`, kept); resolves once it answers. */
export async function startServer(databaseFile?: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lowest-bench-web-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      AUTH_MODE: 'dev',
      DATABASE_URL: `sqlite:${databaseFile ?? join(dataDir, 'bench.db')}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited early (code ${child.exitCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/game/today`)).ok) return { baseUrl, pid: child.pid ?? 0, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The server did not answer within 60 s:\n${output}`);
}

/** The console line the page writes once the button is usable, followed by the time. */
const USABLE_MARKER = 'lowest-bench:usable';

/**
 * Runs in the page before its own scripts: reports performance.now() (milliseconds since navigation start) the
 * first time the button is in the document, laid out, visible and enabled. A MutationObserver sees it in the
 * same task React commits it, so no polling delay is added to the figure. It reports on the console rather than
 * being polled with waitForFunction: that would have Playwright evaluate its own injected script (hundreds of
 * kilobytes) in the page while it loads, on the same slowed-down main thread. A string, not a function: tsx would
 * add its own helpers to a function's source, and they do not exist in the page.
 */
const watchForUsableButton = (label: string): string => `(() => {
  const usable = () => [...document.querySelectorAll('button')].some((button) => {
    if (button.textContent.trim() !== ${JSON.stringify(label)} || button.disabled) return false;
    const box = button.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(button).visibility !== 'hidden';
  });
  const observer = new MutationObserver(() => {
    if (usable()) {
      observer.disconnect();
      console.debug(${JSON.stringify(USABLE_MARKER)}, performance.now());
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;

export async function signIn(
  context: BrowserContext,
  baseUrl: string,
  player: { email: string; displayName: string } = PLAYER,
): Promise<void> {
  // The request API shares the context's cookie jar but not its HTTP cache, so the page load stays cold.
  const response = await context.request.post(`${baseUrl}/auth/dev`, {
    form: player,
    headers: { origin: baseUrl },
    maxRedirects: 0,
  });
  if (response.status() !== 303)
    throw new Error(`Development sign-in answered ${response.status()}: ${await response.text()}`);
}

async function measureOnce(browser: Browser, baseUrl: string, who: Visitor): Promise<WebBenchRun> {
  const context = await browser.newContext(PHONE);
  try {
    if (who === 'player') await signIn(context, baseUrl);
    const page = await context.newPage();
    await page.addInitScript(watchForUsableButton(BUTTON));
    const cdp = await context.newCDPSession(page);
    const types = new Map<string, string>();
    let jsBytes = 0;
    let totalBytes = 0;
    let requests = 0;
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      requests += 1;
      totalBytes += event.encodedDataLength;
      if (types.get(event.requestId) === 'Script') jsBytes += event.encodedDataLength;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', MOBILE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const usableReport = page.waitForEvent('console', {
      predicate: (message) => message.text().startsWith(USABLE_MARKER),
      timeout: 60_000,
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit', timeout: 60_000 });
    const usable = Number((await usableReport).text().slice(USABLE_MARKER.length));
    // Whatever the page still loads on its own (late chunks, queries) counts toward its bytes too.
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    return { usableMs: usable, jsBytes, totalBytes, requests };
  } finally {
    await context.close();
  }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const launchBenchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export async function runWebBench(options: { build?: boolean } = {}): Promise<WebBenchResult[]> {
  if (options.build ?? true) build();
  const server = await startServer();
  let browser: Browser | null = null;
  try {
    browser = await launchBenchBrowser();
    const results: WebBenchResult[] = [];
    for (const who of ['visitor', 'player'] as const) {
      // One unmeasured load first: the server's first requests (module loading, SQLite warm-up) are not the page's cost.
      await measureOnce(browser, server.baseUrl, who);
      const loadBefore = loadavg()[0] ?? 0;
      const runs: WebBenchRun[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measureOnce(browser, server.baseUrl, who));
      const usableMs = median(runs.map((r) => r.usableMs));
      const jsBytes = median(runs.map((r) => r.jsBytes));
      const totalBytes = median(runs.map((r) => r.totalBytes));
      results.push({
        who,
        load: [loadBefore, loadavg()[0] ?? 0],
        runs,
        usableMs,
        jsBytes,
        totalBytes,
        passes: usableMs <= GOAL_USABLE_MS && jsBytes <= GOAL_JS_BYTES,
      });
    }
    return results;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

export function printWebBench(results: WebBenchResult[]): void {
  console.log(
    `Play screen, mobile profile (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU ${CPU_SLOWDOWN}× slower), cold cache, median of ${RUNS}:`,
  );
  console.log(
    `${'who'.padEnd(8)} ${'usable'.padStart(9)} ${'JS'.padStart(10)} ${'total'.padStart(10)}  ${'runs (ms)'.padEnd(30)} ${'load'.padEnd(11)} result`,
  );
  for (const r of results) {
    const runs = r.runs.map((run) => Math.round(run.usableMs)).join(' ');
    const load = r.load.map((l) => l.toFixed(1)).join('→');
    console.log(
      `${r.who.padEnd(8)} ${`${Math.round(r.usableMs)} ms`.padStart(9)} ${kb(r.jsBytes).padStart(10)} ${kb(r.totalBytes).padStart(10)}  ${runs.padEnd(30)} ${load.padEnd(11)} ${r.passes ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(
    `Machine: ${availableParallelism()} cores; load is the 1-minute load average before → after each row's runs.`,
  );
  console.log(`Goals: usable ≤ ${GOAL_USABLE_MS} ms, JS transferred ≤ ${kb(GOAL_JS_BYTES)}.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runWebBench();
  printWebBench(results);
  if (results.some((r) => !r.passes)) process.exitCode = 1;
}
