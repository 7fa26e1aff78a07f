// The close's fairness root folded on a thread of its own (store.ts, foldInWorker): core's fold over the game's
// leaves, read through a read-only connection of this worker. The close holds the write lock meanwhile, so the
// leaves it sees are the game's, all of them (entries and mines wait for the game the close holds).
import { parentPort, workerData } from 'node:worker_threads';
import { rootOfSortedStream } from '../../core/fairness/root.ts';
import { nodeDigest } from '../crypto/node-digest.ts';
import { openSqliteReader } from './store.ts';

const { path, gameKey } = workerData as { path: string; gameKey: string };
const reader = openSqliteReader(path);
try {
  const folded = await reader.read((repos) => rootOfSortedStream(nodeDigest, gameKey, repos.fairness.sortedLeaves(gameKey)));
  parentPort?.postMessage(folded);
} finally {
  await reader.close();
}
