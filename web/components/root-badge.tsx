// The statistics screen's line about a closed game's commitment: the root's first 12 characters and a
// VERIFY link to the page that checks it.
import { Link } from 'react-router';
import { verifyForGame } from '../lib/paths.ts';

export function RootBadge({ gameKey, root }: { gameKey: string; root: string | null }) {
  return (
    <p className="row">
      <span className="badge">ROOT</span>
      <code title={root ?? undefined} aria-label={root === null ? 'No fairness root' : `Fairness root ${root}`}>
        {root === null ? 'none (closed before receipts existed)' : root.slice(0, 12)}
      </code>
      <Link className="btn btn-small" to={verifyForGame(gameKey)}>
        VERIFY
      </Link>
    </p>
  );
}
