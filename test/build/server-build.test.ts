// `npm start`'s compiled server: the close's fold worker is written next to main.js, and folds as core folds.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { nodeDigest } from '../../adapters/crypto/node-digest.ts';
import type { FoldAnswer } from '../../adapters/crypto/tree-fold-thread.ts';
import { foldTree } from '../../core/fairness/tree-v2-record.ts';
import { compareTreeItems, packKeys } from '../../core/fairness/tree-v2.ts';

const out = mkdtempSync(join(tmpdir(), 'lowest-server-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the compiled server', () => {
  it('holds the fold worker beside main.js, which folds the tree core folds', { timeout: 60_000 }, async () => {
    await buildServer(out);
    expect(readFileSync(join(out, 'main.js'), 'utf8')).toContain('tree-fold-worker.js');
    const keys = Array.from({ length: 2_000 }, (_, i) => ({ number: 1 + (i % 600), leaf: nodeDigest.sha256Hex(`key ${String(i)}`) })).sort(compareTreeItems);
    const expected = foldTree(nodeDigest, '2026-11-20', 40);
    expected.add(packKeys(keys));

    const worker = new Worker(pathToFileURL(join(out, 'tree-fold-worker.js')), { workerData: { gameKey: '2026-11-20', bound: 40 } });
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
