// `npm start`'s compiled server: it starts and answers ready, which it does only when it finds the close's fold worker
// beside it; and that worker folds as core folds.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import type { FoldAnswer } from '../../adapters/crypto/tree-fold-thread.ts';
import { foldTree } from '../../core/fairness/tree-v2-record.ts';
import { compareTreeItems, packKeys } from '../../core/fairness/tree-v2.ts';
import { startServer, until } from '../scale-out/server-process.ts';

// Inside the project, as dist/server is, so the build finds its packages in node_modules.
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
mkdirSync(dist, { recursive: true });
const out = mkdtempSync(join(dist, 'server-build-test-'));
const data = mkdtempSync(join(tmpdir(), 'lowest-server-build-data-'));
beforeAll(() => buildServer(out), 60_000);
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('starts from main.js and answers ready, the fold worker found beside it', { timeout: 60_000 }, async () => {
    const server = await startServer({ DATABASE_URL: `sqlite:${join(data, 'lowest.db')}` }, 30_000, [
      join(out, 'main.js'),
    ]);
    try {
      await until(async () => (await fetch(`${server.url}/readyz`)).status === 200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('holds the fold worker beside main.js, which folds the tree core folds', { timeout: 60_000 }, async () => {
    // From main.js, or from the chunk main.js shares with the CLI's cli.js.
    const bundle = [join(out, 'main.js'), ...readdirSync(join(out, 'chunks')).map((name) => join(out, 'chunks', name))];
    expect(
      bundle.some((file) => file.endsWith('.js') && readFileSync(file, 'utf8').includes('tree-fold-worker.js')),
    ).toBe(true);
    const keys = Array.from({ length: 2_000 }, (_, i) => ({
      number: 1 + (i % 600),
      leaf: nodeDigest.sha256Hex(`key ${String(i)}`),
    })).sort(compareTreeItems);
    const expected = foldTree(nodeDigest, '2026-11-20', 40);
    expected.add(packKeys(keys));

    const worker = new Worker(pathToFileURL(join(out, 'tree-fold-worker.js')), {
      workerData: { gameKey: '2026-11-20', bound: 40 },
    });
    const answer = new Promise<FoldAnswer>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    worker.postMessage(packKeys(keys.slice(0, 700)));
    worker.postMessage(packKeys(keys.slice(700)));
    worker.postMessage(null);
    expect(await answer).toEqual({ tree: await expected.done() });
    await worker.terminate();
  });
});
