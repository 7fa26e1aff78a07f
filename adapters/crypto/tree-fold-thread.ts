// The TreeFolder the server uses: core's fold of a large game's tree on a worker thread (tree-fold-worker.ts), so its
// hashing runs while the close writes its counters on this thread; a small game is folded here. From the sources
// (tests, the CLI, `npm run dev`) the worker runs through tsx; compiled (`npm start`), scripts/build-server.mjs
// writes it next to main.js.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BuiltTree, TreeFolder } from '../../core/fairness/ports.ts';
import type { TreeKeys } from '../../core/fairness/model.ts';
import { foldTree } from '../../core/fairness/tree-v2-record.ts';
import { nodeDigest } from './node-digest.ts';

/** Games from this many keys are folded on a thread: below it the thread's start (about 0.1 s) costs more than it saves. */
export const FOLD_ON_THREAD_FROM = 50_000;

/** What the worker answers once every key was added. */
export type FoldAnswer = { tree: BuiltTree } | { error: string };

const fromSources = import.meta.url.endsWith('.ts');
const workerFile = fromSources
  ? new URL('./tree-fold-worker.ts', import.meta.url)
  : new URL(import.meta.url.includes('/chunks/') ? '../tree-fold-worker.js' : './tree-fold-worker.js', import.meta.url);

/** From the sources, a two-line start that registers tsx in the worker (a worker runs none of its parent's loaders). */
const startWorker = (workerData: { gameKey: string; bound: number | null }): Worker => {
  if (!fromSources) return new Worker(workerFile, { workerData });
  // tsx's ESM entry (the require condition would give its CommonJS one), found from its package.json.
  const tsx = pathToFileURL(
    join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs'),
  ).href;
  const start = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); });`;
  return new Worker(start, { eval: true, workerData });
};

/** The tree the worker answers once null follows the last keys posted to it, or its error. */
const foldOnWorker = (worker: Worker): Promise<BuiltTree> =>
  new Promise((resolve, reject) => {
    worker.once('message', (answer: FoldAnswer) =>
      'tree' in answer ? resolve(answer.tree) : reject(new Error(answer.error)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`The tree's fold thread stopped before its answer (exit code ${String(code)}).`)),
    );
  });

/**
 * Keys are held here until the game reaches `from` keys, then the thread starts with them and gets the rest as they
 * come. `from`: only tests pass another.
 */
export const threadTreeFolder = (from = FOLD_ON_THREAD_FROM): TreeFolder => {
  // Checked when the server starts, not at the first close of 50,000 entries, which may be weeks later at night.
  if (!existsSync(fileURLToPath(workerFile))) {
    throw new Error(
      `The close's tree fold worker is missing at ${fileURLToPath(workerFile)}: build the server again (npm run build).`,
    );
  }
  return (gameKey, bound) => {
    let held: TreeKeys[] = [];
    let count = 0;
    let thread: { worker: Worker; tree: Promise<BuiltTree> } | null = null;
    return {
      add(keys) {
        if (thread) {
          thread.worker.postMessage(keys);
          return;
        }
        held.push(keys);
        count += keys.numbers.length;
        if (count < from) return;
        const worker = startWorker({ gameKey, bound });
        const tree = foldOnWorker(worker);
        // A close that fails before asking for the tree cancels it; its rejection is not an unhandled one.
        tree.catch(() => undefined);
        for (const page of held) worker.postMessage(page);
        held = [];
        thread = { worker, tree };
      },
      async done() {
        if (!thread) {
          const folding = foldTree(nodeDigest, gameKey, bound);
          for (const page of held) folding.add(page);
          return folding.done();
        }
        thread.worker.postMessage(null);
        try {
          return await thread.tree;
        } finally {
          void thread.worker.terminate();
        }
      },
      cancel() {
        held = [];
        if (thread) void thread.worker.terminate();
      },
    };
  };
};
