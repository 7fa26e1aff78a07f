// FULL AUDIT: every pick of the game downloaded and recomputed in a Web Worker, with a progress bar and CANCEL.
import { useEffect, useRef, useState } from 'react';
import type { FairnessSummaryV2 } from '../../../server/routes/fairness.schemas.ts';
import { CheckOutcome } from './check-outcome.tsx';
import type { AuditMessage } from './run-audit.ts';
import { startAudit, type AuditRun } from './start-audit.ts';
import type { TreeCheck } from './tree-v2-check.ts';

type AuditState =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'done'; result: TreeCheck }
  | { phase: 'failed'; message: string }
  | { phase: 'cancelled'; done: number; total: number };

export function FullAudit({ summary }: { summary: FairnessSummaryV2 }) {
  const [state, setState] = useState<AuditState>({ phase: 'idle' });
  const run = useRef<AuditRun | null>(null);
  // Leaving the page stops the audit: nobody is left to read its answer.
  useEffect(() => () => run.current?.cancel(), []);

  const start = () => {
    setState({ phase: 'running', done: 0, total: summary.size });
    run.current = startAudit(summary, (message: AuditMessage) => {
      if (message.type === 'progress') setState({ phase: 'running', done: message.done, total: message.total });
      else
        setState(
          message.type === 'done'
            ? { phase: 'done', result: message.result }
            : { phase: 'failed', message: message.message },
        );
    });
  };
  const cancel = () => {
    run.current?.cancel();
    run.current = null;
    setState((current) =>
      current.phase === 'running' ? { phase: 'cancelled', done: current.done, total: current.total } : current,
    );
  };

  return (
    <section className="card" aria-labelledby="audit-title">
      <h2 id="audit-title" className="card-title">
        FULL AUDIT
      </h2>
      <p>
        Downloads all {summary.size} picks and recomputes every fingerprint, every node, the root and the result here.
        On a big day this takes a while.
      </p>
      {state.phase === 'running' ? (
        <>
          <progress
            className="verify-progress"
            aria-label="Audit progress"
            max={Math.max(1, state.total)}
            value={state.done}
          />
          <p role="status">
            AUDITING: {state.done} OF {state.total} PICKS
          </p>
          <button type="button" className="btn" onClick={cancel}>
            CANCEL
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-primary" onClick={start}>
          {state.phase === 'idle' ? 'START FULL AUDIT' : 'AUDIT AGAIN'}
        </button>
      )}
      {state.phase === 'cancelled' && (
        <p role="status">
          CANCELLED after {state.done} of {state.total} picks.
        </p>
      )}
      {state.phase === 'failed' && <CheckOutcome check={{ isError: true, error: new Error(state.message) }} />}
      {state.phase === 'done' && <CheckOutcome check={{ isError: false, error: null, data: state.result }} />}
    </section>
  );
}
