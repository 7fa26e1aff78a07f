// AUDIT: who changed which payout or prize setting, when, from and to which state; newest first, paged,
// filtered by a date range (UTC days) and an admin's e-mail.
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { AUDIT_PAGE_SIZE, useAuditTrail, type AuditFilter } from '../api/get-audit-trail.ts';
import { pagerView } from '../submissions-pagination.ts';
import { PagerNav } from './pager-nav.tsx';

const noFilter: AuditFilter = { from: '', to: '', admin: '' };

export function AuditTab() {
  const [draft, setDraft] = useState<AuditFilter>(noFilter);
  const [filter, setFilter] = useState<AuditFilter>(noFilter);
  const [page, setPage] = useState(1);
  const trail = useAuditTrail(filter, page);
  const data = trail.data;
  const totalPages = data === undefined ? 0 : Math.ceil(data.totalCount / AUDIT_PAGE_SIZE);
  const pager =
    data === undefined
      ? null
      : pagerView({
          page,
          limit: AUDIT_PAGE_SIZE,
          totalCount: data.totalCount,
          totalPages,
          hasPreviousPage: page > 1,
          hasNextPage: page < totalPages,
        });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
    setPage(1);
  };

  return (
    <div className="stack">
      <form className="row" onSubmit={apply} aria-label="Audit filter">
        <div className="field">
          <label htmlFor="audit-from">From (UTC)</label>
          <input
            id="audit-from"
            className="input"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-to">To (UTC)</label>
          <input
            id="audit-to"
            className="input"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-admin">Admin e-mail</label>
          <input
            id="audit-admin"
            className="input"
            type="email"
            value={draft.admin}
            onChange={(e) => setDraft({ ...draft, admin: e.target.value })}
          />
        </div>
        <button type="submit" className="btn btn-small">
          FILTER
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={trail.isFetching}
          onClick={() => void trail.refetch()}
        >
          {trail.isFetching ? 'LOADING...' : 'REFRESH'}
        </button>
      </form>
      {trail.isError && (
        <p className="alert" role="alert">
          {messageOf(trail.error, 'Failed to load the audit trail')}
        </p>
      )}
      {data !== undefined && <p className="notice">RECORDS: {data.totalCount}</p>}
      {trail.isLoading ? (
        <p role="status">Loading the audit trail...</p>
      ) : data === undefined ? null : data.records.length === 0 ? (
        <p className="muted">No payout decision or prize change matches.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Audit trail">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">WHEN</th>
                <th scope="col">ADMIN</th>
                <th scope="col">WHAT</th>
                <th scope="col">FROM</th>
                <th scope="col">TO</th>
                <th scope="col">NOTE</th>
                <th scope="col">REFERENCE</th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((record) => (
                <tr key={record.id}>
                  <td>{formatDateTime(record.at)}</td>
                  <td>{record.adminName ?? <code>{record.adminId}</code>}</td>
                  <td>{record.subject}</td>
                  <td>{record.fromState ?? '—'}</td>
                  <td>{record.toState ?? '—'}</td>
                  <td>{record.note ?? '—'}</td>
                  <td>{record.reference ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PagerNav pager={pager} label="Audit pages" onPage={setPage} />
    </div>
  );
}
