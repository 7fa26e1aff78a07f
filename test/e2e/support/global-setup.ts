// Starts the real server once for the e2e run: the built web app, a temporary SQLite database seeded with a week
// of closed games, development sign-in and one admin e-mail. Stops with a plain message when Chromium is missing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, ADMIN_EMAIL } from './constants.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { freePort } from '../../support/free-port.ts';

const root = join(import.meta.dirname, '..', '..', '..');
export const resultsDir = join(root, 'test-results');

/** A setup failure the person running the tests can act on: one line, no stack trace. */
class SetupProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'E2E setup';
    this.stack = `${this.name}: ${message}`;
  }
}

async function waitForServer(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new SetupProblem(`The server exited early (code ${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/game/today`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new SetupProblem(`The server did not answer within 60 s:\n${log()}`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new SetupProblem(
      `Chromium was not found at ${CHROMIUM_PATH}. Install Debian's package (apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new SetupProblem('vite build failed (see its output above).');

  // A fresh record per run: screenshots, axe results and assertion counts.
  for (const old of ['screenshots', 'axe-results.jsonl', 'e2e-assertions.jsonl'])
    rmSync(join(resultsDir, old), { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'lowest-e2e-'));
  const databaseUrl = `sqlite:${join(dataDir, 'e2e.db')}`;
  const env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl };

  // Seeded before the server opens the database, so no request ever sees a half-replayed past.
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'test/e2e/support/seed-history.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (seed.status !== 0) throw new SetupProblem(`Seeding the e2e database failed:\n${seed.stdout}${seed.stderr}`);

  // The app's mail goes to an SMTP server in this process; the journeys read what it caught from mailLog.
  const mailLog = join(dataDir, 'mails.jsonl');
  const mailCatcher = await startMailCatcher(mailLog);

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      AUTH_MODE: 'dev',
      ADMIN_EMAILS: ADMIN_EMAIL,
      SMTP_URL: mailCatcher.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForServer(baseUrl, child, () => output);

  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl);
  project.provide('mailLog', mailLog);

  return async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    await mailCatcher.close();
    // Kept for the person reading a failure: what the server logged during the run.
    writeFileSync(join(resultsDir, 'e2e-server.log'), output);
    rmSync(dataDir, { recursive: true, force: true });
    console.log(runSummary());
  };
}

const readLines = (file: string): unknown[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line): unknown => JSON.parse(line))
    : [];

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

/** Assertions made and axe-core findings per screen, printed after the run. */
function runSummary(): string {
  const tests = readLines(join(resultsDir, 'e2e-assertions.jsonl'));
  const assertions = tests.reduce<number>((sum, t) => sum + Number(field(t, 'assertions') ?? 0), 0);
  const screens = readLines(join(resultsDir, 'axe-results.jsonl'));
  const lines = screens.map((s) => {
    const violations = field(s, 'violations');
    const found = Array.isArray(violations)
      ? violations.map((v) => `${String(field(v, 'impact'))} ${String(field(v, 'id'))}`)
      : [];
    return `  ${String(field(s, 'screen')).padEnd(24)} ${found.length === 0 ? 'no violations' : found.join(', ')}`;
  });
  return [
    `E2E: ${tests.length} tests ran ${assertions} assertions; screenshots in test-results/screenshots.`,
    `axe-core on ${screens.length} screens (390 px and 1280 px):`,
    ...lines,
  ].join('\n');
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** JSON lines of the mails the in-test SMTP server caught (support/mail-catcher.ts). */
    mailLog: string;
  }
}
