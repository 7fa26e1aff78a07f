// FULL AUDIT's messages and the run that sends them: the same code in the Web Worker and, where no Worker
// exists, on the page's own thread.
import type { FairnessSummaryV2 } from '../../../server/routes/fairness.schemas.ts';
import { messageOf } from '../../lib/api-client.ts';
import { getItemsPage } from './api/get-items-page.ts';
import { auditGame, type TreeCheck } from './tree-v2-check.ts';

export type AuditMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: TreeCheck }
  | { type: 'error'; message: string };

/** Audits the game through the public item pages; answers nothing more once `signal` aborts. */
export async function runAudit(
  summary: FairnessSummaryV2,
  post: (message: AuditMessage) => void,
  signal?: AbortSignal,
): Promise<void> {
  try {
    const result = await auditGame(
      summary,
      (from, count) => getItemsPage(summary.gameDate, from, count),
      ({ done, total }) => post({ type: 'progress', done, total }),
      signal,
    );
    if (result !== null) post({ type: 'done', result });
  } catch (error) {
    if (signal?.aborted !== true)
      post({ type: 'error', message: messageOf(error, 'The audit stopped: the server did not answer.') });
  }
}
