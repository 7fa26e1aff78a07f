// The Web Worker of FULL AUDIT: hashing a whole game off the page's thread, so the page keeps answering.
import type { FairnessSummaryV2 } from '../../../server/routes/fairness.schemas.ts';
import { runAudit, type AuditMessage } from './run-audit.ts';

self.onmessage = (event: MessageEvent<FairnessSummaryV2>) => {
  void runAudit(event.data, (message: AuditMessage) => self.postMessage(message));
};
