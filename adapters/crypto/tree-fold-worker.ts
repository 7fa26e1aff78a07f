// The worker of tree-fold-thread.ts: core's fold with node:crypto over the pages of keys posted to it, in order; null
// ends them.
import { parentPort, workerData } from 'node:worker_threads';
import type { TreeKeys } from '../../core/fairness/model.ts';
import { foldTree } from '../../core/fairness/tree-v2-record.ts';
import { nodeDigest } from './node-digest.ts';
import type { FoldAnswer } from './tree-fold-thread.ts';

const { gameKey, bound } = workerData as { gameKey: string; bound: number | null };
const folding = foldTree(nodeDigest, gameKey, bound);
const port = parentPort;
port?.on('message', (keys: TreeKeys | null) => {
  if (keys !== null) {
    folding.add(keys);
    return;
  }
  const answer = (message: FoldAnswer) => {
    port.postMessage(message);
    port.close();
  };
  folding.done().then(
    (tree) => answer({ tree }),
    (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
  );
});
