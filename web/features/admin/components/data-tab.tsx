// DATA: the open game's submissions, paged (spec-2 §2, DATA tab); CLUSTER marks a player linked to many accounts (DESIGN.md §18).
import { useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAdminSubmissions } from '../api/get-admin-submissions.ts';
import { defaultPageSize, isBotUser, pagerView, pageSizeOptions } from '../submissions-pagination.ts';
import { PagerNav } from './pager-nav.tsx';

/** A blank name reads like a missing one. */
function orFallback(value: string | null, fallback: string): string {
  return value === null || value.trim() === '' ? fallback : value;
}

export function DataTab() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(defaultPageSize);
  const submissions = useAdminSubmissions(page, limit);
  const data = submissions.data;
  const pager = data === undefined ? null : pagerView(data.pagination);
  const totalPages = data?.pagination.totalPages ?? 0;
  // After bots are cleared the current page may no longer exist: step back to the last one.
  useEffect(() => {
    if (totalPages >= 1 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  return (
    <div className="stack">
      {data !== undefined && (
        <p className="notice">
          GAME: {data.game.date} · STATUS: {data.game.status.toUpperCase()} · TOTAL SUBMISSIONS:{' '}
          {data.pagination.totalCount}
        </p>
      )}
      <div className="row">
        <div className="field">
          <label htmlFor="data-page-size">Rows per page</label>
          <select
            id="data-page-size"
            className="input"
            value={limit}
            onChange={(event) => {
              setLimit(Number(event.target.value));
              setPage(1);
            }}
          >
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-small"
          disabled={submissions.isFetching}
          onClick={() => void submissions.refetch()}
        >
          {submissions.isFetching ? 'LOADING...' : 'REFRESH'}
        </button>
      </div>
      {submissions.isError && (
        <p className="alert" role="alert">
          {messageOf(submissions.error, 'Failed to load submissions')}
        </p>
      )}
      {data?.submissions.some((submission) => submission.clustered) === true && (
        <p className="muted">
          <span className="badge badge-cluster">CLUSTER</span> the player is linked to 3 or more accounts in this game
          (device, network, referrals or picks): a prize they win waits for an integrity review.
        </p>
      )}
      {submissions.isLoading ? (
        <p role="status">Loading submissions...</p>
      ) : data === undefined ? null : data.submissions.length === 0 ? (
        <p className="muted">No submissions found for the current active game</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Submissions table">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">NUMBER</th>
                <th scope="col">DISPLAY NAME</th>
                <th scope="col">EMAIL</th>
                <th scope="col">USER ID</th>
                <th scope="col">ENTRY TYPE</th>
                <th scope="col">GUILD</th>
                <th scope="col">SUBMITTED AT</th>
              </tr>
            </thead>
            <tbody>
              {data.submissions.map((submission) => (
                <tr key={submission.id}>
                  <td>
                    <strong>{submission.number}</strong>
                  </td>
                  <td>
                    {orFallback(submission.userDisplayName, 'No Name')}{' '}
                    {isBotUser(submission.userId) && <span className="badge">BOT</span>}
                    {submission.clustered && <span className="badge badge-cluster">CLUSTER</span>}
                  </td>
                  <td>{submission.userEmail ?? '—'}</td>
                  <td>
                    <code>{submission.userId ?? '—'}</code>
                  </td>
                  <td>
                    <span className={submission.entryType === 'bonus' ? 'badge badge-accent' : 'badge'}>
                      {submission.entryType === 'bonus' ? 'BONUS' : 'STANDARD'}
                    </span>
                  </td>
                  <td>{orFallback(submission.guildName, 'No Guild')}</td>
                  <td>{formatDateTime(submission.submittedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PagerNav pager={pager} label="Submissions pages" onPage={setPage} />
    </div>
  );
}
