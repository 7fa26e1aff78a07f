// Starts FULL AUDIT in a Web Worker; CANCEL terminates it. Without Worker support (a test DOM) the same run
// goes on the page's thread and CANCEL stops it between pages.
import type { FairnessSummaryV2 } from '../../../server/routes/fairness.schemas.ts';
import { runAudit, type AuditMessage } from './run-audit.ts';

export interface AuditRun {
  cancel(): void;
}

export function startAudit(summary: FairnessSummaryV2, onMessage: (message: AuditMessage) => void): AuditRun {
  if (typeof Worker === 'undefined') {
    const controller = new AbortController();
    void runAudit(
      summary,
      (message) => {
        if (!controller.signal.aborted) onMessage(message);
      },
      controller.signal,
    );
    return { cancel: () => controller.abort() };
  }
  const worker = new Worker(new URL('./audit-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<AuditMessage>) => {
    if (event.data.type !== 'progress') worker.terminate();
    onMessage(event.data);
  };
  worker.onerror = (event) => {
    worker.terminate();
    onMessage({
      type: 'error',
      message: event.message !== '' ? event.message : 'The audit could not start in this browser.',
    });
  };
  worker.postMessage(summary);
  return { cancel: () => worker.terminate() };
}
