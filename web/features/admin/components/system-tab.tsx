// SYSTEM: status (loaded on entry), the daily close, and compute / open for a date; results shown raw.
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useAdminStatus } from '../api/get-admin-status.ts';
import { mailStatusOf } from '../mail-status.ts';
import { useRunSystemOperation, type SystemOperation } from '../api/run-system-operation.ts';

export function SystemTab() {
  const status = useAdminStatus();
  const operation = useRunSystemOperation();
  const [date, setDate] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [lastResult, setLastResult] = useState<unknown>(undefined);
  // FORCE COMPUTE closes a game for good: it waits for a yes in a dialog first.
  const [computeDate, setComputeDate] = useState<string | null>(null);

  const run = (next: SystemOperation) => {
    setAlert(null);
    operation.mutate(next, {
      onSuccess: (result) => setLastResult(result),
      onError: (error) => setAlert(messageOf(error, 'Failed')),
    });
  };
  const runForDate = (kind: 'compute' | 'open') => {
    const trimmed = date.trim();
    if (trimmed === '') {
      setAlert('Pick a date YYYY-MM-DD');
      return;
    }
    if (kind === 'compute') setComputeDate(trimmed);
    else run({ kind, date: trimmed });
  };

  const statusAlert = status.isError ? messageOf(status.error, 'Failed to load status') : null;
  const mail = mailStatusOf(status.data);

  return (
    <div className="stack">
      <div className="row">
        <button type="button" className="btn" disabled={status.isFetching} onClick={() => void status.refetch()}>
          {status.isFetching ? 'LOADING...' : 'REFRESH STATUS'}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={operation.isPending}
          onClick={() => run({ kind: 'daily-close' })}
        >
          RUN DAILY CLOSE
        </button>
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="admin-date">DATE (YYYY-MM-DD)</label>
          <input
            id="admin-date"
            className="input"
            placeholder="YYYY-MM-DD"
            inputMode="numeric"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <button type="button" className="btn" disabled={operation.isPending} onClick={() => runForDate('compute')}>
          FORCE COMPUTE
        </button>
        <button type="button" className="btn" disabled={operation.isPending} onClick={() => runForDate('open')}>
          ENSURE/OPEN
        </button>
      </div>
      <ConfirmDialog
        open={computeDate !== null}
        onOpenChange={(open) => {
          if (!open) setComputeDate(null);
        }}
        title="FORCE COMPUTE?"
        description={`Close the game of ${computeDate ?? ''} now and compute its result? Nobody can pick in it afterwards, and this cannot be undone.`}
        confirmLabel="FORCE COMPUTE"
        destructive
        onConfirm={() => {
          if (computeDate !== null) run({ kind: 'compute', date: computeDate });
          setComputeDate(null);
        }}
      />
      {alert !== null && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      {statusAlert !== null && (
        <p className="alert" role="alert">
          {statusAlert}
        </p>
      )}
      {lastResult !== undefined && (
        <section aria-labelledby="admin-last-result">
          <h3 id="admin-last-result" className="card-title">
            LAST RESULT
          </h3>
          <pre className="admin-raw" tabIndex={0} aria-labelledby="admin-last-result">
            {JSON.stringify(lastResult, null, 2)}
          </pre>
        </section>
      )}
      {mail !== null && (
        <section className="card" aria-labelledby="admin-mail-title">
          <h3 id="admin-mail-title" className="card-title">
            MAIL
          </h3>
          <dl className="admin-mail">
            <div>
              <dt>WAITING</dt>
              <dd>{mail.backlog}</dd>
            </div>
            <div>
              <dt>FAILED</dt>
              <dd>{mail.failed}</dd>
            </div>
          </dl>
          {mail.delivery === 'off' && <p className="muted">SMTP_URL is not set: mails wait in the outbox.</p>}
          {mail.failed > 0 && <p className="muted">See the failed mails with: lowest mail list --failed</p>}
        </section>
      )}
      <section aria-labelledby="admin-status-title">
        <h3 id="admin-status-title" className="card-title">
          STATUS
        </h3>
        {status.data === undefined ? (
          <p className="muted">
            {status.isLoading ? 'Loading status...' : 'No status loaded. Click Refresh Status to load admin data.'}
          </p>
        ) : (
          <pre className="admin-raw" tabIndex={0} aria-labelledby="admin-status-title">
            {JSON.stringify(status.data, null, 2)}
          </pre>
        )}
      </section>
    </div>
  );
}
